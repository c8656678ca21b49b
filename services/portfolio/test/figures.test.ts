/**
 * One valuation, many views (docs/product-decisions.md "One valuation, many views"), through the real routes of pricing,
 * portfolio and net worth on one app: the cases the issue measured, each worked out by hand from the rows
 * below (the shared data's monthly rates, and made-up instruments in euros and pence).
 */
import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EventEnvelope } from "@folio/platform/bus/port";
import { forService } from "@folio/platform/testing";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { closesFolder, removeClosesFolders } from "../../../test/support/closes-folder.ts";
import { type ValuedServices, valuedServices } from "../../../test/support/valued-services.ts";
import { refreshOldFigures } from "../src/revaluation.ts";
import { valueSnapshots } from "../src/store.ts";
import { hasRealData, REAL_DATA_DIR } from "./market-data.ts";

let s: ValuedServices | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});
afterAll(() => removeClosesFolders());

/** The day after the stocks' last close (2026-07-13). */
const TODAY = Date.UTC(2026, 6, 14, 12);

/** SAP.DE in euros and VUSA.L in pence, made up; SPY and the monthly rates from the shared data. */
function folder(): string {
  const dir = closesFolder({
    "SAP.DE.csv": ["2024-03-15,350", "2026-07-13,400"],
    "VUSA.L.csv": ["2024-03-15,7000", "2026-07-13,8000"],
  });
  writeFileSync(join(dir, "currencies.csv"), "ticker,currency\nSAP.DE,EUR\nVUSA.L,GBp\n");
  for (const f of ["SPY.csv", "EURUSD=X.csv", "GBPUSD=X.csv", "USDEUR=X.csv", "GBPEUR=X.csv"])
    copyFileSync(join(REAL_DATA_DIR, f), join(dir, f));
  return dir;
}

async function open(): Promise<ValuedServices> {
  s = await valuedServices({ MARKET_DATA_DIR: folder() });
  s.deps.clock.set(TODAY);
  return s;
}

const cents = (x: number) => Math.round(x * 100) / 100;

describe.skipIf(!hasRealData)("the figures every screen shows", () => {
  const mixed = [
    { ticker: "SAP.DE", quantity: 1, PoA: 350, DoA: "2024-03-15" },
    { ticker: "VUSA.L", quantity: 15, PoA: 70, DoA: "2024-03-15" },
    { ticker: "SPY", quantity: 1, PoA: 600, DoA: "2024-03-15" },
  ];

  it("data.value is the cost in the base currency: €350 + £1,050 + $600 at the purchase month's rates, not 2,000", async () => {
    const s = await open();
    const saved = await s.post("alice", "/v1/save/portfolio/new", { portfolio: { assets: mixed }, newPortfolioName: "Mixed" });
    const page = (await s.post("alice", `/v1/get/portfolio/${saved.json().slug}`)).json();
    // EURUSD=X 2024-03: 1.086957; GBPUSD=X 2024-03: 1.271294 (the months' rows, dated their first day)
    // 350 × 1.086957 + 15 × 70 × 1.271294 + 600 = 380.43495 + 1,334.8587 + 600 = 2,315.29365
    expect(page.data.value).toBeCloseTo(2315.29365, 6);
    expect(page.valuation.value).toBeCloseTo(2315.29365, 6);
    // today's values at June 2026's rates, the last known (the stocks' prices run into July): 1.151543 and 1.333867
    // 400 × 1.151543 + 15 × 80 × 1.333867 + 749.1699829101562 = 460.6172 + 1,600.6404 + 749.16998… = 2,810.42758…
    expect(page.valuation.marketValue).toBeCloseTo(460.6172 + 1600.6404 + 749.1699829101562, 6);
    // the rates used, each dated: June's, carried into July, so stale like a stale price
    expect(page.valuation.rates).toEqual([
      { pair: "EURUSD=X", rate: 1.151543, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" },
      { pair: "GBPUSD=X", rate: 1.333867, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" },
    ]);
  });

  it("leaves an unpriced holding out of value, cost and profit/loss alike, and lists it", async () => {
    const s = await open();
    const assets = [...mixed, { ticker: "NOPE", quantity: 100, PoA: 20, DoA: "2024-03-15" }];
    const saved = await s.post("alice", "/v1/save/portfolio/new", { portfolio: { assets }, newPortfolioName: "Import" });
    const v = (await s.post("alice", `/v1/get/portfolio/${saved.json().slug}`)).json().valuation;
    // NOPE's 100 × 20 = 2,000 is in no total: value is the priced three's cost, as above
    expect(v.value).toBeCloseTo(2315.29365, 6);
    expect(v.profitLoss).toBeCloseTo(v.marketValue + v.dividends - v.value, 9);
    expect(v.unpricedReasons).toEqual([{ ticker: "NOPE", reason: "unknown-ticker" }]);
  });

  it("shows figures in euros for a euro owner, on the page, the list and net worth", async () => {
    const s = await open();
    await s.setBaseCurrency("alice", "EUR");
    const saved = await s.post("alice", "/v1/save/portfolio/new", { portfolio: { assets: mixed }, newPortfolioName: "Mixed" });
    const slug = saved.json().slug;
    await s.relay();
    const v = (await s.post("alice", `/v1/get/portfolio/${slug}`)).json().valuation;
    // the euro share costs its €350; GBPEUR=X 2024-03: 1.169591, USDEUR=X 2024-03: 0.92
    // 350 + 1,050 × 1.169591 + 600 × 0.92 = 350 + 1,228.07055 + 552 = 2,130.07055
    expect(v).toMatchObject({ baseCurrency: "EUR" });
    expect(v.value).toBeCloseTo(2130.07055, 6);
    // June 2026's rates carried into July: GBPEUR 1.15833, USDEUR 0.8684
    // 400 + 15 × 80 × 1.15833 + 749.1699829101562 × 0.8684 = 400 + 1,389.996 + 650.57921… = 2,440.57521…
    expect(v.marketValue).toBeCloseTo(400 + 1389.996 + 749.1699829101562 * 0.8684, 6);
    const item = (await s.post("alice", "/v1/get/portfolios-and-assets")).json().portfolios[slug];
    expect(item.figures).toMatchObject({ baseCurrency: "EUR", value: v.value, marketValue: v.marketValue, profitLoss: v.profitLoss });
    await s.post("alice", "/v1/get/netWorth", { force: true });
    await s.relay();
    expect((await s.post("alice", "/v1/get/netWorth")).json()).toMatchObject({
      baseCurrency: "EUR",
      netWorth: cents(v.marketValue),
      pending: [],
    });
  });

  it("keeps every asset's figures in the list after a settings change: the change's commit carries them", async () => {
    const s = await open();
    const saved = await s.post("alice", "/v1/save/portfolio/new", { portfolio: { assets: mixed }, newPortfolioName: "Mixed" });
    const slug = saved.json().slug;
    const before = (await s.post("alice", "/v1/get/portfolios-and-assets")).json().portfolios[slug];
    expect(
      (await s.post("alice", `/v1/update/portfoliosettings/${slug}`, { settings: { formatGains: "%", indexTicker: "SPY" } })).statusCode,
    ).toBe(200);
    expect((await s.post("alice", `/v1/update/portfolioname/${slug}`, { newPortfolioName: "Renamed" })).statusCode).toBe(200);
    // nothing has read the portfolio since: the list reads what the two commits stored
    const snapshot = await valueSnapshots(s.deps.store).get(slug);
    expect(snapshot?.rev).toBe(3);
    const after = (await s.post("alice", "/v1/get/portfolios-and-assets")).json().portfolios[slug];
    expect(after.figures.rev).toBe(3);
    for (const key of ["shares", "cost", "marketValue", "profitLoss", "profitLossPercent"])
      expect(after.assets.map((a: Record<string, unknown>) => a[key])).toEqual(before.assets.map((a: Record<string, unknown>) => a[key]));
    // and its portfolio.valued went out with each change
    const valued = (await s.deps.outboxEvents()).filter((e: EventEnvelope) => e.type === "portfolio.valued");
    expect(valued.map((e) => (e.payload as { rev: number }).rev)).toEqual([1, 2, 3]);
  });

  it("values again, once, at start, every portfolio whose figures an older release stored", async () => {
    const s = await open();
    const saved = await s.post("alice", "/v1/save/portfolio/new", { portfolio: { assets: mixed }, newPortfolioName: "Mixed" });
    const slug = saved.json().slug;
    // what the release before stored: no version, no totals
    const snapshots = valueSnapshots(s.deps.store);
    const stored = await snapshots.get(slug);
    const { version: _v, figures: _f, baseCurrency: _b, valuedAt: _a, complete: _c, ...old } = stored as NonNullable<typeof stored>;
    await s.deps.store.commit([{ op: "upsert", collection: "portfolio_values", doc: old }]);
    const svc = forService(s.deps, "portfolio");
    expect(await refreshOldFigures(svc)).toBe(1);
    await s.relay();
    expect((await snapshots.get(slug))?.figures?.rev).toBe(1);
    // done for this release: the next start queues nothing
    expect(await refreshOldFigures(svc)).toBe(0);
  });
});
