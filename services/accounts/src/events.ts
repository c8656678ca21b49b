/**
 * What accounts publishes (through the outbox, in the same commit as the change): account.registered and
 * account.updated, keyed by uid so one user's events stay in order. What it consumes is in consumers.ts.
 */
import { publishOp } from "@folio/platform/events";
import type { WriteOp } from "@folio/platform/store/port";
import type { UserDoc } from "./store.ts";

export const accountRegistered = (user: UserDoc, referrer: string | null, now: number): WriteOp =>
  publishOp("account.registered", user._id, { uid: user._id, email: user.email, displayName: user.displayName, referrer }, now);

export const accountUpdated = (user: UserDoc, now: number): WriteOp =>
  publishOp(
    "account.updated",
    user._id,
    {
      uid: user._id,
      displayName: user.displayName,
      username: user.username ?? null,
      ...(user.baseCurrency ? { baseCurrency: user.baseCurrency } : {}),
    },
    now,
  );
