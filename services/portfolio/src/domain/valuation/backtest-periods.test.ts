import { describe, expect, it } from "vitest";
import { valueAssets } from "./assets.ts";
import { currentWeights, historicalPeriods } from "./backtest.ts";
import { buildTimeline } from "./timeline.ts";

/*
 * Today (2020-06-15): X 25 × 12 = 300, Y 8 × 25 = 200, Z 10 × 50 = 500 → weights 30 %, 20 %, 50 % of 1000.
 * Closes: X 2020-01 10 · 02 9 · 03 7 · Y first close 2020-02 20 · Z 2020-01 40 · 02 40 (March carried: 40).
 */
const prices = {
  X: { latestPrice: 12, history: { "2020-01": 10, "2020-02": 9, "2020-03": 7 } },
  Y: { latestPrice: 25, history: { "2020-02": 20 } },
  Z: { latestPrice: 50, history: { "2020-01": 40, "2020-02": 40 } },
};
const assets = valueAssets(
  [
    { ticker: "X", quantity: 25, PoA: 10, DoA: "2020-01-02" },
    { ticker: "Y", quantity: 8, PoA: 20, DoA: "2020-02-03" },
    { ticker: "Z", quantity: 10, PoA: 40, DoA: "2020-01-02" },
  ],
  prices,
  "2020-06-15",
);

describe("historical periods (backtest of today's weights)", () => {
  const periods = historicalPeriods(buildTimeline(assets, prices, "2020-06-15"), currentWeights(assets), 1000);
  const find = (name: string) => periods.find((p) => p.period === name);

  it("lists the periods in the spec's order", () => {
    expect(periods.map((p) => p.period)).toEqual(["All", "2002 Crash", "2002-2007", "2008 Crash", "2009-2014", "COVID-19 Crash"]);
  });

  it("leaves out a ticker with no close at the period's start and renormalises the others", () => {
    const covid = find("COVID-19 Crash");
    // Y starts in 2020-02: out. X 30 / 80 = 37.5 %, Z 50 / 80 = 62.5 %
    expect(covid?.excluded).toEqual(["Y"]);
    expect(covid?.weights).toEqual({ X: 37.5, Z: 62.5 });
    // Feb: 1000 × (0.375 × 9/10 + 0.625 × 40/40) = 962.5; Mar: 1000 × (0.375 × 7/10 + 0.625) = 887.5
    expect(covid).toMatchObject({ start: "2020-01", end: "2020-03", startValue: 1000 });
    expect(covid?.series.months).toEqual(["2020-01", "2020-02", "2020-03"]);
    expect(covid?.series.values[0]).toBeCloseTo(1000, 10);
    expect(covid?.series.values[1]).toBeCloseTo(962.5, 10);
    expect(covid?.series.values[2]).toBeCloseTo(887.5, 10);
    // 887.5 / 1000 − 1 = −11.25 %
    expect(covid?.returnPercent).toBeCloseTo(-11.25, 10);
  });

  it("'All' runs from the latest first close among the tickers, so nothing is left out", () => {
    const all = find("All");
    // from 2020-02 (Y's first close) to 2020-06 at the latest prices:
    // 0.3 × 12/9 + 0.2 × 25/20 + 0.5 × 50/40 − 1 = 0.4 + 0.25 + 0.625 − 1 = 27.5 %
    expect(all).toMatchObject({ start: "2020-02", end: "2020-06", excluded: [] });
    expect(all?.returnPercent).toBeCloseTo(27.5, 10);
    expect(all?.endValue).toBeCloseTo(1275, 10);
  });

  it("computes nothing for a period before every price, and says why", () => {
    const crash = find("2002 Crash");
    expect(crash).toMatchObject({ start: "2000-03", end: "2002-09", returnPercent: null, endValue: null, excluded: ["X", "Y", "Z"] });
    expect(crash?.series.values).toEqual([]);
  });

  it("adds up the weight of a ticker held twice", () => {
    expect(
      currentWeights([
        { ticker: "X", percent: 20 },
        { ticker: "Z", percent: 50 },
        { ticker: "X", percent: 30 },
        { ticker: "Q", percent: 0 },
        { ticker: "R", percent: null },
      ]),
    ).toEqual([
      { ticker: "X", percent: 50 },
      { ticker: "Z", percent: 50 },
    ]);
  });

  it("does not run a period that has not ended by the valuation month", () => {
    const early = historicalPeriods(buildTimeline(assets, prices, "2020-02-20"), currentWeights(assets), 1000);
    expect(early.find((p) => p.period === "COVID-19 Crash")?.returnPercent).toBeNull();
  });

  it("carries a close from before the timeline into a period rather than leaving the ticker out", () => {
    const old = { W: { latestPrice: 30, history: { "1999-11": 20, "2001-06": 15, "2002-09": 10 } } };
    const held = valueAssets([{ ticker: "W", quantity: 1, PoA: 20, DoA: "2015-01-02" }], old, "2020-06-15");
    const result = historicalPeriods(buildTimeline(held, old, "2020-06-15"), currentWeights(held), 30);
    // the timeline starts 2000-03, which has no close: the 1999-11 close 20 carries in
    // 2002 Crash: 30 × 10 / 20 = 15 → −50 %; 2001-06 shows 30 × 15 / 20 = 22.5
    const crash = result.find((p) => p.period === "2002 Crash");
    expect(crash).toMatchObject({ excluded: [], returnPercent: -50, endValue: 15 });
    expect(crash?.series.values[0]).toBe(30);
    expect(crash?.series.values[crash.series.months.indexOf("2001-06")]).toBe(22.5);
    // All: W's prices predate the timeline, so it runs from the timeline's start: 30 / 20 − 1 = 50 %
    expect(result[0]).toMatchObject({ period: "All", start: "2000-03", end: "2020-06", returnPercent: 50 });
  });
});
