import { describe, expect, it } from "vitest";
import { fxPair } from "./market.ts";
import type { TickerPrices } from "./types.ts";
import { valuePortfolio } from "./value-portfolio.ts";

/*
 * SAP.DE in euros: closes Jan €200 · Feb €210 · latest €220 on 2024-03-20; a €2 dividend on 2024-02-10.
 * EURUSD=X (dollars per euro): Jan 1.10 · Feb 1.08 · latest 1.09 on 2024-03-20.
 * 10 shares bought at €200 on 2024-01-15.
 */
const SAP: TickerPrices = {
  latestPrice: 220,
  asOf: "2024-03-20",
  currency: "EUR",
  history: { "2024-01": 200, "2024-02": 210 },
  dividends: [{ date: "2024-02-10", amount: 2 }],
};
const EURUSD: TickerPrices = { latestPrice: 1.09, asOf: "2024-03-20", history: { "2024-01": 1.1, "2024-02": 1.08 } };
const sap = { ticker: "SAP.DE", quantity: 10, PoA: 200, DoA: "2024-01-15" };
const today = "2024-03-31";

describe("currencies", () => {
  it("names the pair it needs in Yahoo's form", () => {
    expect(fxPair("EUR", "USD")).toBe("EURUSD=X");
  });

  it("converts each amount at the rate of its month", () => {
    const v = valuePortfolio({ assets: [sap], prices: { "SAP.DE": SAP }, fx: { "EURUSD=X": EURUSD }, today });
    const [a] = v.assets;
    // prices stay in euros; amounts are dollars
    expect(a).toMatchObject({ currency: "EUR", latestPrice: 220, PoA: 200 });
    // cost 10 × 200 × 1.10 = 2,200; market 10 × 220 × 1.09 = 2,398; dividend 10 × 2 × 1.08 (February's rate) = 21.6
    expect(a.value).toBeCloseTo(2200, 9);
    expect(a.marketValue).toBeCloseTo(2398, 9);
    expect(a.dividends).toBeCloseTo(21.6, 9);
    // P/L 2,398 + 21.6 − 2,200 = 219.6
    expect(a.profitLoss).toBeCloseTo(219.6, 9);
    expect(a.profitLossView).toBe("$219.60");
    // months: Jan 10 × 200 × 1.10 = 2,200 · Feb 10 × 210 × 1.08 = 2,268 · Mar 10 × 220 × 1.09 = 2,398
    expect(Object.values(v.allHistory).map((x) => Number(x.toFixed(9)))).toEqual([2200, 2268, 2398]);
    expect(v).toMatchObject({ baseCurrency: "USD", unpriced: [], gaps: [] });
  });

  it("converts into a base currency other than the dollar", () => {
    // AAPL in dollars, base euros: USDEUR=X Jan 0.90, latest 0.92. Cost 2 × 100 × 0.90 = €180, market 2 × 150 × 0.92 = €276
    const v = valuePortfolio({
      assets: [{ ticker: "AAPL", quantity: 2, PoA: 100, DoA: "2024-01-10" }],
      prices: { AAPL: { latestPrice: 150, history: { "2024-01": 100 } } },
      fx: { "USDEUR=X": { latestPrice: 0.92, history: { "2024-01": 0.9 } } },
      baseCurrency: "EUR",
      today,
    });
    expect(v.value).toBeCloseTo(180, 9);
    expect(v.marketValue).toBeCloseTo(276, 9);
    // €276 − €180 = €96
    expect(v.assets[0].profitLossView).toBe("€96.00");
  });

  it("lists a missing rate as a gap and never converts 1:1", () => {
    const v = valuePortfolio({
      assets: [sap, { ticker: "VOO", quantity: 1, PoA: 400, DoA: "2024-01-15" }],
      prices: { "SAP.DE": SAP, VOO: { latestPrice: 450, history: {} } },
      today,
    });
    // SAP.DE counts in no figure: not €2,200 as $2,200, nor anything else
    expect(v.assets[0]).toMatchObject({ value: null, marketValue: null, dividends: null, profitLoss: null, percent: null });
    // totals are VOO's alone: cost 400, market 450
    expect(v).toMatchObject({ value: 400, marketValue: 450, profitLoss: 50, unpriced: ["SAP.DE"] });
    expect(v.gaps).toEqual([
      {
        kind: "fx",
        ticker: "SAP.DE",
        pair: "EURUSD=X",
        date: "2024-01-15",
        message: "SAP.DE: no EURUSD=X exchange rate for Jan 2024, so it is counted in no figure",
      },
    ]);
  });

  it("does not carry a rate back before the pair's first close", () => {
    // the pair starts in February: January's purchase has no rate, so the asset is left out
    const late = { latestPrice: 1.09, asOf: "2024-03-20", history: { "2024-02": 1.08 } };
    const v = valuePortfolio({ assets: [sap], prices: { "SAP.DE": SAP }, fx: { "EURUSD=X": late }, today });
    expect(v.assets[0].value).toBeNull();
    expect(v.gaps[0]).toMatchObject({ kind: "fx", pair: "EURUSD=X" });
  });
});
