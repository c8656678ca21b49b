import { describe, expect, it } from "vitest";
import { applyInitialPercentsAt, initialQuantity, tradedPriceAtDoA } from "./initial-percents.ts";
import { createMarket } from "./market.ts";
import type { AssetInput, TickerPrices } from "./types.ts";

const prices: Record<string, TickerPrices> = {
  VOO: { latestPrice: 520, history: { "2024-01": 400, "2024-02": 415, "2024-05": 480 } },
  BND: { latestPrice: 72, history: { "2024-01": 70 } },
  NEW: { latestPrice: 30, history: {} },
};
const today = "2024-07-15";
const priceAt = (ticker: string, DoA: string, table: Record<string, TickerPrices> = prices, options = {}) =>
  tradedPriceAtDoA(createMarket({ ...options, holdings: [{ ticker, DoA }], prices: table, today }), ticker, DoA);

describe("initial percents", () => {
  it("buys T × p / 100 at the close of DoA's month, rounded to whole units", () => {
    const { assets, skipped, zero } = applyInitialPercentsAt(
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
    expect(zero).toEqual([]);
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
    expect(priceAt("VOO", "2024-04-03")).toBe(415);
    const { assets } = applyInitialPercentsAt(
      [{ ticker: "VOO", quantity: 0, PoA: 415, DoA: "2024-04-03", initialPercent: 50 }],
      10000,
      prices,
      today,
    );
    expect(assets[0].quantity).toBe(12);
  });

  it("uses the latest price when DoA is in the month of the price's date and that month has no close yet", () => {
    // 10000 × 10 / 100 / 30 = 33.33 → 33
    expect(priceAt("NEW", "2024-07-02")).toBe(30);
    const { assets } = applyInitialPercentsAt(
      [{ ticker: "NEW", quantity: "x", PoA: 30, DoA: "2024-07-02", initialPercent: 10 }],
      10000,
      prices,
      today,
    );
    expect(assets[0].quantity).toBe(33);
  });

  it("leaves the quantity as entered, and says so, when there is no price at DoA", () => {
    // NEW has no close before 2024-07, and 2023-12 is before VOO's first close: no price is invented
    expect(priceAt("NEW", "2024-03-01")).toBeNull();
    expect(priceAt("VOO", "2023-12-01")).toBeNull();
    // after today: a future purchase has no price at DoA
    expect(priceAt("VOO", "2024-08-01")).toBeNull();
    const { assets, skipped } = applyInitialPercentsAt(
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
    const { assets } = applyInitialPercentsAt(
      [{ ticker: "VOO", quantity: "4", PoA: 400, DoA: "2024-01-20", initialPercent: null }],
      10000,
      prices,
      today,
    );
    expect(assets[0].quantity).toBe(4);
  });

  it("buys in the shares traded on DoA: the split-adjusted close times the splits since", () => {
    // X's closes are in today's shares; a 10:1 split on 2024-06-10 came after a DoA in February.
    // price on DoA as traded = 45 × 10 = 450; 10000 × 45 / 100 / 450 = 10 shares, held today as 100
    const split: Record<string, TickerPrices> = {
      X: { latestPrice: 50, history: { "2024-02": 45 }, splits: [{ date: "2024-06-10", ratio: 10 }] },
    };
    expect(priceAt("X", "2024-02-05", split)).toBe(450);
    const { assets } = applyInitialPercentsAt(
      [{ ticker: "X", quantity: 0, PoA: 450, DoA: "2024-02-05", initialPercent: 45 }],
      10000,
      split,
      today,
    );
    expect(assets[0].quantity).toBe(10);
  });

  it("converts the price at DoA into the base currency at that month's rate", () => {
    // SAP.DE in EUR, February close €200, EURUSD=X February close 1.08 → $216 a share;
    // $10,000 × 50 % = $5,000 / $216 = 23.148 → 23
    const eur: Record<string, TickerPrices> = { "SAP.DE": { latestPrice: 210, history: { "2024-02": 200 }, currency: "EUR" } };
    const fx = { "EURUSD=X": { latestPrice: 1.1, history: { "2024-02": 1.08 } } };
    expect(priceAt("SAP.DE", "2024-02-20", eur, { fx })).toBeCloseTo(216, 10);
    const asset: AssetInput = { ticker: "SAP.DE", quantity: 0, PoA: 199, DoA: "2024-02-20", initialPercent: 50 };
    expect(applyInitialPercentsAt([asset], 10000, eur, today, { fx }).assets[0].quantity).toBe(23);
    // without the rate there is no price in dollars: skipped, never 1:1
    expect(applyInitialPercentsAt([asset], 10000, eur, today).skipped).toEqual(["SAP.DE"]);
  });

  it("reports a percent that buys less than half a unit instead of dropping it silently", () => {
    // BTC-USD at 20 % of $10,000: $2,000 / $98,000 = 0.0204 → 0 units (whole units, spec §5)
    const btc: Record<string, TickerPrices> = { "BTC-USD": { latestPrice: 98000, history: {} } };
    const applied = applyInitialPercentsAt(
      [{ ticker: "BTC-USD", quantity: 1, PoA: 98000, DoA: "2024-07-01", initialPercent: 20 }],
      10000,
      btc,
      today,
    );
    expect(applied.assets[0].quantity).toBe(0);
    expect(applied.zero).toHaveLength(1);
    expect(applied.zero[0]).toMatchObject({ ticker: "BTC-USD", initialPercent: 20, amount: 2000, price: 98000 });
    expect(applied.zero[0].units).toBeCloseTo(0.020408163, 8);
  });
});
