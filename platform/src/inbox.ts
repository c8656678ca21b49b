/**
 * Idempotent consumers: an event's effect and its inbox mark commit together, so a redelivered event
 * (at-least-once buses) finds the mark and changes nothing.
 */
import type { EventEnvelope } from "./bus/port.ts";
import { DuplicateKeyError, type Store, type WriteOp } from "./store/port.ts";

/**
 * Runs `work` unless `consumer` already handled `event`, then commits its writes with the inbox mark.
 * When two deliveries race past the `handled` check, the inbox's unique key lets one commit; the other's
 * DuplicateKeyError is swallowed because its effect already happened. Any other error propagates, so the
 * bus retries the event.
 */
export async function handleOnce(store: Store, consumer: string, event: EventEnvelope, work: () => Promise<WriteOp[]>): Promise<void> {
  if (await store.handled(consumer, event.id)) return;
  const ops = await work();
  try {
    await store.commit([...ops, { op: "inbox", consumer, eventId: event.id }]);
  } catch (err) {
    // The duplicate may come from one of `ops` (a collection could even be called "inbox"); only an inbox
    // mark that is now present proves another delivery won.
    if (err instanceof DuplicateKeyError && (await store.handled(consumer, event.id))) return;
    throw err;
  }
}
