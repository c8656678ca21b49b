import { describe, expect, it } from "vitest";
import { parseQuantity, portfolioTotals, valueAssets } from "./assets.ts";

const today = "2024-06-30";
const prices = {
  VOO: { latestPrice: 500, history: {} },
  KO: { latestPrice: 60, history: {} },
  TSLA: { latestPrice: 200, history: {} },
};

describe("per-asset figures", () => {
  it("values each asset at cost and at market, with its share of the market value", () => {
    const [voo, ko] = valueAssets(
      [
        { ticker: "VOO", quantity: 3, PoA: 400, DoA: "2023-01-10" },
        { ticker: "KO", quantity: 10, PoA: 65, DoA: "2023-02-10" },
      ],
      prices,
      today,
    );
    // VOO: value 3 × 400 = 1200; marketValue 3 × 500 = 1500; profitLoss 300; 300 / 1200 = 25 %
    expect(voo).toMatchObject({ value: 1200, marketValue: 1500, profitLoss: 300, profitLossPercent: 25, profitLossView: "$300.00" });
    // KO: value 10 × 65 = 650; marketValue 10 × 60 = 600; profitLoss −50; −50 / 650 = −7.6923 %
    expect(ko).toMatchObject({ value: 650, marketValue: 600, profitLoss: -50, profitLossView: "-$50.00" });
    expect(ko.profitLossPercent).toBeCloseTo(-7.692307692, 9);
    // Σ marketValue = 2100: VOO 1500 / 2100 = 71.428571 %, KO 600 / 2100 = 28.571429 %
    expect(voo.percent).toBeCloseTo(71.428571429, 9);
    expect(ko.percent).toBeCloseTo(28.571428571, 9);
  });

  it("shows gains as percents when formatGains is '%'", () => {
    const [voo] = valueAssets([{ ticker: "VOO", quantity: 3, PoA: 400, DoA: "2023-01-10" }], prices, today, "%");
    expect(voo.profitLossView).toBe("25%");
  });

  it("reads a non-numeric quantity as 0, which leaves profitLossPercent undefined (value 0)", () => {
    expect(parseQuantity("abc")).toBe(0);
    expect(parseQuantity("")).toBe(0);
    expect(parseQuantity(" 2.5 ")).toBe(2.5);
    expect(parseQuantity("1e2")).toBe(100);
    expect(parseQuantity("12 shares")).toBe(0);
    expect(parseQuantity(Number.NaN)).toBe(0);
    const [tsla, ko] = valueAssets(
      [
        { ticker: "TSLA", quantity: "lots", PoA: 150, DoA: "2023-03-01" },
        { ticker: "KO", quantity: "4", PoA: 50, DoA: "2023-03-01" },
      ],
      prices,
      today,
    );
    // TSLA: 0 × 150 = 0 cost, 0 × 200 = 0 market; profitLoss 0; 0 / 0 → null; share 0 / 240 = 0 %
    expect(tsla).toMatchObject({ quantity: 0, value: 0, marketValue: 0, profitLoss: 0, profitLossPercent: null, percent: 0 });
    // KO: 4 × 60 = 240 is the whole market value
    expect(ko).toMatchObject({ quantity: 4, value: 200, marketValue: 240, percent: 100 });
  });

  it("leaves an asset without a price out of market value, share and totals", () => {
    const assets = valueAssets(
      [
        { ticker: "VOO", quantity: 2, PoA: 450, DoA: "2023-01-10" },
        { ticker: "NOPE", quantity: 5, PoA: 10, DoA: "2023-01-10" },
      ],
      prices,
      today,
    );
    expect(assets[1]).toMatchObject({ latestPrice: null, marketValue: null, profitLoss: null, percent: null, profitLossView: "NA" });
    expect(assets[0].percent).toBe(100);
    // every total counts the priced asset alone: cost 2 × 450 = 900 (NOPE's 5 × 10 is left out, as from the
    // market value); market 2 × 500 = 1000; profit 1000 − 900 = 100 → 11.11 %
    const totals = portfolioTotals(assets);
    expect(totals).toMatchObject({ value: 900, marketValue: 1000, profitLoss: 100 });
    expect(totals.profitLossPercent).toBeCloseTo(11.111111111, 9);
  });

  it("has no market figures when nothing is priced", () => {
    const assets = valueAssets([{ ticker: "NOPE", quantity: 1, PoA: 10, DoA: "2023-01-10" }], prices, today);
    // nothing priced: nothing counted, not even the cost
    expect(portfolioTotals(assets)).toEqual({
      value: 0,
      marketValue: null,
      dividends: null,
      profitLoss: null,
      priceProfitLoss: null,
      profitLossPercent: null,
      unrealizedProfitLoss: null,
      realizedProfitLoss: null,
      invested: 0,
    });
  });
});
