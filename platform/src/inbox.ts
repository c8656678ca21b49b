/**
 * Idempotent consumers: an event's effect and its inbox mark commit together, so a redelivered event
 * (at-least-once buses) finds the mark and changes nothing.
 */
import type { EventEnvelope } from "./bus/port.ts";
import { type Doc, DuplicateKeyError, NotFoundError, type Store, VersionConflictError, type WriteOp } from "./store/port.ts";

/** Reads and writes again this many times when another handler changed the same documents meanwhile. */
export const CONFLICT_ATTEMPTS = 10;

/**
 * Runs `work` unless `consumer` already handled `event`, then commits its writes with the inbox mark.
 * When two deliveries race past the `handled` check, the inbox's unique key lets one commit; the other's
 * DuplicateKeyError is swallowed because its effect already happened.
 *
 * Handlers of different partitions run at the same time (in one process and across replicas), and events of
 * one document may come from different topics: `work` reads, then writes with `writeOver` (a version check),
 * and a write that lost that race (VersionConflictError, or DuplicateKeyError on an insert) reads and
 * computes again here after a short random pause (NotFoundError: it was deleted meanwhile), up to
 * CONFLICT_ATTEMPTS. Any other error propagates, so the bus retries the event.
 */
export async function handleOnce(store: Store, consumer: string, event: EventEnvelope, work: () => Promise<WriteOp[]>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await store.handled(consumer, event.id)) return;
    const ops = await work();
    try {
      await store.commit([...ops, { op: "inbox", consumer, eventId: event.id }]);
      return;
    } catch (err) {
      // The duplicate may come from one of `ops` (a collection could even be called "inbox"); only an inbox
      // mark that is now present proves another delivery won.
      if (err instanceof DuplicateKeyError && (await store.handled(consumer, event.id))) return;
      // the document changed, appeared or went since `work` read it
      const lostRace = err instanceof VersionConflictError || err instanceof DuplicateKeyError || err instanceof NotFoundError;
      if (!lostRace || attempt >= CONFLICT_ATTEMPTS) throw err;
      // the writers that raced are about to race again: a short pause, random and growing, spreads them out
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

/**
 * The write that puts `next` where `current` was read: an insert when there was none, else a replace that
 * fails if the document changed since (its version), so a read-modify-write never overwrites another's.
 */
export function writeOver<T extends Doc>(collection: string, current: T | null, next: T): WriteOp {
  const { _v, ...doc } = next;
  return current ? { op: "replace", collection, doc, expectedVersion: current._v } : { op: "insert", collection, doc };
}
