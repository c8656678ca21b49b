/**
 * The Bus port: events between services. Delivery is at-least-once in every adapter, so handlers must be
 * idempotent (see Inbox in the Store port). One key's events are delivered in order (Kafka partition key).
 */
export interface EventEnvelope<P = unknown> {
  /** unique id; consumers de-duplicate on it */
  id: string;
  /** the topic, e.g. 'portfolio.saved' */
  type: string;
  version: number;
  /** ISO timestamp */
  occurredAt: string;
  /** ordering key: the owning user or the ticker */
  key: string;
  payload: P;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** attempts before the event goes to `<type>.dlq`; default 5 */
  maxAttempts?: number;
  /** first retry delay, doubled each attempt; default 100 ms */
  backoffMs?: number;
}

export interface Bus {
  /** Publishes events; resolves once the bus has accepted all of them. */
  publish(events: EventEnvelope[]): Promise<void>;
  /**
   * Registers a consumer group for some event types. Members of one group share the events (each event
   * to one member); every group gets every event. A handler that keeps throwing sends the event to
   * `<type>.dlq` after maxAttempts. Call before start().
   */
  subscribe(group: string, types: readonly string[], handler: EventHandler, options?: SubscribeOptions): void;
  /** Connects and starts consuming. */
  start(): Promise<void>;
  close(): Promise<void>;
  /**
   * What this process's consumers hold now, by group and topic: the partitions a broker assigned them (the
   * readiness probe reports it; replicas of a service split them). Absent in the in-process bus.
   */
  assignments?(): Record<string, Record<string, number[]>>;
}

export const dlqTopic = (type: string): string => `${type}.dlq`;
