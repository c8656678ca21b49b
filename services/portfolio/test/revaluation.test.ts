/**
 * Cached valued copies and their freshness: a save replaces the copy, a price change (the pricing
 * service's hourly refresh publishing price.updated) revalues the portfolios holding the ticker, and
 * has_updates flags a copy older than the portfolio's latest data. Prices come from copies of the real CSV
 * files in a temporary folder, so a test can add a close the way a data refresh would.
 */
import { appendFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import type { EventEnvelope } from "@folio/platform/bus/port";
import { envelope } from "@folio/platform/ids";
import type { EventPayload } from "@folio/proto/events";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CachedCopy, decodeCopy, encodeCopy, LOCAL_TTL_MS, replyCacheKey } from "../src/reply-cache.ts";
import { holdings, valueSnapshots } from "../src/store.ts";
import { asset, type Harness, harness, input } from "./helpers.ts";
import { closes, copyMarketData, hasRealData, removeCopies } from "./market-data.ts";

const TODAY = Date.UTC(2026, 6, 14, 12, 0, 0);
const threeFund = input({
  privateMode: false,
  assets: [
    asset({ ticker: "VTI", quantity: 10, PoA: 165, DoA: "2020-01-02" }),
    asset({ ticker: "BND", quantity: 20, PoA: 84, DoA: "2020-01-02" }),
  ],
});

describe.skipIf(!hasRealData)("cached copies, revaluation and has_updates", () => {
  let h: Harness;
  let dir: string;
  beforeEach(async () => {
    dir = copyMarketData(["VTI", "BND", "SPY"]);
    h = await harness({ pricing: true, env: { MARKET_DATA_DIR: dir, MARKET_DATA_PROVIDERS: "csv" } });
    h.deps.clock.set(TODAY);
    const job = h.modules.flatMap((m) => m.jobs ?? []).find((j) => j.queue === "pricing.refresh");
    if (!job) throw new Error("pricing has no refresh job");
    h.deps.queue.process(job.queue, job.handler);
  });
  afterEach(async () => {
    await h.deps.queue.close();
    await h.close();
  });
  afterAll(removeCopies);

  /** The pricing service's hourly refresh, run now; its price.updated events are relayed like the bus would. */
  async function refreshPrices(): Promise<EventEnvelope[]> {
    await h.deps.queue.add("pricing.refresh", "refresh", {});
    await h.deps.queue.drain?.("pricing.refresh");
    return (await h.relay()).filter((e) => e.type === "price.updated") as EventEnvelope[];
  }

  /** A new close at the end of a file, as a data refresh writes it (a new mtime, so the provider re-reads it). */
  function addClose(ticker: string, date: string, close: number) {
    const path = join(dir, `${ticker}.csv`);
    appendFileSync(path, `${date},${close}\n`);
    const later = new Date(Date.now() + 5000);
    utimesSync(path, later, later);
  }

  const cachedCopy = async (slug: string) => decodeCopy(await h.svc.cache.getText(replyCacheKey(slug)));
  const storeCopy = (slug: string, copy: CachedCopy | null) => h.svc.cache.setText(replyCacheKey(slug), encodeCopy(copy as CachedCopy));

  it("revalues the portfolios holding a ticker when its price changes, without touching their revision", async () => {
    const bnd = closes("BND");
    const slug = await h.create("alice", "Three Fund", threeFund);
    const other = await h.create("bob", "Bonds only", { assets: [asset({ ticker: "BND", quantity: 1, PoA: 80, DoA: "2021-01-04" })] });
    await h.relay(); // pricing learns which tickers are held
    h.deps.clock.set(TODAY + 60_000);
    // the first refresh announces every held ticker (nothing was announced before): the baseline
    expect((await refreshPrices()).map((e) => (e.payload as EventPayload<"price.updated">).ticker).sort()).toEqual(["BND", "VTI"]);
    const before = (await h.as(null).cachable(slug)).json();
    expect(before.data.assets[0].latestPrice).toBe(closes("VTI").last);

    addClose("VTI", "2026-07-14", 400);
    h.deps.clock.set(TODAY + 3_600_000);
    const announced = await refreshPrices();
    expect(announced.map((e) => (e.payload as EventPayload<"price.updated">).ticker)).toEqual(["VTI"]);

    const mv = 10 * 400 + 20 * bnd.last;
    const after = await h.as(null).cachable(slug);
    expect(after.json()).toMatchObject({ has_updates: false, data: { rev: 1, lastRefreshed: new Date(TODAY + 3_600_000).toISOString() } });
    expect(after.json().data.assets[0]).toMatchObject({ latestPrice: 400, marketValue: 4000 });
    expect(after.json().data.marketValue).toBeCloseTo(mv, 9);
    expect(after.json().data.allHistory["2026-07"]).toBeCloseTo(mv, 9);
    // the stored figures the list shows moved too; the portfolio that holds no VTI was left alone, and the
    // baseline announcement, which changed no figure, rewrote none (its figures are still those of its creation)
    const listed = (await h.as("alice").list()).json().portfolios[slug];
    expect(listed.marketValue).toBeCloseTo(mv, 9);
    const snapshots = valueSnapshots(h.deps.store);
    expect((await snapshots.get(slug))?.lastRefreshed).toBe(new Date(TODAY + 3_600_000).toISOString());
    expect((await snapshots.get(other))?.lastRefreshed).toBe(new Date(TODAY + 1000).toISOString());

    // the owner's next save, made against revision 1, is not a version conflict
    const save = await h.as("alice").save(slug, { ...threeFund, rev: 1 });
    expect(save.json()).toMatchObject({ message: "pupdated", data: { rev: 2 } });
  });

  it("handles a redelivered price.updated once", async () => {
    const slug = await h.create("alice", "Three Fund", threeFund);
    const consumer = h.modules[0].consumers?.find((c) => c.types.includes("price.updated"));
    if (!consumer) throw new Error("portfolio does not consume price.updated");
    await h.relay();
    addClose("VTI", "2026-07-14", 400);
    h.deps.clock.set(TODAY + 3_600_000);
    await refreshPrices();
    const event = envelope(
      "price.updated",
      "VTI",
      { ticker: "VTI", latestPrice: 400, previousPrice: null, at: "2026-07-14T20:00:00Z" },
      TODAY,
    );
    h.deps.clock.set(TODAY + 3_601_000);
    await consumer.handle(event);
    await h.relay();
    const snapshots = valueSnapshots(h.deps.store);
    const first = await snapshots.get(slug);
    // the refresh's own announcement revalued it at 400 already; this event, handled, finds nothing new
    expect(first?.assets?.[0]?.latestPrice).toBe(400);
    h.deps.clock.set(TODAY + 3_602_000);
    await consumer.handle(event);
    await h.relay();
    expect(await snapshots.get(slug)).toEqual(first);
  });

  it("keeps the holdings in step with saves, benchmark changes and deletes", async () => {
    const held = holdings(h.deps.store);
    const tickersOf = async (slug: string) => (await held.find({ slug })).map((d) => d.ticker).sort();
    const slug = await h.create("alice", "Three Fund", threeFund);
    expect(await tickersOf(slug)).toEqual(["BND", "SPY", "VTI"]);
    await h.as("alice").save(slug, input({ assets: [asset({ ticker: "BND", quantity: 1, PoA: 80, DoA: "2021-01-04" })] }));
    expect(await tickersOf(slug)).toEqual(["BND", "SPY"]);
    await h.as("alice").settings(slug, { indexTicker: "VTI" });
    expect(await tickersOf(slug)).toEqual(["BND", "VTI"]);
    await h.as("alice").remove(slug);
    expect(await tickersOf(slug)).toEqual([]);
    expect(await valueSnapshots(h.deps.store).get(slug)).toBeNull();
  });

  it("replaces the cached copy on save and on a settings change, whose commit carries its figures", async () => {
    const slug = await h.create("alice", "Three Fund", threeFund);
    expect((await h.as(null).cachable(slug)).json().data.assets[0].quantity).toBe(10);
    h.deps.clock.set(TODAY + 1000);
    await h.as("alice").save(slug, { ...threeFund, assets: [asset({ ticker: "VTI", quantity: 12, PoA: 165, DoA: "2020-01-02" })] });
    const saved = (await h.as(null).cachable(slug)).json();
    expect(saved).toMatchObject({ has_updates: false, data: { rev: 2 } });
    expect(saved.data.assets).toHaveLength(1);
    expect(saved.data.assets[0]).toMatchObject({ quantity: 12, latestPrice: closes("VTI").last });

    await h.as("alice").settings(slug, { formatGains: "%" });
    expect((await cachedCopy(slug))?.rev).toBe(3);
    expect((await valueSnapshots(h.deps.store).get(slug))?.rev).toBe(3);
    const view = (await h.as(null).cachable(slug)).json();
    expect(view.data).toMatchObject({ rev: 3, formatGains: "%" });
    expect(view.data.assets[0].profitLossView).toMatch(/%$/);
  });

  it("says has_updates when the copy served is older than the portfolio's revision or its last revaluation", async () => {
    const slug = await h.create("alice", "Three Fund", threeFund);
    await h.as(null).cachable(slug);
    const rev1 = await cachedCopy(slug);
    h.deps.clock.set(TODAY + 1000);
    await h.as("alice").save(slug, { ...threeFund, assets: [asset({ ticker: "VTI", quantity: 12, PoA: 165, DoA: "2020-01-02" })] });
    // a valuation that started before the save and finished after it (in another replica) stores its
    // older copy last; this replica notices it once its own few-second layer has expired
    await storeCopy(slug, rev1);
    h.deps.clock.advance(LOCAL_TTL_MS);
    const late = await h.as(null).cachable(slug);
    expect(late.json()).toMatchObject({ has_updates: true, data: { rev: 1 } });
    // the client then reloads from the uncached path, which values afresh and becomes the copy
    expect((await h.as(null).get(slug)).json()).toMatchObject({ has_updates: false, data: { rev: 2 } });
    expect((await h.as(null).cachable(slug)).json()).toMatchObject({ has_updates: false, data: { rev: 2 } });

    // prices refreshed after a copy was valued: the same late write, racing a revaluation this time
    const rev2 = await cachedCopy(slug);
    addClose("VTI", "2026-07-14", 400);
    h.deps.clock.set(TODAY + 3_600_000);
    await h.relay();
    await refreshPrices();
    await storeCopy(slug, rev2);
    h.deps.clock.advance(LOCAL_TTL_MS);
    const outdated = await h.as(null).cachable(slug);
    expect(outdated.json()).toMatchObject({ has_updates: true, data: { rev: 2 } });
    expect(outdated.json().data.assets[0].latestPrice).toBe(closes("VTI").last);
    expect(outdated.headers.etag).toMatch(/\.u"$/);
    const fresh = (await h.as(null).get(slug)).json();
    expect(fresh).toMatchObject({ has_updates: false, data: { rev: 2 } });
    expect(fresh.data.assets[0].latestPrice).toBe(400);
  });
});

describe("revaluation while prices cannot be had", () => {
  it("keeps the stored figures of a portfolio it cannot price, and drops its cached copy", async () => {
    const h = await harness();
    try {
      const slug = await h.create("alice", "Three Fund", threeFund);
      await h.as(null).cachable(slug);
      const before = await valueSnapshots(h.deps.store).get(slug);
      const consumer = h.modules[0].consumers?.find((c) => c.types.includes("price.updated"));
      h.deps.clock.advance(60_000);
      await consumer?.handle(
        envelope("price.updated", "VTI", { ticker: "VTI", latestPrice: 1, previousPrice: null, at: "2026-07-14T20:00:00Z" }, TODAY),
      );
      await h.relay();
      expect(await valueSnapshots(h.deps.store).get(slug)).toEqual(before);
      expect(await h.svc.cache.getText(replyCacheKey(slug))).toBeNull();
    } finally {
      await h.close();
    }
  });
});
