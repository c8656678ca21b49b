/**
 * What accounts publishes (through the outbox, in the same commit as the change): account.registered and
 * account.updated, keyed by uid so one user's events stay in order, and, for one release, the achievement
 * progress it hands over (achievements-hand-over.ts). It consumes nothing.
 */
import { publishOp } from "@folio/platform/events";
import type { WriteOp } from "@folio/platform/store/port";
import type { AchievementDoc, UserDoc } from "./store.ts";

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

/** One user's stored progress, handed over to the achievements service (the commit deletes the document). */
export const achievementsHandedOver = (doc: AchievementDoc, now: number): WriteOp =>
  publishOp("achievements.progress.handed-over", doc._id, { uid: doc._id, state: doc.state, facts: [...doc.facts] }, now);
