/**
 * Valued portfolios through the real routes: the portfolio service asks the pricing service (same app,
 * inject) for prices read from the real CSV closes, and every expected figure below is computed here from
 * those files with the definitions of src/domain/valuation/DEFINITIONS.md.
 */

import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { asset, type Harness, harness, input } from "./helpers.ts";
import { closes, hasRealData, REAL_DATA_DIR } from "./market-data.ts";

/** The day after the last close in the files: the valuation date. */
const TODAY = Date.UTC(2026, 6, 14, 12, 0, 0);
const CSV_ONLY = { MARKET_DATA_DIR: REAL_DATA_DIR, MARKET_DATA_PROVIDERS: "csv" };

let h: Harness;
const opened: Harness[] = [];
async function open(options: Parameters<typeof harness>[0]): Promise<Harness> {
  h = await harness(options);
  h.deps.clock.set(TODAY);
  opened.push(h);
  return h;
}
afterEach(async () => {
  for (const x of opened.splice(0)) await x.close();
});

const pct = (a: number, b: number) => (a / b - 1) * 100;

describe.skipIf(!hasRealData)("valued portfolio reads", () => {
  const vti = hasRealData ? closes("VTI") : { month: {}, last: 0 };
  const bnd = hasRealData ? closes("BND") : { month: {}, last: 0 };
  const spy = hasRealData ? closes("SPY") : { month: {}, last: 0 };
  const threeFund = input({
    privateMode: false,
    assets: [
      asset({ ticker: "VTI", quantity: 10, PoA: 165, DoA: "2020-01-02" }),
      asset({ ticker: "BND", quantity: 20, PoA: 84, DoA: "2020-01-02" }),
    ],
  });

  it("fills every live figure from the CSV closes, and the cachable copy says the same", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const slug = await h.create("alice", "Three Fund", threeFund);
    h.deps.clock.set(TODAY);
    const res = await h.as("bob").get(slug);
    expect(res.statusCode).toBe(200);
    const { data, valuation, has_updates } = res.json();
    expect(has_updates).toBe(false);

    const cost = 10 * 165 + 20 * 84; // 1650 + 1680 = 3330
    const mvVti = 10 * vti.last;
    const mvBnd = 20 * bnd.last;
    const mv = mvVti + mvBnd;
    const [a, b] = data.assets;
    expect(a).toMatchObject({
      ticker: "VTI",
      name: "Vanguard Total Stock Market ETF",
      assetClass: "ETF",
      fee: 0.03,
      latestPrice: vti.last,
    });
    expect(a.marketValue).toBeCloseTo(mvVti, 9);
    expect(a.profitLoss).toBeCloseTo(mvVti - 1650, 9);
    expect(a.percent).toBeCloseTo((mvVti / mv) * 100, 9);
    expect(a.historical_data["2020-03"]).toBe(vti.month["2020-03"]);
    expect(b.latestPrice).toBe(bnd.last);
    expect(b.percent).toBeCloseTo((mvBnd / mv) * 100, 9);

    expect(data.marketValue).toBeCloseTo(mv, 9);
    // both expense ratios are 0.03 %: 0.03 × (p_VTI + p_BND) / 100 = 0.03
    expect(data.fees).toBe(0.03);
    expect(data.lastRefreshed).toBe(new Date(TODAY).toISOString());
    const months = Object.keys(data.allHistory);
    expect(months[0]).toBe("2020-01");
    expect(months.at(-1)).toBe("2026-07");
    for (const m of ["2020-01", "2020-03", "2023-06"]) expect(data.allHistory[m]).toBeCloseTo(10 * vti.month[m] + 20 * bnd.month[m], 9);
    expect(data.allHistory["2026-07"]).toBeCloseTo(mv, 9);

    expect(valuation).toMatchObject({
      valuationDate: "2026-07-13",
      pricesAsOf: "2026-07-13",
      value: cost,
      indexTicker: "SPY",
      indexName: "S&P 500",
      unpriced: [],
    });
    expect(valuation.marketValue).toBeCloseTo(mv, 9);
    expect(valuation.profitLoss).toBeCloseTo(mv - cost, 9);
    expect(valuation.definitions.twr).toMatch(/time-weighted/i);
    expect(valuation.definitions.xirr).toMatch(/XIRR/);

    // 1Y: from the close of 2025-07 to today, nothing bought in between, so the TWR telescopes to V_end / V_base − 1
    const base1y = 10 * vti.month["2025-07"] + 20 * bnd.month["2025-07"];
    const oneYear = valuation.ranges["1Y"];
    expect(oneYear).toMatchObject({ base: "2025-07", end: "2026-07", netPurchases: 0 });
    expect(oneYear.startValue).toBeCloseTo(base1y, 9);
    expect(oneYear.profitLoss).toBeCloseTo(mv - base1y, 9);
    expect(oneYear.profitLossPercent).toBeCloseTo(pct(mv, base1y), 9);
    expect(oneYear.series.months).toHaveLength(13);
    // the index line starts at the portfolio's value and moves as SPY did
    expect(oneYear.benchmark).toMatchObject({ ticker: "SPY", start: "2025-07" });
    expect(oneYear.benchmark.returnPercent).toBeCloseTo(pct(spy.last, spy.month["2025-07"]), 9);
    expect(oneYear.benchmark.series.values[0]).toBeCloseTo(base1y, 9);
    expect(oneYear.benchmark.series.values.at(-1)).toBeCloseTo((base1y * spy.last) / spy.month["2025-07"], 9);
    expect(valuation.ranges.YTD.base).toBe("2025-12");
    expect(valuation.ranges["3Y"].base).toBe("2023-07");
    expect(valuation.ranges.All).toMatchObject({ base: null, netPurchases: cost });
    expect(valuation.ranges.All.profitLoss).toBeCloseTo(mv - cost, 9);
    expect(valuation.twrPercent).toBe(valuation.ranges.All.profitLossPercent);
    expect(valuation.profitLossBars.map((bar: { period: string }) => bar.period)).toEqual(["All", "YTD", "1Y", "3Y"]);
    expect(valuation.profitLossBars[2].profitLoss).toBe(oneYear.profitLoss);

    // XIRR with one purchase date: cost × (1 + r)^(days / 365) = market value
    // (dated on the valuation date: the prices' 2026-07-13, not the clock's 2026-07-14)
    const days = (Date.UTC(2026, 6, 13) - Date.UTC(2020, 0, 2)) / 86_400_000;
    expect(valuation.xirrPercent).toBeCloseTo(((mv / cost) ** (365 / days) - 1) * 100, 6);

    // COVID-19 Crash: today's weights bought at the close of 2020-01, held to the close of 2020-03
    const covid = valuation.periods.find((p: { name: string }) => p.name === "COVID-19 Crash");
    const w = { VTI: mvVti / mv, BND: mvBnd / mv };
    expect(covid).toMatchObject({ from: "2020-01", to: "2020-03", excluded: [] });
    expect(covid.returnPercent).toBeCloseTo(
      (w.VTI * (vti.month["2020-03"] / vti.month["2020-01"]) + w.BND * (bnd.month["2020-03"] / bnd.month["2020-01"]) - 1) * 100,
      9,
    );
    expect(valuation.periods.map((p: { name: string }) => p.name)).toEqual([
      "All",
      "2002 Crash",
      "2002-2007",
      "2008 Crash",
      "2009-2014",
      "COVID-19 Crash",
    ]);

    const cached = await h.as(null).cachable(slug);
    expect(cached.statusCode).toBe(200);
    expect(cached.headers["content-type"]).toMatch(/^application\/json/);
    expect(cached.json()).toEqual({ data, valuation, has_updates: false, state: { notOwner: true, isAdmin: false } });
  });

  it("draws the benchmark the portfolio picks", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const slug = await h.create("alice", "Three Fund", threeFund);
    expect((await h.as("alice").settings(slug, { indexTicker: "VOO" })).statusCode).toBe(200);
    const voo = closes("VOO");
    const { valuation } = (await h.as(null).cachable(slug)).json();
    expect(valuation).toMatchObject({ indexTicker: "VOO", indexName: "ETF Vanguard" });
    expect(valuation.ranges["1Y"].benchmark.ticker).toBe("VOO");
    expect(valuation.ranges["1Y"].benchmark.returnPercent).toBeCloseTo(pct(voo.last, voo.month["2025-07"]), 9);
  });

  it("leaves VOO out of the 2008 Crash, which it did not exist for, and says so", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const slug = await h.create("alice", "Two Funds", {
      privateMode: false,
      assets: [
        asset({ ticker: "VOO", quantity: 5, PoA: 180, DoA: "2015-03-02" }),
        asset({ ticker: "SPY", quantity: 2, PoA: 200, DoA: "2015-03-02" }),
      ],
    });
    const { valuation } = (await h.as(null).cachable(slug)).json();
    const crash = valuation.periods.find((p: { name: string }) => p.name === "2008 Crash");
    expect(crash).toMatchObject({ from: "2007-10", to: "2009-02", excluded: ["VOO"], weights: { SPY: 100 } });
    expect(crash.returnPercent).toBeCloseTo(pct(spy.month["2009-02"], spy.month["2007-10"]), 9);
    const covid = valuation.periods.find((p: { name: string }) => p.name === "COVID-19 Crash");
    expect(covid.excluded).toEqual([]);
  });

  it("shows an unknown ticker without live figures, names it, and values the rest", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const slug = await h.create("alice", "Mixed", {
      privateMode: false,
      assets: [
        asset({ ticker: "VTI", quantity: 10, PoA: 165, DoA: "2020-01-02" }),
        asset({ ticker: "ZZZZ", quantity: 3, PoA: 10, DoA: "2021-05-03" }),
      ],
    });
    for (const res of [await h.as(null).cachable(slug), await h.as("alice").get(slug)]) {
      expect(res.statusCode).toBe(200);
      const { data, valuation } = res.json();
      expect(valuation.unpriced).toEqual(["ZZZZ"]);
      expect(data.assets[1]).toMatchObject({ ticker: "ZZZZ", quantity: 3, value: 30 });
      expect(data.assets[1]).not.toHaveProperty("latestPrice");
      expect(data.assets[1]).not.toHaveProperty("marketValue");
      expect(data.marketValue).toBeCloseTo(10 * vti.last, 9);
      expect(data.assets[0].percent).toBe(100);
    }
  });

  it("sets quantities from initial percents on a save that asks for it, at the price of the purchase month", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const assets = [
      asset({ ticker: "VTI", quantity: 1, PoA: 165, DoA: "2020-01-02", initialPercent: 60 }),
      asset({ ticker: "BND", quantity: 1, PoA: 84, DoA: "2020-01-02", initialPercent: 40 }),
      asset({ ticker: "ZZZZ", quantity: 7, PoA: 10, DoA: "2020-01-02", initialPercent: 0 }),
    ];
    const plain = await h.as("alice").save("new", input({ assets }), "Kept");
    expect(plain.json().data.assets.map((x: { quantity: number }) => x.quantity)).toEqual([1, 1, 7]);
    expect(plain.json()).not.toHaveProperty("initialPercentSkipped");

    const res = await h.as("alice").save("new", input({ assets, totalValue: 20000, applyInitialPercents: true }), "Applied");
    expect(res.statusCode).toBe(200);
    // quantity = round(T × p / 100 / close of DoA's month)
    const qVti = Math.round((20000 * 60) / 100 / vti.month["2020-01"]);
    const qBnd = Math.round((20000 * 40) / 100 / bnd.month["2020-01"]);
    const body = res.json();
    expect(body.data.assets.map((x: { quantity: number }) => x.quantity)).toEqual([qVti, qBnd, 7]);
    expect(body.data.assets[0].value).toBeCloseTo(qVti * 165, 9);
    expect(body.initialPercentSkipped).toEqual(["ZZZZ"]);
    expect((await h.stored(body.slug))?.assets.map((x) => x.quantity)).toEqual([qVti, qBnd, 7]);
  });
});

describe("pricing outages", () => {
  let fake: FakeMarketData | undefined;
  afterAll(async () => {
    await fake?.close();
  });

  it("keeps a portfolio readable when the pricing service is not there at all", async () => {
    await open({});
    const slug = await h.create("alice", "Alone", { privateMode: false });
    for (const res of [await h.as(null).cachable(slug), await h.as("alice").get(slug)]) {
      expect(res.statusCode).toBe(200);
      const { data, valuation } = res.json();
      expect(valuation.unpriced).toEqual(["VTI"]);
      expect(valuation.marketValue).toBeNull();
      expect(data.marketValue).toBeNull();
      expect(data.allHistory).toBeNull();
      expect(data.assets[0]).not.toHaveProperty("latestPrice");
    }
  });

  it.skipIf(!hasRealData)("shows no live figures while the market-data provider is down, and real ones once it is back", async () => {
    fake = await startFakeMarketData({ dataDir: REAL_DATA_DIR });
    await open({
      pricing: true,
      env: { MARKET_DATA_PROVIDERS: "yahoo", YAHOO_BASE_URL: fake.url, MARKET_DATA_RETRIES: "1", MARKET_DATA_RETRY_BASE_MS: "1" },
    });
    fake.setDown(true);
    const slug = await h.create("alice", "Weather", { privateMode: false });
    const during = await h.as(null).cachable(slug);
    expect(during.statusCode).toBe(200);
    expect(during.json().valuation.unpriced).toEqual(["VTI"]);
    expect(during.json().data.assets[0]).not.toHaveProperty("latestPrice");

    fake.setDown(false);
    // pricing leaves a provider that did not answer alone for a backoff of at most 10 minutes (docs/product-decisions.md "Without internet") …
    h.deps.clock.advance(10 * 60_000);
    // … and an outage is never cached as an answer: the uncached read asks again
    const after = await h.as("alice").get(slug);
    expect(after.json().valuation.unpriced).toEqual([]);
    expect(after.json().data.assets[0].latestPrice).toBeCloseTo(closes("VTI").last, 6);
  });
});
