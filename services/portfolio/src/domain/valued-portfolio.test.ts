import type { PriceReply } from "@folio/proto/pricing";
import { describe, expect, it } from "vitest";
import { fxPairsFor, tickerPrices } from "./valued-portfolio.ts";

const reply = (over: Partial<PriceReply> = {}): PriceReply => ({
  latestPrice: 200,
  ticker: "SAP.DE",
  historical_data: { "2024-01": 140, "2024-02": 150 },
  fee: 0,
  name: "SAP",
  assetClass: "Stock",
  ...over,
});

describe("tickerPrices: a price reply as the engine reads it", () => {
  it("takes the as-traded closes, splits, dividends, currency and date when pricing sends them", () => {
    const p = tickerPrices(
      reply({
        asOf: "2026-07-13",
        currency: "EUR",
        closes: { "2024-01": 145, "2024-02": 155 },
        splits: [{ date: "2024-06-10", ratio: 10 }],
        dividends: [{ date: "2024-05-02", amount: 2.2 }],
        dividendsInCloses: false,
      }),
    );
    expect(p).toEqual({
      latestPrice: 200,
      asOf: "2026-07-13",
      history: { "2024-01": 145, "2024-02": 155 },
      currency: "EUR",
      splits: [{ date: "2024-06-10", ratio: 10 }],
      dividends: [{ date: "2024-05-02", amount: 2.2 }],
      dividendsInCloses: false,
      stale: false,
    });
  });

  it("reads a reply from before closes as adjusted closes with their dividends inside, in dollars, dated today", () => {
    expect(tickerPrices(reply({ stale: true }))).toEqual({
      latestPrice: 200,
      asOf: null,
      history: { "2024-01": 140, "2024-02": 150 },
      currency: "USD",
      splits: [],
      dividends: [],
      dividendsInCloses: true,
      stale: true,
    });
  });
});

describe("fxPairsFor", () => {
  it("asks one pair <CUR><BASE>=X per currency other than the base, none for the base itself", () => {
    const prices = [
      reply({ currency: "EUR" }),
      reply({ currency: "GBP" }),
      reply({ currency: "EUR" }),
      reply({ currency: "USD" }),
      reply(),
    ];
    expect(fxPairsFor(prices, "USD")).toEqual(["EURUSD=X", "GBPUSD=X"]);
    expect(fxPairsFor(prices, "EUR")).toEqual(["GBPEUR=X", "USDEUR=X"]);
  });
});
