import { describe, expect, it } from "vitest";
import { benchmark, benchmarkSeries } from "./benchmark.ts";
import { buildTimeline } from "./timeline.ts";

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
