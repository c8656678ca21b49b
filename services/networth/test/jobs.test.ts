/**
 * The recompute job and the consumer that schedules it: debounce, idempotency on redelivered events, events
 * of one portfolio arriving out of order (each type is its own topic), and changes arriving while a job runs.
 * Net worth sums the figures portfolio.valued carries; it asks pricing for nothing.
 */

import type { InternalReply, InternalRequest } from "@folio/platform/internal";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RECOMPUTE_QUEUE, recomputeJobId } from "../src/jobs.ts";
import { type Harness, harness } from "./helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h.close();
});

const calculated = async () => (await h.events("networth.calculated")).map((e) => e.payload);
const worth = async () => (await calculated()).map((p) => p.netWorth);

describe("recompute after portfolio events", () => {
  it("debounces a burst of saves and valuations into one job that sees the last", async () => {
    // no worker yet, so the burst cannot outlast the debounce however slow the machine
    await h.close();
    h = await harness({}, { workers: false });
    for (let q = 1; q <= 5; q++) {
      await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: q }]));
      await h.deliver(h.valued("alice", "main", 70 * q));
    }
    await h.deliver(h.saved("alice", "other", [{ ticker: "VTI", quantity: 1 }]));
    await h.deliver(h.valued("alice", "other", 370.25));
    expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.state).toMatch(/delayed|waiting/);
    h.startWorkers();
    await h.settle();
    // one job, one pass: 5 × 70 + 370.25
    expect(await calculated()).toEqual([{ uid: "alice", netWorth: 720.25, at: expect.any(String) }]);
    expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.result).toMatchObject({ passes: 1 });
  });

  it("recomputes after a delete, and playground portfolios never count", async () => {
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 2 }]));
    await h.deliver(h.valued("alice", "main", 140));
    await h.deliver(h.saved("alice", "sandbox", [{ ticker: "NVDA", quantity: 50 }], { playGround: true }));
    await h.deliver(h.valued("alice", "sandbox", 10_000, { playGround: true }));
    await h.settle();
    await h.deliver(h.deleted("alice", "main"));
    await h.settle();
    expect(await worth()).toEqual([140, 0]);
  });

  it("reads only the portfolios that are not deleted: a user's tombstones do not make every recompute longer", async () => {
    for (let i = 0; i < 30; i++) {
      await h.deliver(h.saved("alice", `made-${i}`, [{ ticker: "KO", quantity: 1 }]));
      await h.deliver(h.valued("alice", `made-${i}`, 70));
      if (i >= 2) await h.deliver(h.deleted("alice", `made-${i}`));
    }
    const held = h.deps.store.collection<{ _id: string; uid: string; deleted?: boolean }>("networth_portfolios");
    expect(await held.count({ uid: "alice" })).toBe(30);
    const read = vi.spyOn(held, "find");
    await h.settle();
    expect((await calculated()).at(-1)?.netWorth).toBe(140);
    const returned = await Promise.all(read.mock.results.map((r) => r.value as Promise<{ deleted?: boolean }[]>));
    expect(returned.length).toBeGreaterThan(0);
    for (const docs of returned) expect(docs.map((d) => d.deleted ?? false)).toEqual([false, false]);
  });

  it("ignores a redelivered event, an older revision and an older valuation arriving late", async () => {
    const save = h.saved("alice", "main", [{ ticker: "KO", quantity: 2 }]);
    const valued = h.valued("alice", "main", 140);
    await h.deliver(save);
    await h.deliver(valued);
    await h.settle();
    await h.deliver(save);
    await h.deliver(valued);
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 999 }], { rev: 0 }));
    await h.deliver(h.valued("alice", "main", 99_999, { rev: 0 }));
    await h.deliver(h.valued("alice", "main", 99_999, { valuedAt: "2020-01-01T00:00:00.000Z" }));
    await h.settle();
    expect(await worth()).toEqual([140]);
    const user = await h.deps.store.collection<{ _id: string; changes: number }>("networth_users").get("alice");
    expect(user?.changes).toBe(2);
  });

  it("counts a valuation that arrives before its save, and keeps a deleted portfolio deleted when its events come late", async () => {
    await h.deliver(h.valued("alice", "main", 140));
    await h.settle();
    expect(await worth()).toEqual([140]);
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 2 }]));
    await h.deliver(h.deleted("alice", "main"));
    await h.settle();
    // a revaluation that started before the delete publishes after it: the portfolio stays gone
    h.deps.clock.advance(1000);
    await h.deliver(h.valued("alice", "main", 150));
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 3 }], { rev: 2 }));
    await h.settle();
    expect((await calculated()).at(-1)?.netWorth).toBe(0);
    // a new portfolio that takes the freed slug (another id) counts
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 1 }], { rev: 1, created: true, portfolioId: "new-id" }));
    await h.deliver(h.valued("alice", "main", 70, { rev: 1, portfolioId: "new-id" }));
    await h.settle();
    expect((await calculated()).at(-1)?.netWorth).toBe(70);
  });

  it("keeps both when a portfolio's save and its valuation are handled at the same time (two partitions, two replicas)", async () => {
    // each type is its own topic: one consumer handles portfolio.saved while another handles portfolio.valued of
    // the same portfolio; neither may write over what the other just stored (a cluster run lost the figures so)
    for (let round = 0; round < 5; round++) {
      const name = `race-${round}`;
      await Promise.all([
        h.deliver(h.saved("alice", name, [{ ticker: "KO", quantity: 2 }])),
        h.deliver(h.valued("alice", name, 140)),
        h.deliver(h.saved("bob", name, [{ ticker: "KO", quantity: 1 }])),
        h.deliver(h.valued("bob", name, 70)),
      ]);
    }
    await h.settle();
    const portfolios = await h.deps.store.collection<{ _id: string; pName: string; figures: unknown }>("networth_portfolios").find();
    expect(portfolios.map((p) => [p._id, p.pName, p.figures !== null])).toEqual(
      expect.arrayContaining(
        [...Array(5).keys()].flatMap((r) => [
          [`alice-race-${r}`, `race-${r}`, true],
          [`bob-race-${r}`, `race-${r}`, true],
        ]),
      ),
    );
    // each user's change counter counts all ten events: none lost to another's write
    const users = h.deps.store.collection<{ _id: string; changes: number }>("networth_users");
    expect((await users.get("alice"))?.changes).toBe(10);
    expect((await users.get("bob"))?.changes).toBe(10);
    const last = (uid: string) =>
      h.events("networth.calculated").then((all) => all.filter((e) => e.payload.uid === uid).at(-1)?.payload.netWorth);
    expect(await last("alice")).toBe(700);
    expect(await last("bob")).toBe(350);
  });

  it("computes again when a change arrives while the job runs (its enqueue is dropped as a duplicate)", async () => {
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 1 }]));
    await h.deliver(h.valued("alice", "main", 70));
    const commit = h.deps.store.commit.bind(h.deps.store);
    let injected = false;
    vi.spyOn(h.deps.store, "commit").mockImplementation(async (ops) => {
      const computing = ops.some((op) => "collection" in op && op.collection === "networth_values");
      if (computing && !injected) {
        injected = true;
        // the job is active: this valuation's schedule finds it and adds nothing
        await h.deliver(h.valued("alice", "main", 210, { valuedAt: new Date(h.deps.clock.now() + 1).toISOString() }));
        expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.state).toBe("active");
      }
      return commit(ops);
    });
    await h.settle();
    expect(await worth()).toEqual([70, 210]);
    expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.result).toMatchObject({ passes: 2 });
  });

  it("asks pricing for nothing: the figures were computed once, by the portfolio's valuation", async () => {
    const calls = vi
      .spyOn(h.deps.services, "call")
      .mockImplementation(async <T>(_s: string, _r: InternalRequest): Promise<InternalReply<T>> => {
        throw new Error("net worth must not call another service");
      });
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 1 }]));
    await h.deliver(h.valued("alice", "main", 70));
    await h.settle();
    expect(await worth()).toEqual([70]);
    expect(calls).not.toHaveBeenCalled();
  });
});
