/**
 * The Store port: document collections owned by one service each, plus the outbox and inbox that make
 * events reliable. Writes go through `commit`, which applies a batch atomically (an SQLite transaction, a
 * MongoDB transaction): a state change and the events it publishes are written together, so a crash between
 * them loses neither; an inbox mark in the same batch makes a consumer's effect happen once.
 */
import type { EventEnvelope } from "../bus/port.ts";

/** Every stored document has a string id and a version the store maintains (starts at 1). */
export interface Doc {
  _id: string;
  _v?: number;
}

export interface IndexSpec {
  /** top-level field names */
  fields: string[];
  unique?: boolean;
}

export interface FindOptions {
  /** field → 1 ascending, -1 descending */
  sort?: Record<string, 1 | -1>;
  limit?: number;
  skip?: number;
}

/** Equality on top-level fields; `{ field: { $in: [...] } }` matches any of the values. */
export type Filter = Record<string, unknown>;

export interface Collection<T extends Doc> {
  readonly name: string;
  get(id: string): Promise<T | null>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
}

export type WriteOp =
  /** fails with DuplicateKeyError when the id or a unique index is taken */
  | { op: "insert"; collection: string; doc: Doc }
  /** replaces a document; with expectedVersion, fails with VersionConflictError if it changed */
  | { op: "replace"; collection: string; doc: Doc; expectedVersion?: number }
  /** insert or replace, no version check */
  | { op: "upsert"; collection: string; doc: Doc }
  | { op: "delete"; collection: string; id: string; expectedVersion?: number }
  /** an event to relay to the bus after the commit; `source` is the publishing service (scope.ts sets it) */
  | { op: "publish"; event: EventEnvelope; source?: string }
  /** marks an event handled by a consumer; fails with DuplicateKeyError if it already was */
  | { op: "inbox"; consumer: string; eventId: string };

export interface OutboxEntry {
  seq: number;
  event: EventEnvelope;
}

export interface Store {
  /** Declares (and on first use creates) a collection with its indexes. */
  collection<T extends Doc>(name: string, indexes?: IndexSpec[]): Collection<T>;
  /** Applies all ops atomically: all or none. */
  commit(ops: WriteOp[]): Promise<void>;
  /**
   * Events committed but not yet relayed, oldest first. With `sources`, only those the named services
   * published (and any written without a source): a process relays its own services' outbox, even when
   * the store is shared with other services' processes.
   */
  pendingEvents(limit: number, sources?: readonly string[]): Promise<OutboxEntry[]>;
  /** Marks relayed events so they are not sent again. */
  markRelayed(seqs: number[]): Promise<void>;
  /** Whether a consumer already handled an event. */
  handled(consumer: string, eventId: string): Promise<boolean>;
  /** Called after each successful commit that published events (the relay listens to flush at once). */
  onCommit(listener: () => void): void;
  close(): Promise<void>;
}

export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly detail = "",
  ) {
    super(`duplicate key in ${collection}${detail ? `: ${detail}` : ""}`);
    this.name = "DuplicateKeyError";
  }
}

export class VersionConflictError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`version conflict on ${collection}/${id}`);
    this.name = "VersionConflictError";
  }
}

/** A replace or delete of a document that does not exist. */
export class NotFoundError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`not found: ${collection}/${id}`);
    this.name = "NotFoundError";
  }
}
