/**
 * The recompute and fan-out jobs and the consumers that schedule them: debounce, the price fan-out reaching
 * exactly the holders, idempotency on redelivered events, changes arriving while a job runs, pricing down.
 */

import { FANOUT_BUCKETS } from "@folio/platform/fanout";
import type { InternalReply, InternalRequest } from "@folio/platform/internal";
import { ServiceUnavailableError } from "@folio/platform/internal";
import type { JobContext } from "@folio/platform/queue/port";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FANOUT_QUEUE, fanOutJobId, RECOMPUTE_QUEUE, recomputeJobId, scheduleRecompute } from "../src/jobs.ts";
import { PRICE_TTL_MS, PricingUnavailable, priceKey } from "../src/prices.ts";
import { type Harness, harness, hasRealData, lastClose } from "./helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h.close();
});

const cents = (x: number) => Math.round(x * 100) / 100;
const calculated = async () => (await h.events("networth.calculated")).map((e) => e.payload);
const holdersOf = (ticker: string) =>
  h.deps.store
    .collection<{ _id: string; uid: string; ticker: string }>("networth_holders")
    .find({ ticker })
    .then((docs) => docs.map((d) => d.uid).sort());

describe.skipIf(!hasRealData)("recompute after portfolio events", () => {
  it("debounces a burst of saves into one job that sees the last save", async () => {
    // no worker yet, so the burst cannot outlast the debounce however slow the machine
    await h.close();
    h = await harness({}, { workers: false });
    for (let q = 1; q <= 5; q++) await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: q }]));
    await h.deliver(h.saved("alice", "other", [{ ticker: "VTI", quantity: 1 }]));
    expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.state).toMatch(/delayed|waiting/);
    h.startWorkers();
    await h.settle();
    // one job, one pass: 5 × KO + 1 × VTI
    expect(await calculated()).toEqual([{ uid: "alice", netWorth: cents(5 * lastClose("KO") + lastClose("VTI")), at: expect.any(String) }]);
    expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.result).toMatchObject({ passes: 1 });
  });

  it("recomputes after a delete, and playground portfolios never count", async () => {
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 2 }]));
    await h.deliver(h.saved("alice", "sandbox", [{ ticker: "NVDA", quantity: 50 }], { playGround: true }));
    await h.settle();
    await h.deliver(h.deleted("alice", "main"));
    await h.settle();
    expect((await calculated()).map((p) => p.netWorth)).toEqual([cents(2 * lastClose("KO")), 0]);
  });

  it("ignores a redelivered save and an older revision arriving late", async () => {
    const save = h.saved("alice", "main", [{ ticker: "KO", quantity: 2 }]);
    await h.deliver(save);
    await h.settle();
    await h.deliver(save);
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 999 }], { rev: 0 }));
    await h.settle();
    expect(await calculated()).toHaveLength(1);
    const user = await h.deps.store.collection<{ _id: string; changes: number }>("networth_users").get("alice");
    expect(user?.changes).toBe(1);
  });

  it("computes again when a change arrives while the job runs (its enqueue is dropped as a duplicate)", async () => {
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 1 }]));
    const call = h.deps.services.call.bind(h.deps.services);
    let injected = false;
    vi.spyOn(h.deps.services, "call").mockImplementation(
      async <T>(service: string, request: InternalRequest): Promise<InternalReply<T>> => {
        if (!injected) {
          injected = true;
          // the job is active: this save's schedule finds it and adds nothing
          await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 3 }]));
          expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.state).toBe("active");
        }
        return call<T>(service, request);
      },
    );
    await h.settle();
    expect((await calculated()).map((p) => p.netWorth)).toEqual([cents(lastClose("KO")), cents(3 * lastClose("KO"))]);
    expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.result).toMatchObject({ passes: 2 });
  });

  it("picks up a tick another replica put in the shared cache while this one remembered the old price", async () => {
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 2 }]));
    await h.settle();
    // the manual clock stands still, so this instance's one-second memo still holds KO's old price
    await h.svc.cache.set(priceKey("KO"), { price: 50, at: new Date(h.deps.clock.now()).toISOString() }, PRICE_TTL_MS);
    await scheduleRecompute(h.svc.jobs, "alice", 0);
    await h.settle();
    expect((await calculated()).map((p) => p.netWorth)).toEqual([cents(2 * lastClose("KO")), cents(2 * lastClose("KO")), 100]);
    expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.result).toMatchObject({ passes: 2, netWorth: 100 });
  });

  it("fails rather than publish a sum while pricing is down", async () => {
    await h.close();
    h = await harness({}, { workers: false });
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 1 }]));
    vi.spyOn(h.deps.services, "call").mockRejectedValue(new ServiceUnavailableError("pricing", new Error("connection refused")));
    const recompute = h.networth.jobs?.find((j) => j.queue === RECOMPUTE_QUEUE);
    const job: JobContext = {
      id: recomputeJobId("alice"),
      name: "recompute",
      data: { uid: "alice" },
      attempt: 1,
      updateProgress: async () => {},
    };
    await expect(recompute?.handler(job)).rejects.toBeInstanceOf(PricingUnavailable);
    const values = h.deps.store.collection("networth_values");
    expect(await values.get("alice")).toBeNull();
    expect(await calculated()).toEqual([]);
  });
});

describe.skipIf(!hasRealData)("fan-out after price.updated", () => {
  async function seed() {
    await h.deliver(h.saved("alice", "main", [{ ticker: "NVDA", quantity: 2 }]));
    await h.deliver(h.saved("bob", "sandbox", [{ ticker: "NVDA", quantity: 100 }], { playGround: true }));
    await h.deliver(h.saved("carol", "main", [{ ticker: "KO", quantity: 1 }]));
    await h.deliver(
      h.saved("dave", "a", [
        { ticker: "nvda", quantity: 1 },
        { ticker: "KO", quantity: 1 },
      ]),
    );
    await h.deliver(h.saved("dave", "b", [{ ticker: "NVDA", quantity: 1 }]));
    await h.settle();
    return (await calculated()).length;
  }

  it("recomputes exactly the users who hold the ticker outside playgrounds, at the tick's price", async () => {
    const before = await seed();
    expect(await holdersOf("NVDA")).toEqual(["alice", "dave"]);
    const tick = h.priceUpdated("NVDA", 1000, lastClose("NVDA"));
    await h.deliver(tick);
    await h.settle();
    const after = (await calculated()).slice(before);
    expect(after.map((p) => p.uid).sort()).toEqual(["alice", "dave"]);
    // alice 2 × 1000; dave 1 × 1000 + 1 × KO + 1 × 1000
    expect(after.find((p) => p.uid === "alice")?.netWorth).toBe(2000);
    expect(after.find((p) => p.uid === "dave")?.netWorth).toBe(cents(2000 + lastClose("KO")));
    expect((await h.deps.queue.getJob(FANOUT_QUEUE, fanOutJobId(tick.id)))?.result).toEqual({ ticker: "NVDA", holders: 2 });
  });

  it("handles a redelivered price.updated once", async () => {
    const before = await seed();
    const tick = h.priceUpdated("KO", 90);
    await h.deliver(tick);
    await h.settle();
    await h.deliver(tick);
    await h.settle();
    expect(
      (await calculated())
        .slice(before)
        .map((p) => p.uid)
        .sort(),
    ).toEqual(["carol", "dave"]);
  });

  it("keeps a newer tick's price over a redelivered older one", async () => {
    await seed();
    const older = h.priceUpdated("KO", 90);
    h.deps.clock.advance(3600_000);
    await h.deliver(h.priceUpdated("KO", 95));
    await h.settle();
    await h.deliver(older);
    await h.settle();
    const carol = (await calculated()).filter((p) => p.uid === "carol").at(-1);
    expect(carol?.netWorth).toBe(95);
  });

  it("stops reaching a user who no longer holds the ticker", async () => {
    const before = await seed();
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 2 }]));
    await h.deliver(h.saved("dave", "b", [{ ticker: "NVDA", quantity: 1 }], { playGround: true }));
    await h.settle();
    // dave still holds NVDA in portfolio "a"
    expect(await holdersOf("NVDA")).toEqual(["dave"]);
    const mark = (await calculated()).length;
    expect(mark).toBe(before + 2);
    await h.deliver(h.priceUpdated("NVDA", 1000));
    await h.settle();
    expect((await calculated()).slice(mark).map((p) => p.uid)).toEqual(["dave"]);
  });

  it("pages through many holders in every bucket, one recompute each", async () => {
    const uids = Array.from({ length: 300 }, (_, i) => `user-${i}`);
    for (const uid of uids) await h.deliver(h.saved(uid, `p-${uid}`, [{ ticker: "VTI", quantity: 1 }]));
    await h.settle();
    const buckets = new Set(
      (await h.deps.store.collection<{ _id: string; bucket: number }>("networth_holders").find({ ticker: "VTI" })).map((d) => d.bucket),
    );
    expect(buckets.size).toBeGreaterThan(FANOUT_BUCKETS / 2);
    const before = (await calculated()).length;
    await h.deliver(h.priceUpdated("VTI", 400));
    await h.settle();
    const after = (await calculated()).slice(before);
    expect(after.map((p) => p.uid).sort()).toEqual([...uids].sort());
    expect(new Set(after.map((p) => p.netWorth))).toEqual(new Set([400]));
  });
});
