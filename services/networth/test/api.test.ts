/**
 * The networth API through app.inject, on the real routes, schemas and auth, the in-process queue running
 * the jobs and a manual clock. Portfolios come as their events: saved, and valued with the figures their
 * valuation published (net worth sums those; the figures themselves are the portfolio service's, tested there).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RECOMPUTE_QUEUE, recomputeJobId } from "../src/jobs.ts";
import { type NetWorthUser, users } from "../src/store.ts";
import { type Harness, harness } from "./helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const netWorth = (uid: string | null, body?: object) => h.post(uid, "/v1/get/netWorth", body);

/** Replaces the harness with one built differently. */
async function reopen(...args: Parameters<typeof harness>): Promise<Harness> {
  await h.close();
  return harness(...args);
}

describe("auth", () => {
  it.each(["/v1/get/netWorth", "/v1/get/netWorthHistory", "/v1/networth/biggest-movers"])(
    "%s answers a visitor with nouser",
    async (url) => {
      const res = await h.post(null, url, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ result: "nouser" });
    },
  );
});

/** A portfolio saved and valued at `marketValue`, as the portfolio service's commit publishes them. */
async function held(uid: string, name: string, marketValue: number | null, options: { playGround?: boolean } = {}) {
  await h.deliver(h.saved(uid, name, [{ ticker: "KO", quantity: 1 }], options));
  await h.deliver(h.valued(uid, name, marketValue, options));
}

describe("POST /v1/get/netWorth", () => {
  it("answers calculating until the first recompute is done, then the sum of the portfolios' market values", async () => {
    h = await reopen({}, { workers: false });
    await held("alice", "main", 2790.125);
    await held("alice", "second", 609.5);
    await held("alice", "sandbox", 90_000, { playGround: true });

    const first = await netWorth("alice");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      netWorth: 0,
      lastUpdated: null,
      calculating: true,
      baseCurrency: "USD",
      stale: [],
      unpriced: [],
      rates: [],
      pending: [],
    });

    h.startWorkers();
    await h.settle();
    const done = await netWorth("alice");
    // 2,790.125 + 609.5 = 3,399.625 → 3,399.63 (cents); the playground's 90,000 is left out
    const expected = 3399.63;
    expect(done.json()).toEqual({
      netWorth: expected,
      lastUpdated: new Date(h.deps.clock.now()).toISOString(),
      calculating: false,
      baseCurrency: "USD",
      stale: [],
      unpriced: [],
      rates: [],
      pending: [],
    });
    const published = await h.events("networth.calculated");
    // alice asked for it (she opened net worth), so the result says so: achievements count "check net-worth"
    expect(published.map((e) => e.payload)).toEqual([{ uid: "alice", netWorth: expected, at: done.json().lastUpdated, requested: true }]);
    expect(published[0].key).toBe("alice");
  });

  it("marks only results the user asked for as requested, not background recomputes after a save", async () => {
    await held("carol", "main", 10);
    await h.settle();
    const published = await h.events("networth.calculated");
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((e) => e.payload.requested === undefined)).toBe(true);
  });

  it("accepts no body at all, and a user without portfolios is worth 0 once computed", async () => {
    const res = await h.app.inject({ method: "POST", url: "/v1/get/netWorth", headers: { authorization: `Bearer ${h.token("bob")}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ calculating: true });
    await h.settle();
    expect((await netWorth("bob")).json()).toMatchObject({ netWorth: 0, calculating: false });
  });

  it("polling while calculating and after it adds no work; force adds one recompute", async () => {
    h = await reopen({}, { workers: false });
    await held("alice", "main", 350.25);
    for (let i = 0; i < 3; i++) expect((await netWorth("alice")).json().calculating).toBe(true);
    h.startWorkers();
    await h.settle();
    for (let i = 0; i < 3; i++) expect((await netWorth("alice")).json().calculating).toBe(false);
    expect(await h.events("networth.calculated")).toHaveLength(1);

    h.deps.clock.advance(60_000);
    const forced = await netWorth("alice", { force: true });
    expect(forced.json()).toMatchObject({ calculating: true, netWorth: 350.25 });
    expect((await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice")))?.state).toMatch(/waiting|active/);
    await h.settle();
    const after = (await netWorth("alice")).json();
    expect(after).toMatchObject({ calculating: false, lastUpdated: new Date(h.deps.clock.now()).toISOString() });
    expect(await h.events("networth.calculated")).toHaveLength(2);
  });

  it("answers calculating with the previous value while a save's debounced recompute waits", async () => {
    // long enough that the poll below surely comes first, short enough to wait for
    h = await reopen({ NETWORTH_DEBOUNCE_MS: "400" });
    await held("alice", "main", 350);
    await h.settle();
    const before = (await netWorth("alice")).json();
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 6 }]));
    await h.deliver(h.valued("alice", "main", 420));
    expect((await netWorth("alice")).json()).toEqual({ ...before, calculating: true });
    await h.settle();
    expect((await netWorth("alice")).json()).toMatchObject({ netWorth: 420, calculating: false });
  });

  it("recomputes a value older than the user's last change when no job is pending (a lost enqueue)", async () => {
    await held("alice", "main", 350);
    await h.settle();
    // the read model changes without its recompute being scheduled, as after a crash between the two
    const user = (await users(h.deps.store).get("alice")) as NetWorthUser;
    const changed: NetWorthUser = { ...user, changes: user.changes + 1 };
    await h.deps.store.commit([{ op: "upsert", collection: "networth_users", doc: changed }]);
    expect((await netWorth("alice")).json().calculating).toBe(true);
    await h.settle();
    expect((await netWorth("alice")).json().calculating).toBe(false);
    expect(await h.events("networth.calculated")).toHaveLength(2);
  });
});

describe("POST /v1/get/netWorthHistory", () => {
  const WEEK = 7 * 86_400_000;
  const history = async (uid: string) => (await h.post(uid, "/v1/get/netWorthHistory")).json().netWorthHistory;

  it("is empty for a user without portfolios", async () => {
    expect(await h.post("carol", "/v1/get/netWorthHistory")).toMatchObject({ statusCode: 200 });
    expect(await history("carol")).toEqual([]);
  });

  it("has one entry per ISO week from the first portfolio to now: the week's latest value, carried forward", async () => {
    // the manual clock starts on Friday 2026-01-02, in 2026-W01
    await held("alice", "main", 700.5);
    await h.settle();
    const first = 700.5;

    // two weeks later (2026-W03) prices move its valuation to 1,000, then to 1,010 the same week
    h.deps.clock.advance(2 * WEEK);
    await h.deliver(h.valued("alice", "main", 1000));
    await h.settle();
    h.deps.clock.advance(3600_000);
    await h.deliver(h.valued("alice", "main", 1010));
    await h.settle();

    // a week on (2026-W04) nothing happens
    h.deps.clock.advance(WEEK);
    expect(await history("alice")).toEqual([
      { year: 2026, week: 1, data: { networth: first }, currency: "USD" },
      { year: 2026, week: 2, data: { networth: first }, currency: "USD" },
      { year: 2026, week: 3, data: { networth: 1010 }, currency: "USD" },
      { year: 2026, week: 4, data: { networth: 1010 }, currency: "USD" },
    ]);
  });

  it("crosses into the next ISO year", async () => {
    // Monday 2026-12-21 is 2026-W52; 2026 has 53 weeks; Monday 2027-01-04 is 2027-W01
    h.deps.clock.set(Date.parse("2026-12-21T10:00:00Z"));
    await held("alice", "main", 70);
    await h.settle();
    h.deps.clock.set(Date.parse("2027-01-05T10:00:00Z"));
    expect((await history("alice")).map((e: { year: number; week: number }) => `${e.year}-W${e.week}`)).toEqual([
      "2026-W52",
      "2026-W53",
      "2027-W1",
    ]);
  });
});
