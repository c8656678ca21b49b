import { MemoryCache } from "@folio/platform/cache";
import { ManualClock } from "@folio/platform/clock";
import { createLogger } from "@folio/platform/log";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { majorUnit, pairCurrency } from "../src/domain/currency.ts";
import { MarketData } from "../src/market-data.ts";
import { JsonHttpClient } from "../src/providers/http.ts";
import { YahooProvider } from "../src/providers/yahoo.ts";
import { removeMarketData, writeMarketData } from "./support.ts";

describe("minor currency units", () => {
  it("maps pence, agorot and South African cents to their major unit, a hundredth each", () => {
    expect(majorUnit("GBp")).toEqual({ currency: "GBP", divisor: 100, quotedCurrency: "GBp" });
    expect(majorUnit("GBX")).toEqual({ currency: "GBP", divisor: 100, quotedCurrency: "GBX" });
    expect(majorUnit("ILA")).toEqual({ currency: "ILS", divisor: 100, quotedCurrency: "ILA" });
    expect(majorUnit("ZAc")).toEqual({ currency: "ZAR", divisor: 100, quotedCurrency: "ZAc" });
    // GBP itself is already pounds; an absent code is dollars
    expect(majorUnit("GBP")).toEqual({ currency: "GBP", divisor: 1 });
    expect(majorUnit(undefined)).toEqual({ currency: "USD", divisor: 1 });
  });

  it("reads a pair's quote currency from its symbol", () => {
    expect(pairCurrency("EURUSD=X")).toBe("USD");
    expect(pairCurrency("VUSA.L")).toBeNull();
  });
});

/** Yahoo's chart in pence and an exchange-rate pair, through the fake Yahoo and the MarketData chain. */
describe("prices in a currency other than the dollar", () => {
  let fake: FakeMarketData;
  let md: MarketData;

  beforeAll(async () => {
    const dir = writeMarketData({
      // a London ETF quoted in pence: 7,400p then 7,512p
      "VUSA.L": [
        ["2024-02-29", 7400],
        ["2024-03-01", 7512],
      ],
      "GBPUSD=X": [
        ["2024-02-29", 1.26],
        ["2024-03-01", 1.27],
      ],
    });
    fake = await startFakeMarketData({ dataDir: dir, currencies: { "VUSA.L": "GBp" } });
    const clock = new ManualClock();
    const yahoo = new YahooProvider(new JsonHttpClient("yahoo", { baseUrl: fake.url, timeoutMs: 2000, retries: 0, retryBaseMs: 1 }));
    md = new MarketData([yahoo], new MemoryCache(clock), createLogger("test", "silent"), { clock });
  });
  afterAll(async () => {
    await fake.close();
    removeMarketData();
  });

  it("answers a pence-quoted line in pounds, saying what the provider quoted", async () => {
    const reply = await md.price("VUSA.L");
    // 7,512p = £75.12; every close divided alike
    expect(reply).toMatchObject({ latestPrice: 75.12, currency: "GBP", quotedCurrency: "GBp", asOf: "2024-03-01" });
    expect(reply.historical_data).toEqual({ "2024-02": 74, "2024-03": 75.12 });
    expect(reply.closes).toEqual({ "2024-02": 74, "2024-03": 75.12 });
  });

  it("announces refreshed prices in the same unit", async () => {
    const { quotes } = await md.refresh(["VUSA.L"]);
    expect(quotes.get("VUSA.L")).toMatchObject({ price: 75.12, currency: "GBP" });
  });

  it("prices an exchange-rate pair, quoted in its second currency, as a currency", async () => {
    expect(await md.price("GBPUSD=X")).toMatchObject({ latestPrice: 1.27, currency: "USD", assetClass: "Currency", fee: 0 });
  });
});
