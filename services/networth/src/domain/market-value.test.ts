import { describe, expect, it } from "vitest";
import { netWorthIn, pairsNeeded, type QuoteAnswer, splitFactor } from "./market-value.ts";
import type { PortfolioHoldings } from "./net-worth.ts";

const NVDA_SPLITS = [
  { date: "2021-07-20", ratio: 4 },
  { date: "2024-06-10", ratio: 10 },
];

describe("splitFactor", () => {
  it("multiplies the ratios of the splits after the purchase date", () => {
    // bought 2020: both splits, 4 × 10 = 40; bought 2023: the 2024 one, 10; on the ex-date itself: already split
    expect(splitFactor(NVDA_SPLITS, "2020-01-02")).toBe(40);
    expect(splitFactor(NVDA_SPLITS, "2023-09-11")).toBe(10);
    expect(splitFactor(NVDA_SPLITS, "2024-06-10")).toBe(1);
    // a holding stored before purchase dates were kept: no split is assumed
    expect(splitFactor(NVDA_SPLITS, undefined)).toBe(1);
  });
});

describe("netWorthIn", () => {
  const quotes = new Map<string, QuoteAnswer>([
    ["NVDA", { price: 200, currency: "USD", splits: NVDA_SPLITS, stale: false }],
    ["SAP.DE", { price: 200, currency: "EUR", splits: [], stale: false }],
    ["KO", { price: 70, currency: "USD", splits: [], stale: true }],
    ["NESN.SW", { price: 90, currency: "CHF", splits: [], stale: false }],
    ["XYZ", null],
    ["VTI", "unavailable"],
  ]);
  const rates = new Map<string, QuoteAnswer>([["EURUSD=X", { price: 1.17, currency: "USD", splits: [], stale: false }]]);
  const main: PortfolioHoldings = {
    playGround: false,
    holdings: [
      { ticker: "NVDA", quantity: 10, DoA: "2023-09-11" },
      { ticker: "SAP.DE", quantity: 10, DoA: "2024-01-15" },
      { ticker: "KO", quantity: 2, DoA: "2020-01-02" },
      { ticker: "NESN.SW", quantity: 5, DoA: "2024-01-15" },
      { ticker: "XYZ", quantity: 1 },
      { ticker: "VTI", quantity: 1 },
    ],
  };
  const sandbox: PortfolioHoldings = { playGround: true, holdings: [{ ticker: "NVDA", quantity: 1000 }] };

  it("sums shares × price × rate in the base currency and lists what it could not price, and why", () => {
    // NVDA 10 × 10 × 200 = 20,000; SAP.DE 10 × 200 × 1.17 = 2,340; KO (stale) 2 × 70 = 140 → 22,480
    expect(netWorthIn([main, sandbox], quotes, rates, "USD")).toEqual({
      netWorth: 22480,
      baseCurrency: "USD",
      stale: ["KO"],
      unpriced: [
        { ticker: "NESN.SW", reason: "no-exchange-rate" },
        { ticker: "VTI", reason: "unavailable" },
        { ticker: "XYZ", reason: "unknown-ticker" },
      ],
    });
  });

  it("asks the pairs of every currency other than the base", () => {
    expect(pairsNeeded(quotes, "USD")).toEqual(["CHFUSD=X", "EURUSD=X"]);
    expect(pairsNeeded(quotes, "EUR")).toEqual(["CHFEUR=X", "USDEUR=X"]);
  });
});
