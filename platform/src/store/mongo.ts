/**
 * The MongoDB Store, on the native driver under a mongoose connection: one Mongo collection per store
 * collection holding `{ _id, _v, ...fields }`, plus `_outbox`, `_inbox` and `_counters`.
 *
 * `commit` runs in a multi-document transaction (`session.withTransaction`), which MongoDB only offers on a
 * replica set or sharded cluster: a standalone mongod rejects it. Compose runs a single-node replica set
 * (`--replSet rs0` plus `rs.initiate()`), which is enough. Concurrent transactions that touch the same
 * document hit a WriteConflict, which withTransaction retries; the retry then sees the other writer's
 * version, so an expectedVersion check fails with VersionConflictError as it does in SQLite.
 *
 * Outbox order: every publishing transaction increments one counter document, so publishing transactions
 * serialize on it and a seq is visible only after every smaller seq has committed. The relay can therefore
 * read pending events in seq order without skipping one that commits late.
 *
 * Unique indexes are partial (`$exists: true` on each field): a document without the field is not
 * indexed, as in SQLite, where NULLs never collide.
 */
import mongoose, { type mongo } from "mongoose";
import type { EventEnvelope } from "../bus/port.ts";
import { assertCollectionName, assertFieldName, assertPaging, bodyOf, parseFilter, parseSort } from "./filter.ts";
import {
  type Collection,
  type Doc,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type IndexSpec,
  NotFoundError,
  type OutboxEntry,
  type Store,
  VersionConflictError,
  type WriteOp,
} from "./port.ts";

type Stored = { _id: string; _v: number } & Record<string, unknown>;
type OutboxRow = { _id: number; event: EventEnvelope; relayed: boolean; source?: string };
type InboxRow = { consumer: string; eventId: string; at: Date };
type CounterRow = { _id: string; seq: number };

const OUTBOX = "_outbox";
const INBOX = "_inbox";
const COUNTERS = "_counters";
const RELAYED_KEPT = 1000;

const noop = () => {};

/** Documents and events go through JSON so both adapters store exactly the same values. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

function isDuplicateKey(err: unknown): boolean {
  return err instanceof mongoose.mongo.MongoServerError && err.code === 11000;
}

function toFilter(filter?: Filter): mongo.Filter<Stored> {
  const out: Record<string, unknown> = {};
  for (const { field, anyOf } of parseFilter(filter)) out[field] = anyOf.length === 1 ? anyOf[0] : { $in: anyOf };
  return out as mongo.Filter<Stored>;
}

function toDoc<T extends Doc>(stored: Stored): T {
  const { _id, _v, ...rest } = stored;
  return { _id, _v, ...rest } as unknown as T;
}

/** Replaces the whole document and bumps `_v` in one server-side step; $literal keeps "$..." values inert. */
function replacement(id: string, body: Record<string, unknown>): mongo.Document[] {
  return [{ $replaceWith: { $mergeObjects: [{ $literal: body }, { _id: { $literal: id }, _v: { $add: [{ $ifNull: ["$_v", 0] }, 1] } }] } }];
}

function assertId(id: unknown, collection: string): asserts id is string {
  if (typeof id !== "string" || id === "") throw new TypeError(`documents in ${collection} need a non-empty string _id`);
}

class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly store: MongoStore,
  ) {}

  private async raw(): Promise<mongo.Collection<Stored>> {
    return this.store.raw(this.name);
  }

  async get(id: string): Promise<T | null> {
    const found = await (await this.raw()).findOne({ _id: id });
    return found ? toDoc<T>(found as Stored) : null;
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  async find(filter?: Filter, options: FindOptions = {}): Promise<T[]> {
    assertPaging(options);
    if (options.limit === 0) return [];
    const sort = Object.fromEntries(parseSort(options)) as Record<string, 1 | -1>;
    // Ties in id order, as the SQLite adapter does, so pages are stable.
    if (!("_id" in sort)) sort._id = 1;
    let cursor = (await this.raw()).find(toFilter(filter)).sort(sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()).map((d) => toDoc<T>(d as Stored));
  }

  async count(filter?: Filter): Promise<number> {
    return (await this.raw()).countDocuments(toFilter(filter));
  }
}

/** How long an operation waits for a MongoDB server to select before it fails as unavailable. */
const SERVER_SELECTION_MS = 1_000;

export class MongoStore implements Store {
  private readonly db: mongo.Db;
  /** Per collection: created, with its declared indexes built. Commits and reads wait for it. */
  private readonly ready = new Map<string, Promise<void>>();
  private readonly indexes = new Map<string, IndexSpec[]>();
  private readonly collections = new Map<string, MongoCollection<Doc>>();
  private readonly listeners: (() => void)[] = [];
  private readonly outbox: mongo.Collection<OutboxRow>;
  private readonly inbox: mongo.Collection<InboxRow>;
  private readonly counters: mongo.Collection<CounterRow>;

  /**
   * Connects and prepares the outbox, inbox and counters. The URL's path names the database, unless dbName does.
   * An operation that finds no server gives up after a second (the driver's default waits 30 s): the request
   * answers 503 with Retry-After at once, as with the cache's Redis, instead of hanging while MongoDB is down or
   * electing a primary (platform/src/unavailable.ts); a process's start is retried meanwhile.
   */
  static async connect(url: string, options: { dbName?: string } = {}): Promise<MongoStore> {
    const connection = await mongoose.createConnection(url, { serverSelectionTimeoutMS: SERVER_SELECTION_MS, ...options }).asPromise();
    const store = new MongoStore(connection);
    try {
      await store.init();
    } catch (err) {
      await connection.close();
      throw err;
    }
    return store;
  }

  private constructor(private readonly connection: mongoose.Connection) {
    if (!connection.db) throw new Error("MongoDB connection is not open");
    this.db = connection.db;
    this.outbox = this.db.collection<OutboxRow>(OUTBOX);
    this.inbox = this.db.collection<InboxRow>(INBOX);
    this.counters = this.db.collection<CounterRow>(COUNTERS);
  }

  private async init(): Promise<void> {
    // Collections are created up front: creating one inside a transaction has restrictions.
    for (const name of [OUTBOX, INBOX, COUNTERS]) await this.ensureCollection(name);
    await this.outbox.createIndex({ relayed: 1, _id: 1 }, { name: "pending" });
    await this.inbox.createIndex({ consumer: 1, eventId: 1 }, { name: "consumer_event", unique: true });
  }

  private async ensureCollection(name: string): Promise<void> {
    try {
      await this.db.createCollection(name);
    } catch (err) {
      // 48 NamespaceExists: another replica, or an earlier run, created it.
      if (!(err instanceof mongoose.mongo.MongoServerError && err.code === 48)) throw err;
    }
  }

  collection<T extends Doc>(name: string, indexes: IndexSpec[] = []): Collection<T> {
    assertCollectionName(name);
    for (const index of indexes) {
      if (index.fields.length === 0) throw new Error(`index on ${name} needs at least one field`);
      index.fields.forEach(assertFieldName);
    }
    this.indexes.set(name, [...(this.indexes.get(name) ?? []), ...indexes]);
    void this.prepare(name);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MongoCollection<Doc>(name, this);
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  /** Creates the collection and every index declared for it, after any preparation already under way. */
  private prepare(name: string): Promise<void> {
    const previous = this.ready.get(name)?.catch(noop) ?? Promise.resolve();
    const ready = previous.then(async () => {
      await this.ensureCollection(name);
      for (const index of this.indexes.get(name) ?? []) await this.createIndex(name, index);
    });
    // Handled here so a failure is not an unhandled rejection; the next use of the collection awaits it.
    ready.catch(noop);
    this.ready.set(name, ready);
    return ready;
  }

  /** The driver collection, once it exists with its declared indexes. */
  async raw(name: string): Promise<mongo.Collection<Stored>> {
    assertCollectionName(name);
    const ready = this.ready.get(name) ?? this.prepare(name);
    try {
      await ready;
    } catch (err) {
      // Not remembered: the next use tries again (the server may have been unreachable for a moment).
      if (this.ready.get(name) === ready) this.ready.delete(name);
      throw err;
    }
    return this.db.collection<Stored>(name);
  }

  async commit(ops: WriteOp[]): Promise<void> {
    if (ops.length === 0) return;
    const names = new Set(ops.flatMap((op) => ("collection" in op ? [op.collection] : [])));
    const collections = new Map<string, mongo.Collection<Stored>>();
    for (const name of names) collections.set(name, await this.raw(name));
    const published = ops.filter((op) => op.op === "publish").length;
    const session = this.connection.getClient().startSession();
    try {
      // The callback may run more than once (transient errors are retried), so it derives everything anew.
      await session.withTransaction(
        async () => {
          let seq = 0;
          if (published > 0) {
            const counter = await this.counters.findOneAndUpdate(
              { _id: "outbox" },
              { $inc: { seq: published } },
              { upsert: true, returnDocument: "after", session },
            );
            seq = (counter?.seq ?? published) - published;
          }
          for (const op of ops) {
            if (op.op === "publish")
              await this.outbox.insertOne(
                { _id: ++seq, event: plain(op.event), relayed: false, ...(op.source ? { source: op.source } : {}) },
                { session },
              );
            else await this.apply(op, collections, session);
          }
        },
        { writeConcern: { w: "majority" } },
      );
    } finally {
      await session.endSession();
    }
    if (published > 0) this.notify();
  }

  private async apply(
    op: Exclude<WriteOp, { op: "publish" }>,
    collections: Map<string, mongo.Collection<Stored>>,
    session: mongo.ClientSession,
  ): Promise<void> {
    if (op.op === "inbox") {
      try {
        await this.inbox.insertOne({ consumer: op.consumer, eventId: op.eventId, at: new Date() }, { session });
      } catch (err) {
        if (isDuplicateKey(err)) throw new DuplicateKeyError("inbox", `${op.consumer}/${op.eventId}`);
        throw err;
      }
      return;
    }
    const coll = collections.get(op.collection) as mongo.Collection<Stored>;
    const name = op.collection;
    try {
      switch (op.op) {
        case "insert": {
          assertId(op.doc._id, name);
          await coll.insertOne({ ...bodyOf(plain({ ...op.doc })), _id: op.doc._id, _v: 1 }, { session });
          return;
        }
        case "replace": {
          const id = op.doc._id;
          assertId(id, name);
          const filter = op.expectedVersion === undefined ? { _id: id } : { _id: id, _v: op.expectedVersion };
          const result = await coll.updateOne(filter, replacement(id, bodyOf(plain({ ...op.doc }))), { session });
          if (result.matchedCount === 0) await this.explainMiss(coll, name, id, session);
          return;
        }
        case "upsert": {
          assertId(op.doc._id, name);
          await coll.updateOne({ _id: op.doc._id }, replacement(op.doc._id, bodyOf(plain({ ...op.doc }))), { upsert: true, session });
          return;
        }
        case "delete": {
          const filter = op.expectedVersion === undefined ? { _id: op.id } : { _id: op.id, _v: op.expectedVersion };
          const result = await coll.deleteOne(filter, { session });
          if (result.deletedCount === 0) await this.explainMiss(coll, name, op.id, session);
          return;
        }
        default:
          throw new Error(`unknown write op ${(op as { op: string }).op}`);
      }
    } catch (err) {
      if (isDuplicateKey(err)) throw new DuplicateKeyError(name, (err as Error).message);
      throw err;
    }
  }

  /** A conditional write matched nothing: the document is gone, or its version moved on. */
  private async explainMiss(coll: mongo.Collection<Stored>, name: string, id: string, session: mongo.ClientSession): Promise<never> {
    const exists = await coll.countDocuments({ _id: id }, { session, limit: 1 });
    throw exists ? new VersionConflictError(name, id) : new NotFoundError(name, id);
  }

  private async createIndex(name: string, index: IndexSpec): Promise<void> {
    const keys = Object.fromEntries(index.fields.map((f) => [f, 1 as const]));
    const indexName = `${index.fields.join("__")}${index.unique ? "__unique" : ""}`;
    const partial = index.unique ? { partialFilterExpression: Object.fromEntries(index.fields.map((f) => [f, { $exists: true }])) } : {};
    await this.db.collection(name).createIndex(keys, { name: indexName, unique: index.unique ?? false, ...partial });
  }

  async pendingEvents(limit: number, sources?: readonly string[]): Promise<OutboxEntry[]> {
    const of = sources ? { $or: [{ source: { $in: [...sources] } }, { source: { $exists: false } }] } : {};
    const rows = await this.outbox
      .find({ relayed: false, ...of })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return rows.map((r) => ({ seq: r._id, event: r.event }));
  }

  async markRelayed(seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    await this.outbox.updateMany({ _id: { $in: seqs } }, { $set: { relayed: true } });
    await this.outbox.deleteMany({ relayed: true, _id: { $lte: Math.max(...seqs) - RELAYED_KEPT } });
  }

  async handled(consumer: string, eventId: string): Promise<boolean> {
    return (await this.inbox.countDocuments({ consumer, eventId }, { limit: 1 })) > 0;
  }

  onCommit(listener: () => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.listeners.length = 0;
    await this.connection.close();
  }

  private notify(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // A listener's failure must not turn a committed batch into a rejected commit.
      }
    }
  }
}
