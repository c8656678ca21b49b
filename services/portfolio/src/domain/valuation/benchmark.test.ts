import { describe, expect, it } from "vitest";
import { benchmark, benchmarkSeries } from "./benchmark.ts";
import { buildTimeline } from "./timeline.ts";
import { valuePortfolio } from "./value-portfolio.ts";

// Portfolio as in range-returns.test.ts: value 2021-06 500 · 2023-12 1000 · 2024-03 1100 · 2024-06 1320 · 2024-09 1240
const prices = {
  A: { latestPrice: 110, history: { "2021-06": 50, "2021-09": 60, "2023-09": 90, "2023-12": 100, "2024-06": 120 } },
  B: { latestPrice: 35, history: { "2024-03": 25, "2024-06": 30 } },
};
const holdings = [
  { ticker: "A", quantity: 10, PoA: 50, DoA: "2021-06-01" },
  { ticker: "B", quantity: 4, PoA: 25, DoA: "2024-03-01" },
];
const index = { ticker: "^GSPC", history: { "2021-06": 2000, "2023-12": 4000, "2024-06": 5000, "2024-09": 4400 } };

describe("rescaled benchmark line (the spec's mode)", () => {
  const t = buildTimeline(holdings, prices, "2024-09-30", { index });

  it("YTD starts at the portfolio's value at the end of 2023 and follows the index", () => {
    // series[m] = 1000 × index[m] / 4000: Dec–May 4000 → 1000, Jun–Aug 5000 → 1250, Sep 4400 → 1100
    const ytd = benchmarkSeries(t, "YTD");
    expect(ytd).toMatchObject({ ticker: "^GSPC", range: "YTD", start: "2023-12", startValue: 1000 });
    expect(ytd?.series.values).toEqual([1000, 1000, 1000, 1000, 1000, 1000, 1250, 1250, 1250, 1100]);
    // 4400 / 4000 − 1 = 10 %
    expect(ytd?.returnPercent).toBeCloseTo(10, 10);
  });

  it("All starts at the first purchase month's value", () => {
    // 500 × index / 2000; the end 500 × 4400 / 2000 = 1100; index change 4400 / 2000 − 1 = 120 %
    const all = benchmarkSeries(t, "All");
    expect(all).toMatchObject({ start: "2021-06", startValue: 500 });
    expect(all?.series.values.at(-1)).toBe(1100);
    expect(all?.series.values[0]).toBe(500);
    expect(all?.returnPercent).toBeCloseTo(120, 10);
  });

  it("starts at the first month the index has a close when it begins inside the range", () => {
    const late = buildTimeline(holdings, prices, "2024-09-30", {
      index: { ticker: "X", history: { "2024-01": 100, "2024-09": 120 }, latestPrice: 125 },
    });
    // no index close for 2023-12: start 2024-01 at the portfolio's 1000; the valuation month takes the latest
    // index price 125 → 1000 × 125 / 100 = 1250
    const ytd = benchmarkSeries(late, "YTD");
    expect(ytd).toMatchObject({ start: "2024-01", startValue: 1000 });
    expect(ytd?.series.values.at(-1)).toBe(1250);
    expect(ytd?.returnPercent).toBeCloseTo(25, 10);
  });

  it("is null without an index", () => {
    expect(benchmark(buildTimeline(holdings, prices, "2024-09-30"), [])).toBeNull();
  });
});

/*
 * What-if: A 10 × 100 on 2024-01-10 (cost 1,000) and B 5 × 100 on 2024-03-05 (cost 500).
 * A closes: Jan 100 · Feb 105 · Mar 110 · latest 120 on 2024-04-20. B: Mar 100 · latest 90.
 * Index I: Jan 200 · Feb 210 · Mar 220 · latest 230 on 2024-04-20; a dividend of 1.0 on 2024-02-20.
 */
describe("what-if benchmark: the same purchases invested in the index", () => {
  const prices = {
    A: { latestPrice: 120, asOf: "2024-04-20", history: { "2024-01": 100, "2024-02": 105, "2024-03": 110 } },
    B: { latestPrice: 90, asOf: "2024-04-20", history: { "2024-03": 100 } },
  };
  const lots = [
    { ticker: "A", quantity: 10, PoA: 100, DoA: "2024-01-10" },
    { ticker: "B", quantity: 5, PoA: 100, DoA: "2024-03-05" },
  ];
  const I = {
    ticker: "I",
    name: "I Index",
    latestPrice: 230,
    asOf: "2024-04-20",
    history: { "2024-01": 200, "2024-02": 210, "2024-03": 220 },
    dividends: [{ date: "2024-02-20", amount: 1 }],
  };
  const v = valuePortfolio({ assets: lots, prices, index: I, today: "2024-04-30" });
  const whatIf = v.benchmark?.whatIf.All;

  it("buys the index with each purchase's amount at the close of the month it enters", () => {
    // A's 1,000 buys 1,000 / 200 = 5 units in January; B's 500 buys 500 / 220 = 2.2727… in March
    // values: Jan 5 × 200 = 1,000 · Feb 5 × 210 = 1,050 · Mar 5 × 220 + 500 = 1,600 · Apr 7.2727… × 230 = 1,672.7273
    expect(whatIf?.series.values.map((x) => Number(x.toFixed(4)))).toEqual([1000, 1050, 1600, 1672.7273]);
    expect(whatIf?.netPurchases).toBe(1500);
    // the February dividend reaches A's 5 units only (B was bought after its ex-date): 5 × 1 = 5
    expect(whatIf?.dividends).toBe(5);
    // P/L = 1,672.7273 − 1,500 + 5 = 177.7273
    expect(whatIf?.profitLoss).toBeCloseTo((500 / 220 + 5) * 230 - 1500 + 5, 9);
  });

  it("measures the index's TWR by the portfolio's own rules, so the percent views compare like with like", () => {
    // Jan (1,000 − 1,000) / 1,000 = 0 · Feb (1,050 − 1,000 + 5) / 1,000 = 0.055
    // Mar: B's 500 on day 5 of 31 → weight 27/31: (1,600 − 1,050 − 500) / (1,050 + 500 × 27/31) = 50 / 1,485.4839
    // Apr: 1,672.7273 / 1,600 − 1 = 0.0454545
    const expected = 1.055 * (1 + 50 / (1050 + (500 * 27) / 31)) * (((500 / 220 + 5) * 230) / 1600) - 1;
    expect(whatIf?.profitLossPercent).toBeCloseTo(expected * 100, 9);
    // the portfolio: Jan 1,000 · Feb 1,050 · Mar 1,100 + 500 · Apr 1,200 + 450 = 1,650
    expect(v.ranges.All?.series.values).toEqual([1000, 1050, 1600, 1650]);
  });

  it("labels the benchmark with what it is", () => {
    expect(v.benchmark?.label).toBe("I Index (I, total return)");
    expect(valuePortfolio({ assets: lots, prices, index: I, today: "2024-04-30", returnBasis: "price" }).benchmark?.label).toBe(
      "I Index (I, price return)",
    );
    expect(valuePortfolio({ assets: lots, prices, index: { ...I, name: null }, today: "2024-04-30" }).benchmark?.label).toBe(
      "I (total return)",
    );
  });

  it("keeps the spec's rescaled line, grown with the index's dividends reinvested", () => {
    // G: Jan 200 · Feb 200 × (210 + 1) / 200 = 211 · Mar 211 × 220 / 210 · Apr × 230 / 220
    // series = 1,000 × G / 200: 1,000 · 1,055 · 1,105.2381 · 1,155.4762; return 1,155.4762 / 1,000 − 1
    const rescaled = v.benchmark?.rescaled.All;
    expect(rescaled).toMatchObject({ start: "2024-01", startValue: 1000 });
    expect(rescaled?.series.values.map((x) => Number(x.toFixed(4)))).toEqual([1000, 1055, 1105.2381, 1155.4762]);
    expect(rescaled?.returnPercent).toBeCloseTo(((((211 * 220) / 210) * (230 / 220)) / 200 - 1) * 100, 9);
  });
});
