import { describe, expect, it } from "vitest";
import { applyInitialPercents, initialQuantity, priceAtDoA } from "./initial-percents.ts";

const prices = {
  VOO: { latestPrice: 520, history: { "2024-01": 400, "2024-02": 415, "2024-05": 480 } },
  BND: { latestPrice: 72, history: { "2024-01": 70 } },
  NEW: { latestPrice: 30, history: {} },
};
const today = "2024-07-15";

describe("initial percents", () => {
  it("buys T × p / 100 at the close of DoA's month, rounded to whole units", () => {
    const { assets, skipped } = applyInitialPercents(
      [
        { ticker: "VOO", quantity: 1, PoA: 400, DoA: "2024-01-20", initialPercent: 60 },
        { ticker: "BND", quantity: 1, PoA: 70, DoA: "2024-01-20", initialPercent: 40 },
      ],
      10000,
      prices,
      today,
    );
    // VOO: 10000 × 60 / 100 / 400 = 15 exactly
    // BND: 10000 × 40 / 100 / 70 = 57.142857 → 57
    expect(assets.map((a) => a.quantity)).toEqual([15, 57]);
    expect(skipped).toEqual([]);
  });

  it("rounds a half up and a just-below-half down", () => {
    // 10000 × 25 / 100 / 1000 = 2.5 → 3
    expect(initialQuantity(10000, 25, 1000)).toBe(3);
    // 2500 × 1.1 / 100 / 2.2 = 12.5 exactly in decimals, 12.499999999999998 in binary floats → still 13
    expect(initialQuantity(2500, 1.1, 2.2)).toBe(13);
    // 10000 × 24.99 / 100 / 1000 = 2.499 → 2
    expect(initialQuantity(10000, 24.99, 1000)).toBe(2);
    // 1000 × 65.1 / 100 / 1.2 = 542.5 → 543 (542.4999999999999 in floats)
    expect(initialQuantity(1000, 65.1, 1.2)).toBe(543);
  });

  it("carries the last close forward to a DoA month without one", () => {
    // 2024-04 has no close: the 2024-02 close 415 is the price at DoA; 10000 × 50 / 100 / 415 = 12.048 → 12
    expect(priceAtDoA(prices.VOO, "2024-04-03", today)).toBe(415);
    const { assets } = applyInitialPercents(
      [{ ticker: "VOO", quantity: 0, PoA: 415, DoA: "2024-04-03", initialPercent: 50 }],
      10000,
      prices,
      today,
    );
    expect(assets[0].quantity).toBe(12);
  });

  it("uses the latest price when DoA is in the current month and that month has no close yet", () => {
    // 10000 × 10 / 100 / 30 = 33.33 → 33
    expect(priceAtDoA(prices.NEW, "2024-07-02", today)).toBe(30);
    const { assets } = applyInitialPercents(
      [{ ticker: "NEW", quantity: "x", PoA: 30, DoA: "2024-07-02", initialPercent: 10 }],
      10000,
      prices,
      today,
    );
    expect(assets[0].quantity).toBe(33);
  });

  it("leaves the quantity as entered, and says so, when there is no price at DoA", () => {
    // NEW has no close before 2024-07, and 2023-12 is before VOO's first close: no price is invented
    expect(priceAtDoA(prices.NEW, "2024-03-01", today)).toBeNull();
    expect(priceAtDoA(prices.VOO, "2023-12-01", today)).toBeNull();
    expect(priceAtDoA(prices.VOO, "2024-08-01", today)).toBeNull();
    const { assets, skipped } = applyInitialPercents(
      [
        { ticker: "NEW", quantity: "7", PoA: 30, DoA: "2024-03-01", initialPercent: 10 },
        { ticker: "VOO", quantity: "abc", PoA: 1, DoA: "2023-12-01", initialPercent: 10 },
      ],
      10000,
      prices,
      today,
    );
    expect(assets.map((a) => a.quantity)).toEqual([7, 0]);
    expect(skipped).toEqual(["NEW", "VOO"]);
  });

  it("keeps assets without an initial percent as entered, with a numeric quantity", () => {
    const { assets } = applyInitialPercents(
      [{ ticker: "VOO", quantity: "4", PoA: 400, DoA: "2024-01-20", initialPercent: null }],
      10000,
      prices,
      today,
    );
    expect(assets[0].quantity).toBe(4);
  });
});
