import { describe, expect, it } from "vitest";
import { rangeReturns } from "./returns.ts";
import { buildTimeline } from "./timeline.ts";

/*
 * A: 10 units bought 2021-06-01 at 50. Closes (carried forward between the listed months):
 *   2021-06 50 · 2021-09 60 · 2023-09 90 · 2023-12 100 · 2024-06 120 · latest (2024-09) 110
 * B: 4 units bought 2024-03-01 at 25. Closes: 2024-03 25 · 2024-06 30 · latest 35
 *
 * Portfolio value: 2021-06..08 500 · 2021-09..2023-08 600 · 2023-09..11 900 · 2023-12..2024-02 1000
 *   · 2024-03..05 1000 + 100 = 1100 · 2024-06..08 1200 + 120 = 1320 · 2024-09 1100 + 140 = 1240
 * Monthly returns (flows on the 1st, weight 1): 2021-06 (500 − 0 − 500) / 500 = 0 · 2021-09 600/500 − 1 = 0.2
 *   · 2023-09 900/600 − 1 = 0.5 · 2023-12 1000/900 − 1 = 0.1111… · 2024-03 (1100 − 1000 − 100) / 1100 = 0
 *   · 2024-06 1320/1100 − 1 = 0.2 · 2024-09 1240/1320 − 1 = −0.0606060…; all other months 0
 */
const prices = {
  A: { latestPrice: 110, history: { "2021-06": 50, "2021-09": 60, "2023-09": 90, "2023-12": 100, "2024-06": 120 } },
  B: { latestPrice: 35, history: { "2024-03": 25, "2024-06": 30 } },
};
const holdings = [
  { ticker: "A", quantity: 10, PoA: 50, DoA: "2021-06-01" },
  { ticker: "B", quantity: 4, PoA: 25, DoA: "2024-03-01" },
];

describe("range returns over allHistory", () => {
  const r = rangeReturns(buildTimeline(holdings, prices, "2024-09-30"));

  it("YTD: from the end of 2023; B's purchase is not a gain", () => {
    // profitLoss = 1240 − 1000 − 100 = 140 (A 10 × (110 − 100) + B 4 × (35 − 25))
    // TWR = 1.2 × (1240 / 1320) − 1 = 1.2 × 0.9393939… − 1 = 0.1272727…
    expect(r.YTD).toMatchObject({ base: "2023-12", end: "2024-09", startValue: 1000, value: 1240, netPurchases: 100, profitLoss: 140 });
    expect(r.YTD?.profitLossPercent).toBeCloseTo(12.727272727, 8);
    expect(r.YTD?.series.months[0]).toBe("2023-12");
    expect(r.YTD?.series.values).toEqual([1000, 1000, 1000, 1100, 1100, 1100, 1320, 1320, 1320, 1240]);
  });

  it("1Y: from 2023-09", () => {
    // profitLoss = 1240 − 900 − 100 = 240; TWR = (1000 / 900) × 1.1272727… − 1 = 0.2525252…
    expect(r["1Y"]).toMatchObject({ base: "2023-09", startValue: 900, netPurchases: 100, profitLoss: 240 });
    expect(r["1Y"]?.profitLossPercent).toBeCloseTo(25.252525253, 8);
  });

  it("3Y: from 2021-09", () => {
    // profitLoss = 1240 − 600 − 100 = 540; TWR = 1.5 × 1.2525252… − 1 = 0.8787878…
    expect(r["3Y"]).toMatchObject({ base: "2021-09", startValue: 600, netPurchases: 100, profitLoss: 540 });
    expect(r["3Y"]?.profitLossPercent).toBeCloseTo(87.878787879, 8);
  });

  it("All: since the first purchase, every purchase a flow", () => {
    // profitLoss = 1240 − 0 − 600 = 640 (A 10 × 60 + B 4 × 10); TWR = 1.2 × 1.8787878… − 1 = 1.2545454…
    expect(r.All).toMatchObject({ base: null, startValue: 0, value: 1240, netPurchases: 600, profitLoss: 640, profitLossView: "$640.00" });
    expect(r.All?.profitLossPercent).toBeCloseTo(125.454545455, 8);
    // the naive end / start − 1 over allHistory would be 1240 / 500 − 1 = 148 %: the purchase counted as gain
    expect(r.All?.series.months[0]).toBe("2021-06");
    expect(r.All?.series.months.length).toBe(40);
  });

  it("a range reaching before the first purchase is measured since inception", () => {
    const young = rangeReturns(buildTimeline([holdings[1]], prices, "2024-09-30"));
    // B alone from 2024-03: 3Y base would be 2021-09, before it existed → since inception
    // profitLoss = 140 − 0 − 100 = 40; TWR = 1.2 × (140 / 120) − 1 = 0.4
    expect(young["3Y"]).toMatchObject({ base: null, startValue: 0, netPurchases: 100, profitLoss: 40 });
    expect(young["3Y"]?.profitLossPercent).toBeCloseTo(40, 9);
    expect(young["3Y"]?.series.months[0]).toBe("2024-03");
  });

  it("is null for every range when nothing was bought by the valuation date", () => {
    const none = rangeReturns(buildTimeline([], prices, "2024-09-30"));
    expect(none).toEqual({ All: null, YTD: null, "1Y": null, "3Y": null });
  });
});
