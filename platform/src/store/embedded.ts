/**
 * The embedded Store: one SQLite file (better-sqlite3), one table per collection holding
 * (id, v, doc JSON), indexes on json_extract expressions, plus the outbox and inbox tables.
 *
 * Durability: WAL with synchronous=NORMAL. A commit is appended to the WAL with write() before
 * `commit()` resolves, so it survives the process dying at any point after that (SIGKILL, crash, OOM):
 * the OS holds the pages and the next open replays the WAL. Only an OS crash or power loss can lose the
 * last few commits (the WAL is fsynced at checkpoints, not per commit), and never leaves the file corrupt.
 *
 * better-sqlite3 is synchronous, which is why the port batches writes: `commit` is one SQLite
 * transaction, so a batch is atomic and two batches never interleave.
 */
import Database from "better-sqlite3";
import {
  assertCollectionName,
  assertFieldName,
  assertPaging,
  bodyOf,
  type Condition,
  parseFilter,
  parseSort,
  type Scalar,
} from "./filter.ts";
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

interface Row {
  id: string;
  v: number;
  doc: string;
}

interface TableStatements {
  get: Database.Statement<[string], Row>;
  version: Database.Statement<[string], { v: number }>;
  insert: Database.Statement<[string, string]>;
  update: Database.Statement<[number, string, string]>;
  upsert: Database.Statement<[string, string]>;
  delete: Database.Statement<[string]>;
}

/** Relayed outbox rows kept for inspection; older ones are pruned. */
const RELAYED_KEPT = 1000;
/** Distinct find/count queries whose prepared statements are kept. */
const QUERY_CACHE_SIZE = 500;

const jsonPath = (field: string): string => `'$.${field}'`;

/** The SQL expression for a top-level field: the id and version live in their own columns. */
function fieldExpr(field: string): string {
  if (field === "_id") return "id";
  if (field === "_v") return "v";
  return `json_extract(doc, ${jsonPath(field)})`;
}

/**
 * A condition as SQL. json_extract turns JSON true/false into 1/0 and returns arrays and objects as text,
 * so a json_type check keeps `true` from matching 1 and "[...]" from matching an array; the json_extract
 * term comes first so the expression index is still used.
 */
function conditionSql(cond: Condition, params: unknown[]): string {
  const { field, anyOf } = cond;
  const expr = fieldExpr(field);
  if (field === "_id" || field === "_v") {
    const wanted = anyOf.filter((v) => typeof v === (field === "_id" ? "string" : "number"));
    if (wanted.length === 0) return "0";
    params.push(...wanted);
    return `${expr} IN (${wanted.map(() => "?").join(", ")})`;
  }
  const type = `json_type(doc, ${jsonPath(field)})`;
  const strings = anyOf.filter((v): v is string => typeof v === "string");
  const numbers = anyOf.filter((v): v is number => typeof v === "number");
  const parts: string[] = [];
  const inList = (values: Scalar[]) => {
    params.push(...values);
    return `${expr} IN (${values.map(() => "?").join(", ")})`;
  };
  if (strings.length) parts.push(`(${inList(strings)} AND ${type} = 'text')`);
  if (numbers.length) parts.push(`(${inList(numbers)} AND ${type} IN ('integer', 'real'))`);
  if (anyOf.includes(true)) parts.push(`(${expr} = 1 AND ${type} = 'true')`);
  if (anyOf.includes(false)) parts.push(`(${expr} = 0 AND ${type} = 'false')`);
  if (anyOf.includes(null)) parts.push(`${expr} IS NULL`);
  if (parts.length === 0) return "0";
  return parts.length === 1 ? parts[0] : `(${parts.join(" OR ")})`;
}

function whereSql(filter: Filter | undefined, params: unknown[]): string {
  const conds = parseFilter(filter);
  return conds.length ? ` WHERE ${conds.map((c) => conditionSql(c, params)).join(" AND ")}` : "";
}

function toDoc<T extends Doc>(row: Row): T {
  return { _id: row.id, _v: row.v, ...JSON.parse(row.doc) } as T;
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Database.SqliteError && (err.code === "SQLITE_CONSTRAINT_UNIQUE" || err.code === "SQLITE_CONSTRAINT_PRIMARYKEY");
}

function assertId(id: unknown, collection: string): asserts id is string {
  if (typeof id !== "string" || id === "") throw new TypeError(`documents in ${collection} need a non-empty string _id`);
}

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly store: EmbeddedStore,
  ) {}

  async get(id: string): Promise<T | null> {
    const row = this.store.statements(this.name).get.get(id);
    return row ? toDoc<T>(row) : null;
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  async find(filter?: Filter, options: FindOptions = {}): Promise<T[]> {
    assertPaging(options);
    if (options.limit === 0) return [];
    const params: unknown[] = [];
    const where = whereSql(filter, params);
    const sort = parseSort(options);
    const order = sort.map(([f, dir]) => `${fieldExpr(f)} ${dir === 1 ? "ASC" : "DESC"}`);
    // Ties come back in id order, as the Mongo adapter does, so pages are stable.
    if (!sort.some(([f]) => f === "_id")) order.push("id ASC");
    params.push(options.limit ?? -1, options.skip ?? 0);
    const sql = `SELECT id, v, doc FROM "${this.name}"${where} ORDER BY ${order.join(", ")} LIMIT ? OFFSET ?`;
    return (this.store.query(sql).all(...params) as Row[]).map((r) => toDoc<T>(r));
  }

  async count(filter?: Filter): Promise<number> {
    const params: unknown[] = [];
    const sql = `SELECT COUNT(*) AS n FROM "${this.name}"${whereSql(filter, params)}`;
    return (this.store.query(sql).get(...params) as { n: number }).n;
  }
}

export class EmbeddedStore implements Store {
  private readonly db: Database.Database;
  private readonly tables = new Map<string, TableStatements>();
  private readonly collections = new Map<string, EmbeddedCollection<Doc>>();
  private readonly queries = new Map<string, Database.Statement>();
  private readonly listeners: (() => void)[] = [];
  private readonly applyBatch: (ops: WriteOp[]) => void;
  private readonly outbox: {
    add: Database.Statement<[string, string | null]>;
    pending: Database.Statement<[number], { seq: number; event: string }>;
    pendingOf: Database.Statement<[string, number], { seq: number; event: string }>;
    markRelayed: Database.Statement<[number]>;
    prune: Database.Statement<[number]>;
  };
  private readonly inbox: {
    add: Database.Statement<[string, string, number]>;
    has: Database.Statement<[string, string], { one: number }>;
  };

  /** `path` is a file (created if missing) or ":memory:". */
  constructor(path: string) {
    this.db = new Database(path);
    // Another process (a CLI, a second replica) may hold the write lock briefly; wait instead of failing. First,
    // so that processes opening one new file at once wait for each other while it turns to WAL.
    this.db.pragma("busy_timeout = 5000");
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    // System tables start with "_", which no collection name can.
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS _outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL, relayed INTEGER NOT NULL DEFAULT 0);
      CREATE INDEX IF NOT EXISTS _outbox_pending ON _outbox (seq) WHERE relayed = 0;
      CREATE TABLE IF NOT EXISTS _inbox (consumer TEXT NOT NULL, event_id TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (consumer, event_id)) WITHOUT ROWID;
    `);
    // the publishing service, recorded since processes sharing a file relay only their own services' events
    const columns = this.db.prepare("SELECT name FROM pragma_table_info('_outbox')").all() as { name: string }[];
    if (!columns.some((c) => c.name === "source")) this.db.exec("ALTER TABLE _outbox ADD COLUMN source TEXT");
    this.outbox = {
      add: this.db.prepare("INSERT INTO _outbox (event, relayed, source) VALUES (?, 0, ?)"),
      pending: this.db.prepare("SELECT seq, event FROM _outbox WHERE relayed = 0 ORDER BY seq LIMIT ?"),
      pendingOf: this.db.prepare(
        "SELECT seq, event FROM _outbox WHERE relayed = 0 AND (source IS NULL OR source IN (SELECT value FROM json_each(?))) ORDER BY seq LIMIT ?",
      ),
      markRelayed: this.db.prepare("UPDATE _outbox SET relayed = 1 WHERE seq = ?"),
      prune: this.db.prepare("DELETE FROM _outbox WHERE relayed = 1 AND seq <= ?"),
    };
    this.inbox = {
      add: this.db.prepare("INSERT INTO _inbox (consumer, event_id, at) VALUES (?, ?, ?)"),
      has: this.db.prepare("SELECT 1 AS one FROM _inbox WHERE consumer = ? AND event_id = ?"),
    };
    this.applyBatch = this.db.transaction((ops: WriteOp[]) => {
      for (const op of ops) this.apply(op);
    });
  }

  collection<T extends Doc>(name: string, indexes: IndexSpec[] = []): Collection<T> {
    this.statements(name);
    for (const index of indexes) this.createIndex(name, index);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new EmbeddedCollection<Doc>(name, this);
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  async commit(ops: WriteOp[]): Promise<void> {
    if (ops.length === 0) return;
    // Tables are created before the transaction: a rolled-back CREATE TABLE would leave cached statements
    // pointing at a table that does not exist.
    for (const op of ops) if ("collection" in op) this.statements(op.collection);
    this.applyBatch(ops);
    if (ops.some((op) => op.op === "publish")) this.notify();
  }

  async pendingEvents(limit: number, sources?: readonly string[]): Promise<OutboxEntry[]> {
    const rows = sources ? this.outbox.pendingOf.all(JSON.stringify(sources), limit) : this.outbox.pending.all(limit);
    return rows.map((r) => ({ seq: r.seq, event: JSON.parse(r.event) }));
  }

  async markRelayed(seqs: number[]): Promise<void> {
    if (seqs.length === 0) return;
    this.db.transaction(() => {
      for (const seq of seqs) this.outbox.markRelayed.run(seq);
      this.outbox.prune.run(Math.max(...seqs) - RELAYED_KEPT);
    })();
  }

  async handled(consumer: string, eventId: string): Promise<boolean> {
    return this.inbox.has.get(consumer, eventId) !== undefined;
  }

  onCommit(listener: () => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.listeners.length = 0;
    if (this.db.open) this.db.close();
  }

  /** The cached statements of a collection's table, creating the table on first use. */
  statements(name: string): TableStatements {
    const cached = this.tables.get(name);
    if (cached) return cached;
    assertCollectionName(name);
    this.db.exec(`CREATE TABLE IF NOT EXISTS "${name}" (id TEXT PRIMARY KEY, v INTEGER NOT NULL, doc TEXT NOT NULL)`);
    const t = `"${name}"`;
    const statements: TableStatements = {
      get: this.db.prepare(`SELECT id, v, doc FROM ${t} WHERE id = ?`),
      version: this.db.prepare(`SELECT v FROM ${t} WHERE id = ?`),
      insert: this.db.prepare(`INSERT INTO ${t} (id, v, doc) VALUES (?, 1, ?)`),
      update: this.db.prepare(`UPDATE ${t} SET v = ?, doc = ? WHERE id = ?`),
      upsert: this.db.prepare(
        `INSERT INTO ${t} (id, v, doc) VALUES (?, 1, ?) ON CONFLICT (id) DO UPDATE SET v = v + 1, doc = excluded.doc`,
      ),
      delete: this.db.prepare(`DELETE FROM ${t} WHERE id = ?`),
    };
    this.tables.set(name, statements);
    return statements;
  }

  /** A prepared statement for a find/count query, kept while it stays among the recently used. */
  query(sql: string): Database.Statement {
    let statement = this.queries.get(sql);
    if (statement) {
      this.queries.delete(sql);
    } else {
      statement = this.db.prepare(sql);
      if (this.queries.size >= QUERY_CACHE_SIZE) this.queries.delete(this.queries.keys().next().value as string);
    }
    this.queries.set(sql, statement);
    return statement;
  }

  private createIndex(name: string, index: IndexSpec): void {
    if (index.fields.length === 0) throw new Error(`index on ${name} needs at least one field`);
    index.fields.forEach(assertFieldName);
    const indexName = `${name}__${index.fields.join("__")}${index.unique ? "__unique" : ""}`;
    const columns = index.fields.map(fieldExpr).join(", ");
    this.db.exec(`CREATE ${index.unique ? "UNIQUE " : ""}INDEX IF NOT EXISTS "${indexName}" ON "${name}" (${columns})`);
  }

  private apply(op: WriteOp): void {
    switch (op.op) {
      case "insert": {
        assertId(op.doc._id, op.collection);
        const s = this.statements(op.collection);
        this.guardUnique(op.collection, op.doc._id, () => s.insert.run(op.doc._id, JSON.stringify(bodyOf({ ...op.doc }))));
        return;
      }
      case "replace": {
        assertId(op.doc._id, op.collection);
        const s = this.statements(op.collection);
        const current = s.version.get(op.doc._id);
        if (!current) throw new NotFoundError(op.collection, op.doc._id);
        if (op.expectedVersion !== undefined && current.v !== op.expectedVersion) throw new VersionConflictError(op.collection, op.doc._id);
        this.guardUnique(op.collection, op.doc._id, () => s.update.run(current.v + 1, JSON.stringify(bodyOf({ ...op.doc })), op.doc._id));
        return;
      }
      case "upsert": {
        assertId(op.doc._id, op.collection);
        const s = this.statements(op.collection);
        this.guardUnique(op.collection, op.doc._id, () => s.upsert.run(op.doc._id, JSON.stringify(bodyOf({ ...op.doc }))));
        return;
      }
      case "delete": {
        const s = this.statements(op.collection);
        const current = s.version.get(op.id);
        if (!current) throw new NotFoundError(op.collection, op.id);
        if (op.expectedVersion !== undefined && current.v !== op.expectedVersion) throw new VersionConflictError(op.collection, op.id);
        s.delete.run(op.id);
        return;
      }
      case "publish":
        this.outbox.add.run(JSON.stringify(op.event), op.source ?? null);
        return;
      case "inbox":
        try {
          // The time is for people reading the table; nothing depends on it.
          this.inbox.add.run(op.consumer, op.eventId, Date.now());
        } catch (err) {
          if (isUniqueViolation(err)) throw new DuplicateKeyError("inbox", `${op.consumer}/${op.eventId}`);
          throw err;
        }
        return;
      default:
        throw new Error(`unknown write op ${(op as { op: string }).op}`);
    }
  }

  private guardUnique(collection: string, id: string, write: () => unknown): void {
    try {
      write();
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateKeyError(collection, `${id}: ${(err as Error).message}`);
      throw err;
    }
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
