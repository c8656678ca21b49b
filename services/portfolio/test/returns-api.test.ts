/**
 * Total returns through the real routes (docs/numbers.md "How the numbers are computed"): the portfolio service asks
 * the pricing service (same app, inject) for prices read by the CSV provider, and every expected figure is
 * worked out by hand below from the files' rows. Splits (NVDA), dividends (JNJ), currencies (SAP.DE in
 * euros, a London ETF quoted in pence), the owner's base currency, and the date of every price.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { envelope } from "@folio/platform/ids";
import type { PortfolioReply } from "@folio/proto/portfolio";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { asset, type Harness, harness } from "./helpers.ts";
import { closes, copyMarketData, hasRealData, REAL_DATA_DIR, removeCopies } from "./market-data.ts";

/** The day after the files' last close (2026-07-13): prices are a day old. */
// the files hold float32 values (203.52999877929688 for 203.53): money is compared to the cent
const TODAY = Date.UTC(2026, 6, 14, 12, 0, 0);

/** A reply read field by field: the expectations below check its shape. */
// biome-ignore lint/suspicious/noExplicitAny: the assertions check every field they read
type Loose = any;

let h: Harness;
const opened: Harness[] = [];
async function open(env: Record<string, string>): Promise<Harness> {
  h = await harness({ pricing: true, env: { MARKET_DATA_PROVIDERS: "csv", ...env } });
  h.deps.clock.set(TODAY);
  opened.push(h);
  return h;
}
afterEach(async () => {
  for (const x of opened.splice(0)) await x.close();
});
afterAll(() => removeCopies());

async function valued(over: Parameters<Harness["create"]>[2]) {
  const slug = await h.create("alice", "Returns", over);
  h.deps.clock.set(TODAY);
  const res = await h.as("alice").get(slug);
  expect(res.statusCode).toBe(200);
  return { slug, ...(res.json() as PortfolioReply) } as { slug: string; data: Loose; valuation: Loose };
}

describe.skipIf(!hasRealData)("total returns on the real market data", () => {
  it("NVDA 10 @ $450 on 2023-09-11: 100 shares after the 10:1 split, +352.29 %", async () => {
    await open({ MARKET_DATA_DIR: REAL_DATA_DIR });
    const { data, valuation } = await valued({ assets: [asset({ ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" })] });
    const nvda = data.assets[0];
    // splits/NVDA.csv: 2024-06-10,10 → F = 10; the entry stays as typed
    expect(nvda).toMatchObject({ quantity: 10, PoA: 450, shares: 100, splitFactor: 10, currency: "USD", priceDate: "2026-07-13" });
    expect(nvda.splitNote).toBe("10 bought → 100 after the 10:1 split of Jun 10, 2024");
    // cost 10 × 450 = 4,500; NVDA.csv's last row 2026-07-13 closes at 203.53: 100 × 203.53 = 20,353
    expect(nvda.cost).toBe(4500);
    expect(nvda.marketValue).toBeCloseTo(20353, 1);
    // P/L 20,353 − 4,500 = 15,853 = 352.29 % of 4,500
    expect(valuation.profitLoss).toBeCloseTo(15853, 1);
    expect(valuation.profitLossPercent).toBeCloseTo(352.29, 2);
    expect(valuation).toMatchObject({ baseCurrency: "USD", returnBasis: "total", pricesAsOf: "2026-07-13", valuationDate: "2026-07-13" });
    // NVDA has no dividends file: its adjusted closes hold its small dividends, and the reply says so
    expect(valuation.gaps).toContainEqual(expect.objectContaining({ kind: "dividends-in-closes", ticker: "NVDA" }));
  });

  it("the dashboard's list carries the same figures per asset: 100 NVDA shares, +352.29 %, not the raw quantity", async () => {
    await open({ MARKET_DATA_DIR: REAL_DATA_DIR });
    await valued({ assets: [asset({ ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" })] });
    const res = await h.as("alice").list();
    expect(res.statusCode).toBe(200);
    const [item] = Object.values((res.json() as Loose).portfolios) as Loose[];
    const nvda = item.assets[0];
    // as saved: 10 @ 450; valued: 100 shares × 203.53 = 20,353, P/L 15,853 = 352.29 % of the 4,500 paid
    expect(nvda).toMatchObject({
      quantity: 10,
      PoA: 450,
      shares: 100,
      splitFactor: 10,
      cost: 4500,
      currency: "USD",
      priceDate: "2026-07-13",
    });
    expect(nvda.latestPrice).toBeCloseTo(203.53, 2);
    expect(nvda.marketValue).toBeCloseTo(20353, 1);
    expect(nvda.profitLossPercent).toBeCloseTo(352.29, 2);
    expect(item.marketValue).toBeCloseTo(20353, 1);
  });

  it("JNJ 100 @ $100.48 on 2016-01-04: $4,377 of dividends received, +200.10 %", async () => {
    await open({ MARKET_DATA_DIR: REAL_DATA_DIR });
    const { data, valuation } = await valued({ assets: [asset({ ticker: "JNJ", quantity: 100, PoA: 100.48, DoA: "2016-01-04" })] });
    const jnj = data.assets[0];
    // split-adjusted/JNJ.csv's last row: 257.77 → 100 × 257.77 = 25,777; dividends/JNJ.csv after 2016-01-04
    // to 2026-07-13 sum to 43.77 a share → 100 × 43.77 = 4,377
    expect(jnj.marketValue).toBeCloseTo(25777, 1);
    expect(jnj.dividends).toBeCloseTo(4377, 1);
    // P/L = 25,777 + 4,377 − 10,048 = 20,106 = 200.10 % of 10,048; price only 15,729 = 156.54 %
    expect(valuation.dividends).toBeCloseTo(4377, 1);
    expect(valuation.profitLoss).toBeCloseTo(20106, 1);
    expect(valuation.priceProfitLoss).toBeCloseTo(15729, 1);
    expect(valuation.profitLossPercent).toBeCloseTo(200.1, 2);
    expect(valuation.definitions.basis).toMatch(/^Total return/);
    // the All range counts the same dividends, and its TWR is the reply's twrPercent
    expect(valuation.ranges.All.dividends).toBeCloseTo(4377, 1);
    expect(valuation.ranges.All.profitLoss).toBeCloseTo(20106, 1);
    expect(valuation.twrPercent).toBe(valuation.ranges.All.profitLossPercent);
    // the benchmark is the same purchase put into SPY, labelled as what it is
    expect(valuation.benchmarkLabel).toBe("S&P 500 (SPY, total return)");
    expect(valuation.benchmarkMode).toBe("what-if");
    const whatIf = valuation.ranges.All.benchmarkWhatIf;
    expect(whatIf).toMatchObject({ mode: "what-if", label: "S&P 500 (SPY, total return)", netPurchases: 10048 });
    expect(whatIf.series.months).toEqual(valuation.ranges.All.series.months);
    expect(valuation.ranges.All.benchmark).toMatchObject({ mode: "rescaled", label: "S&P 500 (SPY, total return)" });
    expect(valuation.xirrMultipleRoots).toBe(false);
    expect(valuation.xirrRootsPercent).toHaveLength(1);
  });

  it("keeps JNJ in the 2002 crash's backtest: its closes before split-adjusted/JNJ.csv starts come from JNJ.csv", async () => {
    await open({ MARKET_DATA_DIR: REAL_DATA_DIR });
    const { valuation } = await valued({ assets: [asset({ ticker: "JNJ", quantity: 100, PoA: 100.48, DoA: "2016-01-04" })] });
    const crash = valuation.periods.find((p: Loose) => p.name === "2002 Crash");
    expect(crash).toMatchObject({ excluded: [], weights: { JNJ: 100 } });
    // the rescaled adjusted closes: the scale cancels, no dividends apart before 2006 (they are in the closes)
    // JNJ.csv's last March 2000 row 17.703935623168945, last September 2002 row 28.192462921142578: +59.244 %
    const month = closes("JNJ").month;
    expect(crash.returnPercent).toBeCloseTo((month["2002-09"] / month["2000-03"] - 1) * 100, 6);
  });
});

describe.skipIf(!hasRealData)("stale prices", () => {
  let fake: FakeMarketData | undefined;
  afterAll(async () => {
    await fake?.close();
  });

  it("values at the last good price while the provider is down, marks it stale and says its date", async () => {
    fake = await startFakeMarketData({ dataDir: REAL_DATA_DIR });
    await open({ MARKET_DATA_PROVIDERS: "yahoo", YAHOO_BASE_URL: fake.url, MARKET_DATA_RETRIES: "1", MARKET_DATA_RETRY_BASE_MS: "1" });
    const { slug, valuation: before } = await valued({ assets: [asset({ ticker: "KO", quantity: 10, PoA: 50, DoA: "2020-01-02" })] });
    expect(before.stale).toEqual([]);

    // two hours on, every cached price has expired and the provider does not answer
    fake.setDown(true);
    h.deps.clock.set(TODAY + 2 * 60 * 60_000);
    const res = await h.as("alice").get(slug);
    const { data, valuation } = res.json();
    // the same figures as before, at the last good price, each marked and dated: never a silent gap
    expect(valuation.unpriced).toEqual([]);
    expect(valuation.stale).toEqual(["KO"]);
    expect(data.assets[0]).toMatchObject({ stale: true, priceDate: before.pricesAsOf });
    expect(valuation.marketValue).toBeCloseTo(before.marketValue, 9);
    expect(valuation.pricesAsOf).toBe(before.pricesAsOf);
  });
});

describe.skipIf(!hasRealData)("initial percents that buy less than half a unit", () => {
  it("BTC-USD at 20 % of $10,000 rounds to 0 units, and the save says so", async () => {
    await open({ MARKET_DATA_DIR: REAL_DATA_DIR });
    const btc = closes("BTC-USD").month["2024-01"] as number;
    const assets = [asset({ ticker: "BTC-USD", quantity: 1, PoA: 42000, DoA: "2024-01-02", initialPercent: 20 })];
    const res = await h.as("alice").save("new", { assets, totalValue: 10000, applyInitialPercents: true }, "Coins");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 10,000 × 20 % = $2,000 at January 2024's close (≈ $42,000) is ≈ 0.05 of a coin: 0 whole units
    expect(body.data.assets[0].quantity).toBe(0);
    expect(body.initialPercentSkipped).toEqual([]);
    expect(body.initialPercentZero).toHaveLength(1);
    expect(body.initialPercentZero[0]).toMatchObject({ ticker: "BTC-USD", initialPercent: 20, amount: 2000 });
    expect(body.initialPercentZero[0].price).toBeCloseTo(btc, 6);
    expect(body.initialPercentZero[0].units).toBeCloseTo(2000 / btc, 9);
  });
});

/**
 * A folder of hand-made rows: SAP.DE in euros, VUSA.L quoted in pence, their dollar rates, NESN.SW in francs
 * without a CHFUSD=X file, and SPY's real closes for the benchmark.
 */
function currencyFolder(): string {
  const dir = copyMarketData(["SPY"]);
  const rows = (lines: string[]) => `date,close\n${lines.join("\n")}\n`;
  writeFileSync(join(dir, "currencies.csv"), "ticker,currency\nSAP.DE,EUR\nVUSA.L,GBp\nNESN.SW,CHF\n");
  writeFileSync(join(dir, "SAP.DE.csv"), rows(["2024-01-31,150", "2024-06-28,180", "2026-07-13,200"]));
  writeFileSync(join(dir, "VUSA.L.csv"), rows(["2024-01-31,7000", "2026-07-13,9000"]));
  writeFileSync(join(dir, "NESN.SW.csv"), rows(["2024-01-31,100", "2026-07-13,90"]));
  writeFileSync(join(dir, "EURUSD=X.csv"), rows(["2024-01-31,1.08", "2024-06-28,1.07", "2026-07-13,1.17"]));
  writeFileSync(join(dir, "GBPUSD=X.csv"), rows(["2024-01-31,1.27", "2026-07-13,1.35"]));
  mkdirSync(join(dir, "splits"), { recursive: true });
  return dir;
}

describe.skipIf(!hasRealData)("currencies", () => {
  const holdings = [
    asset({ ticker: "SAP.DE", quantity: 10, PoA: 150, DoA: "2024-01-15" }),
    asset({ ticker: "VUSA.L", quantity: 100, PoA: 70, DoA: "2024-01-15" }),
    asset({ ticker: "NESN.SW", quantity: 5, PoA: 100, DoA: "2024-01-15" }),
  ];

  it("converts each asset at its month's rate, reads pence as pounds, and lists a missing rate as a gap", async () => {
    await open({ MARKET_DATA_DIR: currencyFolder() });
    const { data, valuation } = await valued({ assets: holdings });
    const [sap, vusa, nesn] = data.assets;
    // SAP.DE: cost 10 × €150 × 1.08 (Jan 2024) = $1,620; value 10 × €200 × 1.17 (Jul 2026) = $2,340
    expect(sap).toMatchObject({ currency: "EUR", latestPrice: 200 });
    expect(sap.cost).toBeCloseTo(1620, 9);
    expect(sap.marketValue).toBeCloseTo(2340, 9);
    // VUSA.L: 9,000 pence = £90.00; cost 100 × £70 × 1.27 = $8,890; value 100 × £90 × 1.35 = $12,150
    expect(vusa).toMatchObject({ currency: "GBP", latestPrice: 90 });
    expect(vusa.cost).toBeCloseTo(8890, 9);
    expect(vusa.marketValue).toBeCloseTo(12150, 9);
    // NESN.SW: no CHFUSD=X: counted in no figure, never at 1:1
    expect(nesn.marketValue).toBeNull();
    expect(valuation.unpriced).toEqual(["NESN.SW"]);
    expect(valuation.gaps).toContainEqual(expect.objectContaining({ kind: "fx", ticker: "NESN.SW", pair: "CHFUSD=X" }));
    // totals of the priced assets: 2,340 + 12,150 = 14,490 against 1,620 + 8,890 = 10,510
    expect(valuation.baseCurrency).toBe("USD");
    expect(valuation.marketValue).toBeCloseTo(14490, 9);
    expect(valuation.profitLoss).toBeCloseTo(3980, 9);
    expect(data.marketValue).toBeCloseTo(14490, 9);
    expect(sap.percent).toBeCloseTo((2340 / 14490) * 100, 9);
  });

  it("values in the owner's base currency once account.updated says so", async () => {
    await open({ MARKET_DATA_DIR: currencyFolder() });
    const slug = await h.create("alice", "Euro", { assets: [holdings[0]] });
    const owners = h.modules[0].consumers?.find((c) => c.types.includes("account.updated"));
    await owners?.handle(
      envelope("account.updated", "alice", { uid: "alice", displayName: null, username: null, baseCurrency: "EUR" }, TODAY),
    );
    await h.relay();
    h.deps.clock.set(TODAY);
    const { data, valuation } = (await h.as("alice").get(slug)).json();
    // in euros no rate is needed: cost 10 × 150 = €1,500, value 10 × 200 = €2,000
    expect(valuation.baseCurrency).toBe("EUR");
    expect(data.assets[0].cost).toBe(1500);
    expect(valuation.marketValue).toBe(2000);
    expect(valuation.profitLossView).toBe("€500.00");
    // the benchmark SPY is in dollars and the folder has no USDEUR=X: it is left out and says why
    expect(valuation.gaps).toContainEqual(expect.objectContaining({ kind: "fx", pair: "USDEUR=X" }));
  });
});
