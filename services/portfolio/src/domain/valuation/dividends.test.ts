import { describe, expect, it } from "vitest";
import { currentWeights, historicalPeriods } from "./backtest.ts";
import { createMarket } from "./market.ts";
import { buildTimeline } from "./timeline.ts";
import type { TickerPrices } from "./types.ts";
import { valuePortfolio } from "./value-portfolio.ts";
import type { CashFlow } from "./xirr.ts";

/*
 * Y: closes adjusted for splits only: Jan 50 · Feb 52 · Mar 51 (the latest price, on 2024-03-28).
 * Dividends per share by ex-date: Jan 05 0.5 (the purchase day: not received) · Feb 15 0.4 · Mar 28 0.6
 * (on the valuation date: received) · Apr 10 0.7 (after the valuation date: not received).
 * 100 shares bought at 50 on 2024-01-05.
 */
const Y: TickerPrices = {
  latestPrice: 51,
  asOf: "2024-03-28",
  history: { "2024-01": 50, "2024-02": 52 },
  dividends: [
    { date: "2024-01-05", amount: 0.5 },
    { date: "2024-02-15", amount: 0.4 },
    { date: "2024-03-28", amount: 0.6 },
    { date: "2024-04-10", amount: 0.7 },
  ],
};
const lot = { ticker: "Y", quantity: 100, PoA: 50, DoA: "2024-01-05" };
const today = "2024-03-31";

/** NPV at rate r, written out apart from the solver: Σ a (1 + r)^(−days/365). */
function npv(flows: CashFlow[], r: number): number {
  const t0 = Math.min(...flows.map((f) => Date.parse(f.date)));
  return flows.reduce((sum, f) => sum + f.amount * (1 + r) ** (-(Date.parse(f.date) - t0) / 86_400_000 / 365), 0);
}

describe("dividends received (total return)", () => {
  const v = valuePortfolio({ assets: [lot], prices: { Y }, today });

  it("pays the dividends whose ex-date is after DoA and not after the valuation date", () => {
    // 100 × (0.4 + 0.6) = 100
    expect(v.assets[0].dividends).toBeCloseTo(100, 10);
    expect(v.dividends).toBeCloseTo(100, 10);
  });

  it("counts them as income in profit/loss", () => {
    // market 100 × 51 = 5,100; cost 5,000; price P/L 100; total P/L 100 + 100 = 200 = 4 %
    expect(v).toMatchObject({ value: 5000, marketValue: 5100, priceProfitLoss: 100 });
    expect(v.profitLoss).toBeCloseTo(200, 10);
    expect(v.profitLossPercent).toBeCloseTo(4, 10);
    expect(v.assets[0].profitLoss).toBeCloseTo(200, 10);
    expect(v.ranges.All?.dividends).toBeCloseTo(100, 10);
    expect(v.ranges.All?.profitLoss).toBeCloseTo(200, 10);
  });

  it("adds each month's dividends to its time-weighted return", () => {
    // Jan: (5,000 − 5,000 + 0) / 5,000 = 0 · Feb: (5,200 − 5,000 + 40) / 5,000 = 0.048
    // Mar: (5,100 − 5,200 + 60) / 5,200 = −0.0076923077 → TWR = 1.048 × 0.9923076923 − 1 = 3.99384615 %
    expect(v.allHistory).toEqual({ "2024-01": 5000, "2024-02": 5200, "2024-03": 5100 });
    expect(v.twrPercent).toBeCloseTo((1.048 * (1 - 40 / 5200) - 1) * 100, 9);
    expect(v.ranges.All?.twrSeries.map((p) => Number(p.toFixed(8)))).toEqual([0, 4.8, 3.99384615]);
  });

  it("adds them to XIRR as cash flows on their ex-dates", () => {
    const flows = [
      { amount: -5000, date: "2024-01-05" },
      { amount: 40, date: "2024-02-15" },
      { amount: 60, date: "2024-03-28" },
      { amount: 5100, date: "2024-03-28" },
    ];
    expect(Math.abs(npv(flows, (v.xirrPercent as number) / 100))).toBeLessThan(1e-7);
    expect(v.xirrMultipleRoots).toBe(false);
  });

  it("counts them nowhere under price return, but still reports them", () => {
    const p = valuePortfolio({ assets: [lot], prices: { Y }, today, returnBasis: "price" });
    // P/L 5,100 − 5,000 = 100 = 2 %; TWR 5,100 / 5,000 − 1 = 2 %
    expect(p).toMatchObject({ returnBasis: "price", profitLoss: 100, priceProfitLoss: 100, profitLossPercent: 2 });
    expect(p.dividends).toBeCloseTo(100, 10);
    expect(p.twrPercent).toBeCloseTo(2, 10);
    expect(p.ranges.All?.profitLoss).toBe(100);
    // XIRR: −5,000 on Jan 5, +5,100 on Mar 28 (83 days) → 1.02^(365/83) − 1
    expect(p.xirrPercent).toBeCloseTo((1.02 ** (365 / 83) - 1) * 100, 6);
  });

  it("pays each lot for the shares it held on the ex-date", () => {
    const two = valuePortfolio({
      assets: [lot, { ticker: "Y", quantity: 50, PoA: 52, DoA: "2024-02-20" }],
      prices: { Y },
      today,
    });
    // the second lot, bought after Feb 15, gets only Mar 28: 50 × 0.6 = 30
    expect(two.assets[1].dividends).toBeCloseTo(30, 10);
    // the month's income: Feb 100 × 0.4 = 40, Mar 150 × 0.6 = 90
    expect(two.ranges.All?.dividends).toBeCloseTo(130, 10);
  });
});

describe("dividends in the backtests and the benchmark's growth line", () => {
  it("reinvests each month's dividends at the month's close: the same return as the TWR of the held lot", () => {
    // G: Jan 50 · Feb 50 × (52 + 0.4) / 50 = 52.4 · Mar 52.4 × (51 + 0.6) / 52 = 51.9969230769
    const market = createMarket({ holdings: [lot], prices: { Y }, today });
    const g = market.instrument("Y").growth();
    const at = (month: string) => g[market.axis.months.indexOf(month)];
    expect(at("2024-01")).toBe(50);
    expect(at("2024-02")).toBeCloseTo(52.4, 12);
    expect(at("2024-03")).toBeCloseTo((52.4 * 51.6) / 52, 12);
    // the "All" backtest holds Y from January: 51.9969230769 / 50 − 1 = 3.99384615 %, the TWR above
    const t = buildTimeline([lot], { Y }, today);
    const all = historicalPeriods(t, currentWeights([{ ticker: "Y", percent: 100 }]), 5100)[0];
    expect(all.returnPercent).toBeCloseTo((1.048 * (1 - 40 / 5200) - 1) * 100, 9);
  });

  it("uses the closes alone under price return", () => {
    const market = createMarket({ holdings: [lot], prices: { Y }, today, returnBasis: "price" });
    const g = market.instrument("Y").growth();
    expect(g[market.axis.months.indexOf("2024-03")]).toBe(51);
  });
});

describe("closes that already include dividends", () => {
  it("counts no dividends for them and says so", () => {
    const folded: TickerPrices = { latestPrice: 51, asOf: "2024-03-28", history: { "2024-01": 50 }, dividendsInCloses: true };
    const v = valuePortfolio({ assets: [lot], prices: { Y: folded }, today });
    expect(v.dividends).toBe(0);
    expect(v.gaps.map((g) => g.kind)).toEqual(["dividends-in-closes"]);
  });
});
