/**
 * The Store contract: what every adapter must do, run against each one (embedded file, embedded memory,
 * MongoDB). `setup` gives a fresh, empty store per test; `reopen`, when given, closes it and opens the same
 * data again (durability).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventEnvelope } from "../../src/bus/port.ts";
import { handleOnce, writeOver } from "../../src/inbox.ts";
import { type Doc, DuplicateKeyError, NotFoundError, type Store, VersionConflictError, type WriteOp } from "../../src/store/port.ts";

export interface StoreFixture {
  store: Store;
  /** closes the current store and opens the same data again */
  reopen?: () => Promise<Store>;
  /** closes whatever store is open and removes its data */
  teardown: () => Promise<void>;
}

interface Holding extends Doc {
  uid: string;
  ticker: string;
  qty: number;
  note?: string | null;
}

interface Account extends Doc {
  email: string;
}

interface Tally extends Doc {
  n: number;
}

const holding = (id: string, uid: string, ticker: string, qty: number, extra: Partial<Holding> = {}): Holding => ({
  _id: id,
  uid,
  ticker,
  qty,
  ...extra,
});

let eventCounter = 0;
const event = (type: string, key = "u1"): EventEnvelope => ({
  id: `evt-${++eventCounter}-${Math.random().toString(36).slice(2)}`,
  type,
  version: 1,
  occurredAt: "2026-01-02T12:00:00.000Z",
  key,
  payload: { n: eventCounter },
});

const insert = (collection: string, doc: Doc): WriteOp => ({ op: "insert", collection, doc });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

export function runStoreContract(name: string, setup: () => Promise<StoreFixture>): void {
  describe(`Store contract: ${name}`, () => {
    let fixture: StoreFixture;
    let store: Store;

    const holdings = () => store.collection<Holding>("holdings", [{ fields: ["uid"] }, { fields: ["uid", "ticker"], unique: true }]);
    const accounts = () => store.collection<Account>("accounts", [{ fields: ["email"], unique: true }]);
    const seed = async () => {
      const c = holdings();
      await store.commit([
        insert("holdings", holding("h1", "u1", "AAPL", 10)),
        insert("holdings", holding("h2", "u1", "MSFT", 2)),
        insert("holdings", holding("h3", "u2", "AAPL", 5)),
        insert("holdings", holding("h4", "u3", "TSLA", 100)),
      ]);
      return c;
    };

    beforeEach(async () => {
      fixture = await setup();
      store = fixture.store;
    });

    afterEach(async () => {
      await fixture.teardown();
    });

    describe("documents", () => {
      it("inserts at version 1 and gets by id; a missing id is null", async () => {
        const c = holdings();
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 10, { note: "first lot" }))]);
        expect(await c.get("h1")).toEqual({ _id: "h1", _v: 1, uid: "u1", ticker: "AAPL", qty: 10, note: "first lot" });
        expect(await c.get("nope")).toBeNull();
      });

      it("ignores a caller's _v on insert and keeps nested values", async () => {
        const c = store.collection<Doc & { tags: string[]; meta: { a: number } }>("things");
        await store.commit([insert("things", { _id: "t1", _v: 7, tags: ["x", "y"], meta: { a: 1 } } as Doc)]);
        expect(await c.get("t1")).toEqual({ _id: "t1", _v: 1, tags: ["x", "y"], meta: { a: 1 } });
      });

      it("returns fresh objects: changing a result or the written object changes nothing stored", async () => {
        const c = holdings();
        const written = holding("h1", "u1", "AAPL", 10);
        await store.commit([insert("holdings", written)]);
        written.qty = 999;
        const first = await c.get("h1");
        if (!first) throw new Error("missing");
        first.qty = 555;
        const [listed] = await c.find({ uid: "u1" });
        listed.ticker = "CHANGED";
        expect(await c.get("h1")).toMatchObject({ qty: 10, ticker: "AAPL" });
      });

      it("finds by equality on several fields, by $in, and without a filter", async () => {
        const c = await seed();
        const ids = (docs: Holding[]) => docs.map((d) => d._id).sort();
        expect(ids(await c.find({ uid: "u1" }))).toEqual(["h1", "h2"]);
        expect(ids(await c.find({ uid: "u1", ticker: "AAPL" }))).toEqual(["h1"]);
        expect(ids(await c.find({ ticker: { $in: ["AAPL", "TSLA"] } }))).toEqual(["h1", "h3", "h4"]);
        expect(ids(await c.find({ _id: { $in: ["h2", "h4", "zz"] } }))).toEqual(["h2", "h4"]);
        expect(ids(await c.find({ _id: "h3" }))).toEqual(["h3"]);
        expect(ids(await c.find({ qty: { $in: [2, 100] } }))).toEqual(["h2", "h4"]);
        expect(await c.find({ ticker: { $in: [] } })).toEqual([]);
        expect(ids(await c.find())).toEqual(["h1", "h2", "h3", "h4"]);
        expect(ids(await c.find({}))).toEqual(["h1", "h2", "h3", "h4"]);
        expect(await c.find({ uid: "nobody" })).toEqual([]);
      });

      it("findOne returns a match or null; count counts with and without a filter", async () => {
        const c = await seed();
        expect(await c.findOne({ uid: "u2" })).toMatchObject({ _id: "h3", ticker: "AAPL" });
        expect(await c.findOne({ uid: "nobody" })).toBeNull();
        expect(await c.count()).toBe(4);
        expect(await c.count({ ticker: "AAPL" })).toBe(2);
        expect(await c.count({ uid: { $in: ["u1", "u3"] } })).toBe(3);
        expect(await c.count({ uid: "nobody" })).toBe(0);
      });

      it("compares values by type: true is not 1, '1' is not 1, text is not an array; null matches null and missing", async () => {
        const c = store.collection<Doc & { flag?: unknown }>("flags", [{ fields: ["flag"] }]);
        await store.commit([
          insert("flags", { _id: "bool", flag: true } as Doc),
          insert("flags", { _id: "one", flag: 1 } as Doc),
          insert("flags", { _id: "text", flag: "1" } as Doc),
          insert("flags", { _id: "false", flag: false } as Doc),
          insert("flags", { _id: "zero", flag: 0 } as Doc),
          insert("flags", { _id: "null", flag: null } as Doc),
          insert("flags", { _id: "missing" }),
          insert("flags", { _id: "list", flag: ["x"] } as Doc),
        ]);
        const ids = async (filter: Record<string, unknown>) => (await c.find(filter)).map((d) => d._id).sort();
        expect(await ids({ flag: true })).toEqual(["bool"]);
        expect(await ids({ flag: 1 })).toEqual(["one"]);
        expect(await ids({ flag: "1" })).toEqual(["text"]);
        expect(await ids({ flag: '["x"]' })).toEqual([]);
        expect(await ids({ flag: false })).toEqual(["false"]);
        expect(await ids({ flag: 0 })).toEqual(["zero"]);
        expect(await ids({ flag: null })).toEqual(["missing", "null"]);
        expect(await ids({ flag: { $in: [true, "1", null] } })).toEqual(["bool", "missing", "null", "text"]);
      });

      it("sorts numbers as numbers and strings as strings, by several keys, with limit and skip", async () => {
        const c = await seed();
        await store.commit([insert("holdings", holding("h5", "u2", "BABA", 9))]);
        const ids = (docs: Holding[]) => docs.map((d) => d._id);
        // qty 2 < 5 < 9 < 10 < 100: numeric, where text order would put "100" before "2"
        expect(ids(await c.find({}, { sort: { qty: 1 } }))).toEqual(["h2", "h3", "h5", "h1", "h4"]);
        expect(ids(await c.find({}, { sort: { qty: -1 } }))).toEqual(["h4", "h1", "h5", "h3", "h2"]);
        expect(ids(await c.find({}, { sort: { ticker: 1, qty: -1 } }))).toEqual(["h1", "h3", "h5", "h2", "h4"]);
        expect(ids(await c.find({}, { sort: { uid: -1, ticker: 1 } }))).toEqual(["h4", "h3", "h5", "h1", "h2"]);
        expect(ids(await c.find({}, { sort: { qty: 1 }, limit: 2 }))).toEqual(["h2", "h3"]);
        expect(ids(await c.find({}, { sort: { qty: 1 }, skip: 2, limit: 2 }))).toEqual(["h5", "h1"]);
        expect(ids(await c.find({}, { sort: { qty: 1 }, skip: 4 }))).toEqual(["h4"]);
        expect(ids(await c.find({}, { sort: { qty: 1 }, skip: 10 }))).toEqual([]);
        expect(ids(await c.find({ uid: "u1" }, { sort: { _id: -1 } }))).toEqual(["h2", "h1"]);
        expect(await c.find({}, { limit: 0 })).toEqual([]);
      });

      it("breaks sort ties by id so pages are stable", async () => {
        const c = holdings();
        await store.commit(["d", "b", "e", "a", "c"].map((id) => insert("holdings", holding(id, `u-${id}`, "SAME", 1))));
        const page1 = await c.find({}, { sort: { ticker: 1 }, limit: 3 });
        const page2 = await c.find({}, { sort: { ticker: 1 }, skip: 3, limit: 3 });
        expect([...page1, ...page2].map((d) => d._id)).toEqual(["a", "b", "c", "d", "e"]);
      });

      it("rejects filters and names it cannot express portably", async () => {
        const c = holdings();
        await expect(c.find({ qty: { $gt: 1 } })).rejects.toThrow(/unsupported filter/);
        await expect(c.find({ "a.b": 1 })).rejects.toThrow();
        expect(() => store.collection("bad-name")).toThrow(/invalid collection name/);
        expect(() => store.collection('x"; DROP TABLE holdings; --')).toThrow(/invalid collection name/);
        expect(() => store.collection("1abc")).toThrow(/invalid collection name/);
      });
    });

    describe("unique keys and atomic batches", () => {
      it("a taken id or unique field fails with DuplicateKeyError", async () => {
        const c = accounts();
        await store.commit([insert("accounts", { _id: "a1", email: "ann@example.com" } as Account)]);
        const sameId = await rejection(store.commit([insert("accounts", { _id: "a1", email: "other@example.com" } as Account)]));
        expect(sameId).toBeInstanceOf(DuplicateKeyError);
        expect((sameId as DuplicateKeyError).collection).toBe("accounts");
        const sameEmail = await rejection(store.commit([insert("accounts", { _id: "a2", email: "ann@example.com" } as Account)]));
        expect(sameEmail).toBeInstanceOf(DuplicateKeyError);
        expect(await c.count()).toBe(1);
      });

      it("a compound unique index only rejects the same combination", async () => {
        const c = holdings();
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 1)), insert("holdings", holding("h2", "u1", "MSFT", 1))]);
        await store.commit([insert("holdings", holding("h3", "u2", "AAPL", 1))]);
        await expect(store.commit([insert("holdings", holding("h4", "u1", "AAPL", 1))])).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.count()).toBe(3);
      });

      it("documents without a uniquely indexed field do not collide", async () => {
        const c = accounts();
        await store.commit([insert("accounts", { _id: "a1" }), insert("accounts", { _id: "a2" })]);
        expect(await c.count()).toBe(2);
      });

      it("a replace onto a taken unique value fails and leaves the document as it was", async () => {
        const c = accounts();
        await store.commit([
          insert("accounts", { _id: "a1", email: "ann@example.com" } as Account),
          insert("accounts", { _id: "a2", email: "bob@example.com" } as Account),
        ]);
        await expect(
          store.commit([{ op: "replace", collection: "accounts", doc: { _id: "a2", email: "ann@example.com" } as Account }]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.get("a2")).toEqual({ _id: "a2", _v: 1, email: "bob@example.com" });
      });

      it("a batch with a good insert then a bad one writes neither", async () => {
        const c = accounts();
        await store.commit([insert("accounts", { _id: "a1", email: "ann@example.com" } as Account)]);
        await expect(
          store.commit([
            insert("accounts", { _id: "a2", email: "bob@example.com" } as Account),
            { op: "upsert", collection: "accounts", doc: { _id: "a1", email: "ann@new.example.com" } as Account },
            // collides with a2, written earlier in this same batch
            insert("accounts", { _id: "a3", email: "bob@example.com" } as Account),
          ]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.get("a2")).toBeNull();
        expect(await c.get("a1")).toEqual({ _id: "a1", _v: 1, email: "ann@example.com" });
        expect(await c.count()).toBe(1);
      });

      it("a batch writes to several collections at once", async () => {
        const h = holdings();
        const a = accounts();
        await store.commit([
          insert("accounts", { _id: "a1", email: "ann@example.com" } as Account),
          insert("holdings", holding("h1", "a1", "AAPL", 3)),
        ]);
        expect(await a.count()).toBe(1);
        expect(await h.count()).toBe(1);
      });
    });

    describe("versions", () => {
      it("replace bumps _v and drops fields the new document lacks", async () => {
        const c = holdings();
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 10, { note: "old" }))]);
        await store.commit([{ op: "replace", collection: "holdings", doc: holding("h1", "u1", "AAPL", 12) }]);
        expect(await c.get("h1")).toEqual({ _id: "h1", _v: 2, uid: "u1", ticker: "AAPL", qty: 12 });
        await store.commit([{ op: "replace", collection: "holdings", doc: holding("h1", "u1", "AAPL", 13), expectedVersion: 2 }]);
        expect(await c.get("h1")).toMatchObject({ _v: 3, qty: 13 });
      });

      it("replace with a stale expectedVersion fails with VersionConflictError and changes nothing", async () => {
        const c = holdings();
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 10))]);
        await store.commit([{ op: "replace", collection: "holdings", doc: holding("h1", "u1", "AAPL", 11) }]);
        const err = await rejection(
          store.commit([{ op: "replace", collection: "holdings", doc: holding("h1", "u1", "AAPL", 99), expectedVersion: 1 }]),
        );
        expect(err).toBeInstanceOf(VersionConflictError);
        expect(err).toMatchObject({ collection: "holdings", id: "h1" });
        expect(await c.get("h1")).toMatchObject({ _v: 2, qty: 11 });
      });

      it("replace of a missing document fails with NotFoundError", async () => {
        holdings();
        const err = await rejection(store.commit([{ op: "replace", collection: "holdings", doc: holding("ghost", "u1", "AAPL", 1) }]));
        expect(err).toBeInstanceOf(NotFoundError);
        const withVersion = await rejection(
          store.commit([{ op: "replace", collection: "holdings", doc: holding("ghost", "u1", "AAPL", 1), expectedVersion: 1 }]),
        );
        expect(withVersion).toBeInstanceOf(NotFoundError);
      });

      it("two writers that read the same version: exactly one wins", async () => {
        const c = holdings();
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 10))]);
        const [readA, readB] = await Promise.all([c.get("h1"), c.get("h1")]);
        if (!readA || !readB) throw new Error("missing");
        const results = await Promise.allSettled([
          store.commit([
            { op: "replace", collection: "holdings", doc: { ...readA, qty: readA.qty + 1 } as Holding, expectedVersion: readA._v },
          ]),
          store.commit([
            { op: "replace", collection: "holdings", doc: { ...readB, qty: readB.qty + 5 } as Holding, expectedVersion: readB._v },
          ]),
        ]);
        const won = results.filter((r) => r.status === "fulfilled");
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0].reason).toBeInstanceOf(VersionConflictError);
        const final = await c.get("h1");
        expect(final?._v).toBe(2);
        expect([11, 15]).toContain(final?.qty);
      });

      it("upsert inserts at version 1, then replaces and bumps", async () => {
        const c = holdings();
        await store.commit([{ op: "upsert", collection: "holdings", doc: holding("h1", "u1", "AAPL", 1, { note: "x" }) }]);
        expect(await c.get("h1")).toEqual({ _id: "h1", _v: 1, uid: "u1", ticker: "AAPL", qty: 1, note: "x" });
        await store.commit([{ op: "upsert", collection: "holdings", doc: holding("h1", "u1", "AAPL", 2) }]);
        expect(await c.get("h1")).toEqual({ _id: "h1", _v: 2, uid: "u1", ticker: "AAPL", qty: 2 });
      });

      it("delete removes; a missing document or a stale version fails", async () => {
        const c = holdings();
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 1)), insert("holdings", holding("h2", "u1", "MSFT", 1))]);
        await store.commit([{ op: "delete", collection: "holdings", id: "h1" }]);
        expect(await c.get("h1")).toBeNull();
        await expect(store.commit([{ op: "delete", collection: "holdings", id: "h1" }])).rejects.toBeInstanceOf(NotFoundError);
        await expect(store.commit([{ op: "delete", collection: "holdings", id: "h2", expectedVersion: 5 }])).rejects.toBeInstanceOf(
          VersionConflictError,
        );
        expect(await c.get("h2")).not.toBeNull();
        await store.commit([{ op: "delete", collection: "holdings", id: "h2", expectedVersion: 1 }]);
        expect(await c.count()).toBe(0);
      });

      it("a deleted id can be inserted again, starting over at version 1", async () => {
        const c = holdings();
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 1))]);
        await store.commit([{ op: "replace", collection: "holdings", doc: holding("h1", "u1", "AAPL", 2) }]);
        await store.commit([{ op: "delete", collection: "holdings", id: "h1" }]);
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 3))]);
        expect(await c.get("h1")).toMatchObject({ _v: 1, qty: 3 });
      });
    });

    describe("outbox", () => {
      it("publish ops appear in pendingEvents in commit order; markRelayed removes them", async () => {
        holdings();
        const [e1, e2, e3] = [event("portfolio.saved"), event("portfolio.saved"), event("portfolio.deleted")];
        await store.commit([
          insert("holdings", holding("h1", "u1", "AAPL", 1)),
          { op: "publish", event: e1 },
          { op: "publish", event: e2 },
        ]);
        await store.commit([{ op: "publish", event: e3 }]);
        const pending = await store.pendingEvents(10);
        expect(pending.map((p) => p.event)).toEqual([e1, e2, e3]);
        expect(pending[0].seq).toBeLessThan(pending[1].seq);
        expect(pending[1].seq).toBeLessThan(pending[2].seq);
        expect((await store.pendingEvents(2)).map((p) => p.event.id)).toEqual([e1.id, e2.id]);
        await store.markRelayed([pending[0].seq, pending[1].seq]);
        expect((await store.pendingEvents(10)).map((p) => p.event.id)).toEqual([e3.id]);
        await store.markRelayed([pending[2].seq]);
        expect(await store.pendingEvents(10)).toEqual([]);
        await store.commit([{ op: "publish", event: event("portfolio.saved") }]);
        const [next] = await store.pendingEvents(10);
        expect(next.seq).toBeGreaterThan(pending[2].seq);
      });

      it("pendingEvents with sources lists those services' events and any without a source, in commit order", async () => {
        const [mine, theirs, unattributed, alsoMine] = [
          event("portfolio.saved"),
          event("account.registered"),
          event("portfolio.deleted"),
          event("portfolio.saved"),
        ];
        await store.commit([
          { op: "publish", event: mine, source: "portfolio" },
          { op: "publish", event: theirs, source: "accounts" },
        ]);
        await store.commit([
          { op: "publish", event: unattributed },
          { op: "publish", event: alsoMine, source: "portfolio" },
        ]);
        expect((await store.pendingEvents(10, ["portfolio"])).map((p) => p.event.id)).toEqual([mine.id, unattributed.id, alsoMine.id]);
        expect((await store.pendingEvents(10, ["accounts"])).map((p) => p.event.id)).toEqual([theirs.id, unattributed.id]);
        expect((await store.pendingEvents(10, ["portfolio", "accounts"])).map((p) => p.event.id)).toEqual([
          mine.id,
          theirs.id,
          unattributed.id,
          alsoMine.id,
        ]);
        expect(await store.pendingEvents(10)).toHaveLength(4);
        expect(await store.pendingEvents(10, ["billing"])).toEqual([(await store.pendingEvents(10))[2]]);
      });

      it("an aborted batch publishes nothing: the write and its event commit together or not at all", async () => {
        const c = accounts();
        await store.commit([insert("accounts", { _id: "a1", email: "ann@example.com" } as Account)]);
        const failed = event("account.registered");
        await expect(
          store.commit([
            { op: "publish", event: failed },
            insert("accounts", { _id: "a2", email: "bob@example.com" } as Account),
            insert("accounts", { _id: "a3", email: "ann@example.com" } as Account),
          ]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await store.pendingEvents(10)).toEqual([]);
        expect(await c.get("a2")).toBeNull();
        const ok = event("account.registered");
        await store.commit([insert("accounts", { _id: "a2", email: "bob@example.com" } as Account), { op: "publish", event: ok }]);
        expect((await store.pendingEvents(10)).map((p) => p.event.id)).toEqual([ok.id]);
      });

      it("calls onCommit listeners after commits that published, not after others", async () => {
        holdings();
        let calls = 0;
        store.onCommit(() => calls++);
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 1))]);
        expect(calls).toBe(0);
        await store.commit([insert("holdings", holding("h2", "u1", "MSFT", 1)), { op: "publish", event: event("portfolio.saved") }]);
        expect(calls).toBe(1);
        await expect(
          store.commit([insert("holdings", holding("h2", "u1", "MSFT", 1)), { op: "publish", event: event("portfolio.saved") }]),
        ).rejects.toThrow();
        expect(calls).toBe(1);
      });

      it("keeps an event's envelope intact", async () => {
        const e: EventEnvelope = {
          ...event("price.updated", "AAPL"),
          payload: { ticker: "AAPL", price: 187.25, at: "2026-01-02", tags: ["a"], nested: { ok: true, none: null } },
        };
        await store.commit([{ op: "publish", event: e }]);
        expect((await store.pendingEvents(1))[0].event).toEqual(e);
      });
    });

    describe("durability", () => {
      it("after reopening, data, indexes and pending events are still there", async (ctx) => {
        if (!fixture.reopen) ctx.skip();
        holdings();
        const pendingEvent = event("portfolio.saved");
        const relayedEvent = event("portfolio.saved");
        await store.commit([insert("holdings", holding("h1", "u1", "AAPL", 10)), { op: "publish", event: relayedEvent }]);
        await store.markRelayed((await store.pendingEvents(10)).map((p) => p.seq));
        await store.commit([
          { op: "replace", collection: "holdings", doc: holding("h1", "u1", "AAPL", 11) },
          { op: "publish", event: pendingEvent },
        ]);
        await store.commit([{ op: "inbox", consumer: "networth", eventId: "e-1" }]);
        store = await (fixture.reopen as () => Promise<Store>)();
        const c = holdings();
        expect(await c.get("h1")).toEqual({ _id: "h1", _v: 2, uid: "u1", ticker: "AAPL", qty: 11 });
        expect((await store.pendingEvents(10)).map((p) => p.event)).toEqual([pendingEvent]);
        expect(await store.handled("networth", "e-1")).toBe(true);
        await expect(store.commit([insert("holdings", holding("h2", "u1", "AAPL", 1))])).rejects.toBeInstanceOf(DuplicateKeyError);
      });
    });

    describe("inbox", () => {
      it("handled() turns true with the inbox op; a second mark for the same event is a DuplicateKeyError", async () => {
        expect(await store.handled("networth", "e-1")).toBe(false);
        await store.commit([{ op: "inbox", consumer: "networth", eventId: "e-1" }]);
        expect(await store.handled("networth", "e-1")).toBe(true);
        expect(await store.handled("billing", "e-1")).toBe(false);
        expect(await store.handled("networth", "e-2")).toBe(false);
        const err = await rejection(store.commit([{ op: "inbox", consumer: "networth", eventId: "e-1" }]));
        expect(err).toBeInstanceOf(DuplicateKeyError);
        expect((err as DuplicateKeyError).collection).toBe("inbox");
        await store.commit([{ op: "inbox", consumer: "billing", eventId: "e-1" }]);
        expect(await store.handled("billing", "e-1")).toBe(true);
      });

      it("a duplicate inbox mark rolls back the writes in its batch", async () => {
        const c = holdings();
        await store.commit([{ op: "inbox", consumer: "pricing", eventId: "e-1" }]);
        await expect(
          store.commit([insert("holdings", holding("h1", "u1", "AAPL", 1)), { op: "inbox", consumer: "pricing", eventId: "e-1" }]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.get("h1")).toBeNull();
      });

      it("handleOnce runs the work once for a redelivered event", async () => {
        const tallies = store.collection<Tally>("tallies");
        const e = event("portfolio.saved");
        let runs = 0;
        const work = async (): Promise<WriteOp[]> => {
          runs++;
          const current = await tallies.get("t");
          return [{ op: "upsert", collection: "tallies", doc: { _id: "t", n: (current?.n ?? 0) + 1 } as Tally }];
        };
        await handleOnce(store, "networth", e, work);
        await handleOnce(store, "networth", e, work);
        expect(runs).toBe(1);
        expect(await tallies.get("t")).toMatchObject({ n: 1 });
        await handleOnce(store, "billing", e, work);
        expect(await tallies.get("t")).toMatchObject({ n: 2 });
      });

      it("handleOnce applies the effect once when two deliveries race", async () => {
        const tallies = store.collection<Tally>("tallies");
        const e = event("portfolio.saved");
        const work = async (): Promise<WriteOp[]> => {
          const current = await tallies.get("t");
          // both deliveries read before either commits
          await new Promise((r) => setTimeout(r, 20));
          return [{ op: "upsert", collection: "tallies", doc: { _id: "t", n: (current?.n ?? 0) + 1 } as Tally }];
        };
        await Promise.all([handleOnce(store, "networth", e, work), handleOnce(store, "networth", e, work)]);
        expect(await tallies.get("t")).toMatchObject({ n: 1 });
        expect(await store.handled("networth", e.id)).toBe(true);
      });

      it("handleOnce with writeOver: two events of one document handled at once both count", async () => {
        const tallies = store.collection<Tally>("tallies");
        const events = [event("portfolio.saved"), event("portfolio.valued"), event("portfolio.deleted")];
        const work = async (): Promise<WriteOp[]> => {
          const current = await tallies.get("t");
          // all three read before any commits: two of them lose the race, read again and count too
          await new Promise((r) => setTimeout(r, 20));
          return [writeOver("tallies", current, { _id: "t", n: (current?.n ?? 0) + 1 } as Tally)];
        };
        await Promise.all(events.map((e) => handleOnce(store, "networth", e, work)));
        expect(await tallies.get("t")).toMatchObject({ n: 3 });
        for (const e of events) expect(await store.handled("networth", e.id)).toBe(true);
      });

      it("handleOnce lets other errors through and leaves the event unhandled", async () => {
        const c = accounts();
        await store.commit([insert("accounts", { _id: "a1", email: "ann@example.com" } as Account)]);
        const e = event("account.registered");
        await expect(
          handleOnce(store, "accounts", e, async () => [insert("accounts", { _id: "a2", email: "ann@example.com" } as Account)]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(
          handleOnce(store, "accounts", e, async () => {
            throw new Error("upstream down");
          }),
        ).rejects.toThrow("upstream down");
        expect(await store.handled("accounts", e.id)).toBe(false);
        await handleOnce(store, "accounts", e, async () => [insert("accounts", { _id: "a2", email: "bob@example.com" } as Account)]);
        expect(await c.count()).toBe(2);
        expect(await store.handled("accounts", e.id)).toBe(true);
      });
    });
  });
}
