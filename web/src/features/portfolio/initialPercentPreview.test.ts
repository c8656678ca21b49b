import { describe, expect, it } from "vitest";
import { previewInitialPercent, readInitialPercent, roundsToZero, wholeUnits } from "./initialPercentPreview.ts";

describe("initial percent, before it is applied", () => {
  it("names the amount of the total value and the whole units it buys at the purchase day's as-traded close", () => {
    // 25 % of $10,000 = $2,500; VTI closed $195.50 on 2021-01-29: 2500 / 195.5 = 12.79 → 13 units
    expect(previewInitialPercent(25, 10000, { close: 195.5, date: "2021-01-29" }, true)).toEqual({
      amount: 2500,
      price: 195.5,
      priceDate: "2021-01-29",
      quantity: 13,
      units: 2500 / 195.5,
    });
  });

  it("prices a lot bought before a split at what it traded at then, not at today's shares", () => {
    // NVDA closed $451.78 on 2023-09-11 (the split-adjusted close is a tenth of it); 10 % of $10,000 = $1,000 → 2.21 → 2
    expect(previewInitialPercent(10, 10000, { close: 451.78, date: "2023-09-11" }, true).quantity).toBe(2);
  });

  it("rounds half up, as the server does, cleaning the quotient's last digits", () => {
    // 1.25 % of $1,000 = $12.50 at $5 = 2.5 → 3; 0.1 % = $1 at $5 = 0.2 → 0
    expect(previewInitialPercent(1.25, 1000, { close: 5, date: "2024-03-01" }, true).quantity).toBe(3);
    expect(previewInitialPercent(0.1, 1000, { close: 5, date: "2024-03-01" }, true).quantity).toBe(0);
    // 0.7 / 0.28 = 2.4999999999999996 in floats, meant 2.5: 3
    expect(wholeUnits(0.7, 0.28)).toBe(3);
  });

  it("knows when the percent rounds to 0 units, and a percent of 0 is meant", () => {
    // BTC-USD at $49,000: 10 % of $10,000 = $1,000 buys 0.0204 of a coin
    const btc = previewInitialPercent(10, 10000, { close: 49000, date: "2021-02-10" }, true);
    expect(btc.quantity).toBe(0);
    expect(btc.units).toBeCloseTo(0.0204, 4);
    expect(roundsToZero(10, btc)).toBe(true);
    expect(roundsToZero(0, previewInitialPercent(0, 10000, { close: 49000, date: "2021-02-10" }, true))).toBe(false);
    expect(roundsToZero(10, previewInitialPercent(10, 10000, null, true))).toBe(false);
  });

  it("says only the amount when the price is not known here (no close, another currency)", () => {
    expect(previewInitialPercent(50, 10000, null, true)).toEqual({
      amount: 5000,
      price: null,
      priceDate: null,
      quantity: null,
      units: null,
    });
    expect(previewInitialPercent(10, 10000, { close: 200, date: "2024-01-02" }, false).quantity).toBeNull();
  });

  it("refuses over 100 %, negative and non-numbers, saying why; empty is none", () => {
    expect(readInitialPercent("40%")).toEqual({ ok: true, value: 40 });
    expect(readInitialPercent(" ")).toEqual({ ok: true, value: null });
    const over = readInitialPercent("120");
    expect(over.ok).toBe(false);
    expect(!over.ok && over.reason).toMatch(/Over 100 % is refused/);
    expect(readInitialPercent("-1").ok).toBe(false);
    expect(readInitialPercent("abc").ok).toBe(false);
  });
});
