import { describe, expect, it } from "vitest";
import { allHistory, buildTimeline } from "./timeline.ts";

const prices = {
  // 2024-02 missing: the 2024-01 close carries forward; 2024-06 lies after the valuation month
  A: { latestPrice: 14, history: { "2024-01": 11, "2024-03": 13, "2024-06": 99 } },
  // the valuation month's close so far (107) gives way to the latest price (108)
  B: { latestPrice: 108, history: { "2024-02": 105, "2024-03": 110, "2024-04": 107 } },
  // first close in 2024-03, though "bought" in 2023-12
  C: { latestPrice: 7, history: { "2024-03": 6 } },
  D: { latestPrice: 20, history: { "2024-04": 20 } },
};
const holdings = [
  { ticker: "A", quantity: 2, PoA: 10, DoA: "2024-01-15" },
  { ticker: "B", quantity: 1, PoA: 100, DoA: "2024-02-10" },
  { ticker: "C", quantity: 3, PoA: 5, DoA: "2023-12-01" },
  // bought after the valuation month: not part of any month's value
  { ticker: "D", quantity: 4, PoA: 20, DoA: "2024-05-02" },
];

describe("allHistory", () => {
  const t = buildTimeline(holdings, prices, "2024-04-20");

  it("sums quantity × month close over the assets bought by each month's end", () => {
    expect(allHistory(t)).toEqual({
      // C is held but has no close yet: nothing to value it at, so nothing is invented
      "2023-12": 0,
      // A: 2 × 11
      "2024-01": 22,
      // A: 2 × 11 (carried from January) + B: 1 × 105
      "2024-02": 127,
      // A: 2 × 13 + B: 1 × 110 + C: 3 × 6
      "2024-03": 154,
      // valuation month at the latest prices: A 2 × 14 + B 1 × 108 + C 3 × 7
      "2024-04": 157,
    });
  });

  it("records each month's purchases at cost, a purchase before the first close entering with that close", () => {
    const flow = (month: string) => t.flows[t.months.indexOf(month)];
    // A: 2 × 10 in January; B: 1 × 100 in February; C: 3 × 5 enters in March, its first priced month
    expect([flow("2023-12"), flow("2024-01"), flow("2024-02"), flow("2024-03"), flow("2024-04")]).toEqual([0, 20, 100, 15, 0]);
    // C's entry was held back, so it is dated on the 1st of March
    expect(t.minDay[t.months.indexOf("2024-03")]).toBe(1);
    expect(t.minDay[t.months.indexOf("2024-01")]).toBe(15);
  });

  it("is empty when every purchase lies after the valuation month", () => {
    const later = buildTimeline([holdings[3]], prices, "2024-04-20");
    expect(allHistory(later)).toEqual({});
  });

  it("leaves an asset with no price at all out of every month", () => {
    const none = buildTimeline([{ ticker: "X", quantity: 5, PoA: 1, DoA: "2024-01-01" }, holdings[0]], { A: prices.A }, "2024-02-01");
    // X is unknown; A: 2 × 11, then 2 × 14 at the latest price
    expect(allHistory(none)).toEqual({ "2024-01": 22, "2024-02": 28 });
  });
});
