import { describe, expect, it } from "vitest";
import { valuationDates } from "./market.ts";
import type { TickerPrices } from "./types.ts";
import { valuePortfolio } from "./value-portfolio.ts";

/*
 * The clock says 2026-11-23; the price folder ends in July (A, B) and August (C).
 * A: Jun 100 · latest 110 on 2026-07-13 (its history also has a stray "2026-08" close, after its date)
 * C: latest 20 on 2026-08-19
 */
const A: TickerPrices = { latestPrice: 110, asOf: "2026-07-13", history: { "2026-06": 100, "2026-08": 999 } };
const C: TickerPrices = { latestPrice: 20, asOf: "2026-08-19", history: {} };
const today = "2026-11-23";

describe("the date of the prices", () => {
  it("values the portfolio as of its newest price, not the clock", () => {
    const v = valuePortfolio({ assets: [{ ticker: "A", quantity: 10, PoA: 100, DoA: "2026-06-01" }], prices: { A }, today });
    expect(v).toMatchObject({ pricesAsOf: "2026-07-13", valuationDate: "2026-07-13" });
    // the last month is July, not November: no invented flat months
    expect(Object.keys(v.allHistory)).toEqual(["2026-06", "2026-07"]);
    expect(v.assets[0].priceDate).toBe("2026-07-13");
    // XIRR: −1,000 on Jun 1, +1,100 on Jul 13 (42 days) → 1.1^(365/42) − 1
    expect(v.xirrPercent).toBeCloseTo((1.1 ** (365 / 42) - 1) * 100, 6);
  });

  it("moves to the newest price among the holdings, each asset keeping its own date", () => {
    const v = valuePortfolio({
      assets: [
        { ticker: "A", quantity: 10, PoA: 100, DoA: "2026-06-01" },
        { ticker: "C", quantity: 5, PoA: 20, DoA: "2026-08-03" },
      ],
      prices: { A, C },
      today,
    });
    expect(v).toMatchObject({ pricesAsOf: "2026-08-19", valuationDate: "2026-08-19" });
    expect(v.assets.map((a) => a.priceDate)).toEqual(["2026-07-13", "2026-08-19"]);
    // A's July price carries into August: its stray "2026-08" close (999) is after its date and never read
    // August: 10 × 110 + 5 × 20 = 1,200
    expect(v.allHistory["2026-08"]).toBe(1200);
    expect(v.marketValue).toBe(1200);
  });

  it("values a purchase made after the newest price at that price, on its own date", () => {
    const v = valuePortfolio({
      assets: [
        { ticker: "A", quantity: 10, PoA: 100, DoA: "2026-06-01" },
        { ticker: "A", quantity: 1, PoA: 112, DoA: "2026-09-02" },
      ],
      prices: { A },
      today,
    });
    // valuation date = the later purchase; September holds 11 × 110 = 1,210 = the market value
    expect(v).toMatchObject({ pricesAsOf: "2026-07-13", valuationDate: "2026-09-02", marketValue: 1210 });
    expect(v.allHistory["2026-09"]).toBe(1210);
  });

  it("counts a purchase dated after today in no figure and lists it", () => {
    const v = valuePortfolio({
      assets: [
        { ticker: "A", quantity: 10, PoA: 100, DoA: "2026-06-01" },
        { ticker: "A", quantity: 100, PoA: 100, DoA: "2026-12-01" },
      ],
      prices: { A },
      today,
    });
    // only the first lot: cost 1,000, market 1,100
    expect(v).toMatchObject({ value: 1000, marketValue: 1100, unpriced: [] });
    expect(v.assets[1]).toMatchObject({ value: null, marketValue: null, percent: null });
    expect(v.gaps).toEqual([
      {
        kind: "future-purchase",
        ticker: "A",
        date: "2026-12-01",
        message: "A: bought on Dec 01, 2026, which is after today, so it is counted in no figure",
      },
    ]);
  });

  it("reads a price dated after today, or undated, as today's", () => {
    expect(valuationDates([{ ticker: "A", DoA: "2026-01-02" }], { A: { ...A, asOf: "2027-01-01" } }, today)).toEqual({
      pricesAsOf: today,
      valuationDate: today,
    });
    expect(valuationDates([{ ticker: "A", DoA: "2026-01-02" }], { A: { latestPrice: 1, history: {} } }, today).valuationDate).toBe(today);
    // nothing priced: today
    expect(valuationDates([{ ticker: "Z", DoA: "2026-01-02" }], {}, today)).toEqual({ pricesAsOf: null, valuationDate: today });
  });

  it("lists a date that is not a calendar date", () => {
    const v = valuePortfolio({ assets: [{ ticker: "A", quantity: 1, PoA: 1, DoA: "2026-02-30" }], prices: { A }, today });
    expect(v.value).toBe(0);
    expect(v.gaps[0]).toMatchObject({ kind: "invalid-date", ticker: "A" });
  });
});

describe("stale and unpriced assets in the totals", () => {
  it("counts a stale price at its value and names it; leaves an unpriced asset out of every market figure", () => {
    const v = valuePortfolio({
      assets: [
        { ticker: "A", quantity: 10, PoA: 100, DoA: "2026-06-01" },
        { ticker: "GONE", quantity: 3, PoA: 50, DoA: "2026-06-01" },
      ],
      prices: { A: { ...A, stale: true } },
      today,
    });
    // every total counts A alone: cost 1,000 (GONE's 150 is left out too), market value 1,100; P/L 100 = 10 %
    expect(v).toMatchObject({ value: 1000, marketValue: 1100, profitLoss: 100, profitLossPercent: 10, stale: ["A"], unpriced: ["GONE"] });
    expect(v.assets[0]).toMatchObject({ stale: true, staleReason: "last-known" });
    // the unpriced asset still shows its own cost
    expect(v.assets[1].value).toBe(150);
    expect(v.allHistory["2026-07"]).toBe(1100);
    expect(v.gaps.map((g) => [g.kind, g.ticker])).toEqual([["unpriced", "GONE"]]);
  });
});
