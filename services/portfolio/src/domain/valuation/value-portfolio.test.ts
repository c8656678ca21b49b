import { describe, expect, it } from "vitest";
import type { ValuationInput } from "./types.ts";
import { valuePortfolio } from "./value-portfolio.ts";

/*
 * A: 10 × 100 bought 2024-01-01 (fee 0.03), closes Jan 110, Feb 121, latest 121
 * B: 5 × 200 bought 2024-03-01 (fee "0.5%"), no closes yet, latest 220
 * index ^X: Jan 1000, Feb 1100, Mar 1050
 */
const input: ValuationInput = {
  today: "2024-03-31",
  assets: [
    { ticker: "A", quantity: 10, PoA: 100, DoA: "2024-01-01", fee: 0.03 },
    { ticker: "B", quantity: "5", PoA: 200, DoA: "2024-03-01", fee: "0.5%" },
  ],
  prices: {
    A: { latestPrice: 121, history: { "2024-01": 110, "2024-02": 121 } },
    B: { latestPrice: 220, history: {} },
  },
  index: { ticker: "^X", name: "Index X", history: { "2024-01": 1000, "2024-02": 1100, "2024-03": 1050 } },
};

describe("valuePortfolio", () => {
  const v = valuePortfolio(input);

  it("values the assets and the portfolio", () => {
    // A: 1000 cost, 1210 market, +210 (21 %); B: 1000 cost, 1100 market, +100 (10 %)
    expect(v.assets.map((a) => [a.value, a.marketValue, a.profitLoss, a.profitLossPercent])).toEqual([
      [1000, 1210, 210, 21],
      [1000, 1100, 100, 10],
    ]);
    // shares of 2310: 1210 / 2310 = 52.38 %, 1100 / 2310 = 47.62 %
    expect(v.assets[0].percent).toBeCloseTo(52.380952381, 8);
    // totals: 2000 cost, 2310 market, 310 profit = 15.5 %
    expect(v).toMatchObject({ value: 2000, marketValue: 2310, profitLoss: 310, profitLossPercent: 15.5 });
  });

  it("weights the fees by share", () => {
    // 0.03 × 0.5238095 + 0.5 × 0.4761905 = 0.0157143 + 0.2380952 = 0.2538095 → 0.2538
    expect(v.fees).toBe(0.2538);
  });

  it("builds allHistory and the time-weighted return", () => {
    // Jan 10 × 110; Feb 10 × 121; Mar 10 × 121 + 5 × 220
    expect(v.allHistory).toEqual({ "2024-01": 1100, "2024-02": 1210, "2024-03": 2310 });
    // 1.1 × 1.1 × (1 + 100 / 2210) − 1 = 26.4751 %
    expect(v.twrPercent).toBeCloseTo(26.4751131222, 8);
    // YTD's base (2023-12) is the month before the first purchase: the same as All
    expect(v.ranges.YTD).toMatchObject({ base: null, profitLoss: 310, netPurchases: 2000 });
  });

  it("computes the money-weighted return from the purchases and today's value", () => {
    // −1000 at day 0, −1000 at day 60, +2310 at day 90: root of the NPV found by a separate bisection
    // (Python, 200 halvings of [0, 100]) at 1.3664174175763715 → 136.64 % a year
    expect(v.xirrPercent).toBeCloseTo(136.641741757637, 7);
  });

  it("draws the benchmark from the portfolio's starting value", () => {
    // All starts 2024-01 at 1100: 1100 × 1000/1000, × 1100/1000, × 1050/1000
    expect(v.benchmark?.rescaled.All?.series.values).toEqual([1100, 1210, 1155]);
    expect(v.benchmark?.rescaled.All?.returnPercent).toBeCloseTo(5, 10);
    expect(v.benchmark?.label).toBe("Index X (^X, total return)");
  });

  it("backtests today's weights, listing what had no price", () => {
    expect(v.periods.map((p) => [p.period, p.excluded])).toEqual([
      // B has only a latest price, so 'All' is the valuation month alone
      ["All", []],
      ["2002 Crash", ["A", "B"]],
      ["2002-2007", ["A", "B"]],
      ["2008 Crash", ["A", "B"]],
      ["2009-2014", ["A", "B"]],
      ["COVID-19 Crash", ["A", "B"]],
    ]);
    expect(v.periods[0]).toMatchObject({ start: "2024-03", end: "2024-03", returnPercent: 0 });
  });

  it("applies initial percents before valuing when asked", () => {
    const applied = valuePortfolio({
      ...input,
      applyInitialPercents: true,
      totalValue: 10000,
      assets: [
        { ...input.assets[0], initialPercent: 50 },
        { ...input.assets[1], initialPercent: 50 },
      ],
    });
    // A at January's close 110: 5000 / 110 = 45.45 → 45; B in the current month without a close, at 220: 22.73 → 23
    expect(applied.assets.map((a) => a.quantity)).toEqual([45, 23]);
    // value = quantity × PoA: 45 × 100 + 23 × 200
    expect(applied.value).toBe(9100);
    expect(applied.initialPercentSkipped).toEqual([]);
  });

  it("reports an initial percent that rounds to 0 units instead of dropping the asset silently", () => {
    // BTC-USD at 20 % of $10,000 bought this month at $98,000: $2,000 / $98,000 = 0.0204 → 0 units
    const v = valuePortfolio({
      today: "2024-03-31",
      assets: [{ ticker: "BTC-USD", quantity: 1, PoA: 98000, DoA: "2024-03-01", initialPercent: 20 }],
      prices: { "BTC-USD": { latestPrice: 98000, history: {} } },
      applyInitialPercents: true,
      totalValue: 10000,
    });
    expect(v.assets[0].quantity).toBe(0);
    expect(v.initialPercentZero[0]).toMatchObject({ ticker: "BTC-USD", amount: 2000, price: 98000 });
    expect(v.gaps).toEqual([
      {
        kind: "initial-percent-zero",
        ticker: "BTC-USD",
        message: "BTC-USD: 20 % of $10,000.00 is 0.0204 units at $98,000.00, which rounds to 0 units",
      },
    ]);
  });

  it("treats a non-numeric quantity as 0 throughout", () => {
    const zero = valuePortfolio({ ...input, assets: [input.assets[0], { ...input.assets[1], quantity: "five" }] });
    expect(zero.assets[1]).toMatchObject({ quantity: 0, value: 0, marketValue: 0, percent: 0, profitLossPercent: null });
    // only A counts: history 1100, 1210, 1210
    expect(zero.allHistory).toEqual({ "2024-01": 1100, "2024-02": 1210, "2024-03": 1210 });
    // fees: A holds 100 % → 0.03
    expect(zero.fees).toBe(0.03);
  });

  it("shows gains as percents when formatGains is '%'", () => {
    const pct = valuePortfolio({ ...input, formatGains: "%" });
    expect(pct.assets.map((a) => a.profitLossView)).toEqual(["21%", "10%"]);
    expect(pct.ranges.All?.profitLossView).toBe("26.48%");
  });

  it("refuses a valuation date that is not a date", () => {
    expect(() => valuePortfolio({ ...input, today: "today" })).toThrow(RangeError);
  });
});
