import { describe, expect, it } from "vitest";
import { modifiedDietzReturn, monthReturn, rangeReturns, timeWeightedReturn } from "./returns.ts";
import { buildTimeline } from "./timeline.ts";

describe("Modified Dietz month returns", () => {
  it("weights a mid-month purchase by the share of the month it was held", () => {
    // A: 10 units at 100 bought 2024-01-01, Jan close 100, Feb close 110
    // B: 10 units at 50 bought 2024-02-15 (cost 500), Feb close 55; February 2024 has 29 days
    const t = buildTimeline(
      [
        { ticker: "A", quantity: 10, PoA: 100, DoA: "2024-01-01" },
        { ticker: "B", quantity: 10, PoA: 50, DoA: "2024-02-15" },
      ],
      { A: { latestPrice: 110, history: { "2024-01": 100 } }, B: { latestPrice: 55, history: {} } },
      "2024-02-29",
    );
    // V0 = 1000, V1 = 1100 + 550 = 1650, F = 500, w = (29 − 15 + 1) / 29 = 15/29
    // r = (1650 − 1000 − 500) / (1000 + 500 × 15/29) = 150 / (36500/29) = 4350 / 36500 = 0.119178082…
    expect(monthReturn(t, t.end)).toBeCloseTo(0.1191780822, 10);
  });

  it("starts an empty portfolio's month at its first purchase", () => {
    // nothing held at the end of March; April 2024 has 30 days
    // 10 units at 100 on the 10th, 1 unit at 100 on the 20th; April close 105
    const t = buildTimeline(
      [
        { ticker: "A", quantity: 10, PoA: 100, DoA: "2024-04-10" },
        { ticker: "A", quantity: 1, PoA: 100, DoA: "2024-04-20" },
      ],
      { A: { latestPrice: 105, history: {} } },
      "2024-04-30",
    );
    // sub-period from day 10: 21 days; weights (30 − 10 + 1)/21 = 1 and (30 − 20 + 1)/21 = 11/21
    // r = (1155 − 0 − 1100) / (1000 + 100 × 11/21) = 55 / (22100/21) = 1155 / 22100 = 0.052262443…
    expect(monthReturn(t, t.end)).toBeCloseTo(0.0522624434, 10);
    // one purchase into an empty portfolio is simply (V − F) / F whatever its day: (1050 − 1000) / 1000
    const single = buildTimeline(
      [{ ticker: "A", quantity: 10, PoA: 100, DoA: "2024-04-28" }],
      { A: { latestPrice: 105, history: {} } },
      "2024-04-30",
    );
    expect(monthReturn(single, single.end)).toBeCloseTo(0.05, 12);
  });

  it("has no return for a month with no capital at work", () => {
    expect(modifiedDietzReturn(0, 0, 0, 0)).toBeNull();
    // a free asset (PoA 0) bought into an empty portfolio: no capital, so no return rather than infinity
    expect(modifiedDietzReturn(0, 50, 0, 0)).toBeNull();
  });
});

describe("time-weighted return", () => {
  it("chains sub-period returns geometrically", () => {
    // +10 % on 1000, then a 1000 purchase at the start of a month that gains 100 on 2100 capital, then −5 %
    // (1.1) × (1 + 100 / 2100) × 0.95 − 1 = 1.1 × 1.0476190… × 0.95 − 1 = 0.0947619…
    const twr = timeWeightedReturn([
      { startValue: 1000, endValue: 1100, flow: 0 },
      { startValue: 1100, endValue: 2200, flow: 1000 },
      { startValue: 2200, endValue: 2090, flow: 0 },
    ]);
    expect(twr).toBeCloseTo(0.0947619048, 10);
  });

  it("does not reward money added: a deposit with no price change is a 0 % return", () => {
    expect(timeWeightedReturn([{ startValue: 1000, endValue: 3000, flow: 2000 }])).toBe(0);
  });

  it("applies a flow weight below 1 for money invested for part of the period", () => {
    // (1650 − 1000 − 500) / (1000 + 0.5 × 500) = 150 / 1250 = 0.12
    expect(timeWeightedReturn([{ startValue: 1000, endValue: 1650, flow: 500, flowWeight: 0.5 }])).toBeCloseTo(0.12, 12);
  });

  it("is null when no sub-period had capital", () => {
    expect(timeWeightedReturn([])).toBeNull();
    expect(timeWeightedReturn([{ startValue: 0, endValue: 0, flow: 0 }])).toBeNull();
  });

  it("gives the same TWR on the timeline as the chain of its months", () => {
    // A 10 × 100 on 2024-01-01 → Jan close 110; B 5 × 200 on 2024-03-01; closes: A Feb 121, Mar 121; B Mar 220
    // allHistory: Jan 1100, Feb 1210, Mar 1210 + 1100 = 2310
    // TWR = 1.1 × 1.1 × (1 + (2310 − 1210 − 1000) / (1210 + 1000)) − 1 = 1.21 × 1.0452488… − 1 = 0.2647511…
    const t = buildTimeline(
      [
        { ticker: "A", quantity: 10, PoA: 100, DoA: "2024-01-01" },
        { ticker: "B", quantity: 5, PoA: 200, DoA: "2024-03-01" },
      ],
      { A: { latestPrice: 121, history: { "2024-01": 110, "2024-02": 121 } }, B: { latestPrice: 220, history: {} } },
      "2024-03-31",
    );
    const all = rangeReturns(t).All;
    expect(all?.profitLossPercent).toBeCloseTo(26.4751131222, 8);
    // profit 2310 − 2000 = 310 = A 10 × 21 + B 5 × 20
    expect(all?.profitLoss).toBe(310);
  });
});
