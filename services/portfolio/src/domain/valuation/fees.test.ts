import { describe, expect, it } from "vitest";
import { parseFee, portfolioFees, valueAssets } from "./assets.ts";

describe("weighted fees", () => {
  it("reads a fee number and a percent string the same way: both are percent values", () => {
    expect(parseFee(0.03)).toBe(0.03);
    expect(parseFee("0.03%")).toBe(0.03);
    expect(parseFee(" 0.2 % ")).toBe(0.2);
    expect(parseFee("0.5")).toBe(0.5);
    expect(parseFee(null)).toBeNull();
    expect(parseFee(undefined)).toBeNull();
    expect(parseFee("n/a")).toBeNull();
    expect(parseFee("%")).toBeNull();
  });

  it("sums fee × percent share to 4 decimals", () => {
    const prices = {
      VOO: { latestPrice: 100, history: {} },
      BND: { latestPrice: 50, history: {} },
      AAPL: { latestPrice: 25, history: {} },
    };
    const assets = valueAssets(
      [
        { ticker: "VOO", quantity: 5, PoA: 90, DoA: "2024-01-02", fee: 0.03 },
        { ticker: "BND", quantity: 5, PoA: 50, DoA: "2024-01-02", fee: "0.035%" },
        { ticker: "AAPL", quantity: 2, PoA: 20, DoA: "2024-01-02", fee: null },
      ],
      prices,
      "2024-06-28",
    );
    // market values 500, 250, 50 of 800 → shares 62.5 %, 31.25 %, 6.25 %
    // 0.03 × 0.625 + 0.035 × 0.3125 + 0 × 0.0625 = 0.01875 + 0.0109375 = 0.0296875 → 0.0297
    expect(portfolioFees(assets)).toBe(0.0297);
  });

  it("rounds half up at the 4th decimal", () => {
    // 0.25 × 50 % + 0.0001 × 50 % = 0.125 + 0.00005 = 0.12505 → 0.1251
    expect(
      portfolioFees([
        { feePercent: 0.25, percent: 50 },
        { feePercent: 0.0001, percent: 50 },
      ]),
    ).toBe(0.1251);
  });

  it("is null when no asset has a share", () => {
    expect(portfolioFees([{ feePercent: 0.1, percent: null }])).toBeNull();
    expect(portfolioFees([])).toBeNull();
  });
});
