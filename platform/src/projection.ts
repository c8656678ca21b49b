/**
 * A read model fed by events: each event maps to one document (by id) that `apply` rewrites. Runs once per
 * event (inbox) and in the same commit as the inbox mark, so a redelivered event changes nothing; the write
 * checks the version it read, so two events of one document handled at once both count (inbox.ts).
 */
import type { Event, EventType } from "./events.ts";
import { handleOnce, writeOver } from "./inbox.ts";
import type { Collection, Doc, Store, WriteOp } from "./store/port.ts";

export interface ProjectionSpec<T extends Doc, E extends EventType> {
  /** inbox name: unique per service and projection */
  consumer: string;
  collection: Collection<T>;
  /** which document an event touches */
  idOf: (event: Event<E>) => string;
  /** the new document, null to delete it, undefined to leave it as it is */
  apply: (event: Event<E>, current: T | null) => T | null | undefined;
}

/** The handler of a projection; pass it to events.ts `consumer()` with the event types it reads. */
export function projection<T extends Doc, E extends EventType>(
  store: Store,
  spec: ProjectionSpec<T, E>,
): (event: Event<E>) => Promise<void> {
  return (event) =>
    handleOnce(store, spec.consumer, event, async () => {
      const id = spec.idOf(event);
      const current = await spec.collection.get(id);
      const next = spec.apply(event, current);
      if (next === undefined) return [];
      if (next === null)
        return current ? ([{ op: "delete", collection: spec.collection.name, id, expectedVersion: current._v }] as WriteOp[]) : [];
      return [writeOver(spec.collection.name, current, { ...next, _id: id })];
    });
}
