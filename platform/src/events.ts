/**
 * Events as services see them: typed by the one event map in proto (`EventPayloads`) and checked against it
 * in exactly two places, both here: when a service writes an event to its outbox (`publishOp`: a payload
 * consumers would reject fails the publisher's request or job, before anything is committed) and before any
 * handler runs (`consumer`: a payload that does not match is a publisher's bug; the handler never sees it,
 * and the bus retries then dead-letters the event). Service code therefore never casts a payload.
 */
import { type EventPayload, EventPayloads, type EventType } from "@folio/proto/events";
import type { EventEnvelope, EventHandler, SubscribeOptions } from "./bus/port.ts";
import { lazyCheck } from "./check.ts";
import { envelope } from "./ids.ts";
import type { WriteOp } from "./store/port.ts";

export type { EventPayload, EventType };

/** An event of one of the types `T`, its payload typed by its type (a discriminated union on `type`). */
export type Event<T extends EventType = EventType> = { [K in T]: EventEnvelope<EventPayload<K>> & { type: K } }[T];

const validators = new Map(Object.entries(EventPayloads).map(([type, schema]) => [type, lazyCheck(schema)]));

export const isEventType = (type: string): type is EventType => validators.has(type);

/** A payload that does not match its event type's schema, or an event type nobody declared. */
export class InvalidEventError extends Error {
  constructor(type: string, detail: string) {
    super(`invalid ${type} event: ${detail}`);
    this.name = "InvalidEventError";
  }
}

/** The payload, checked against its type's schema. */
export function checkPayload<T extends EventType>(type: T, payload: unknown): EventPayload<T> {
  const validator = validators.get(type);
  if (!validator) throw new InvalidEventError(type, "unknown event type");
  if (!validator.Check(payload)) {
    const first = [...validator.Errors(payload)][0];
    throw new InvalidEventError(type, first ? `${first.instancePath || "payload"} ${first.message}` : "payload does not match");
  }
  return payload as EventPayload<T>;
}

/** The outbox write that publishes an event once the commit it is part of succeeds. */
export function publishOp<T extends EventType>(type: T, key: string, payload: EventPayload<T>, now: number): WriteOp {
  return { op: "publish", event: envelope(type, key, checkPayload(type, payload), now) };
}

/** A delivered envelope as a typed event, when it is one of `types` and its payload matches. */
export function checkEvent<T extends EventType>(event: EventEnvelope, types: readonly T[]): Event<T> {
  if (!(types as readonly string[]).includes(event.type)) throw new InvalidEventError(event.type, `not one of ${types.join(", ")}`);
  checkPayload(event.type as T, event.payload);
  return event as unknown as Event<T>;
}

const checked: unique symbol = Symbol("checked consumer");

/**
 * What a service consumes: event types (its consumer group is the service's name) and the handler. Made only
 * by `consumer()`, so every handler the host subscribes receives checked, typed events.
 */
export interface Consumer {
  readonly types: readonly string[];
  readonly handle: EventHandler;
  readonly options?: SubscribeOptions;
  readonly [checked]: true;
}

export function consumer<T extends EventType>(
  types: readonly T[],
  handle: (event: Event<T>) => Promise<void>,
  options?: SubscribeOptions,
): Consumer {
  if (types.length === 0) throw new Error("a consumer needs at least one event type");
  return { types, handle: async (event) => handle(checkEvent(event, types)), options, [checked]: true };
}
