/**
 * What accounts publishes (through the outbox, in the same commit as the change): account.registered and
 * account.updated, keyed by uid so one user's events stay in order. What it consumes is in consumers.ts.
 */
import { envelope } from "@folio/platform/ids";
import type { WriteOp } from "@folio/platform/store/port";
import type { EventPayload, EventType } from "@folio/proto/events";
import type { UserDoc } from "./store.ts";

function publish<T extends EventType>(type: T, key: string, payload: EventPayload<T>, now: number): WriteOp {
  return { op: "publish", event: envelope(type, key, payload, now) };
}

export const accountRegistered = (user: UserDoc, referrer: string | null, now: number): WriteOp =>
  publish("account.registered", user._id, { uid: user._id, email: user.email, displayName: user.displayName, referrer }, now);

export const accountUpdated = (user: UserDoc, now: number): WriteOp =>
  publish("account.updated", user._id, { uid: user._id, displayName: user.displayName, username: user.username ?? null }, now);
