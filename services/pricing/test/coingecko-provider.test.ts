import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { CoinGeckoProvider } from "../src/providers/coingecko.ts";
import { JsonHttpClient } from "../src/providers/http.ts";
import { UnknownTickerError, UpstreamError } from "../src/providers/port.ts";
import { ETH, hasRealData, lastCloseInFile, lastCloseOfMonthInFile, REAL_DATA_DIR, removeMarketData, writeMarketData } from "./support.ts";

const coingecko = (baseUrl: string) =>
  new CoinGeckoProvider(new JsonHttpClient("coingecko", { baseUrl, timeoutMs: 2000, retries: 2, retryBaseMs: 1 }));

describe("CoinGeckoProvider against the fake CoinGecko", () => {
  let fake: FakeMarketData;
  let provider: CoinGeckoProvider;

  beforeAll(async () => {
    // ZZC is no major coin: its id ("zzc" in the fake) has to be found by search
    const dataDir = writeMarketData({ "ETH-USD": ETH, "ZZC-USD": [["2024-03-01", 0.5]] });
    fake = await startFakeMarketData({ dataDir, symbols: { "ZZC-USD": { name: "Zed Coin", type: "CRYPTOCURRENCY" } } });
    provider = coingecko(fake.url);
  });
  afterAll(async () => {
    await fake.close();
    removeMarketData();
  });
  beforeEach(() => fake.setDown(false));

  it("handles Yahoo-style crypto tickers only", () => {
    expect(["BTC-USD", "ETH-USD", "ZZC-USD", "AAPL", "BTC-EUR", "^GSPC"].map((t) => provider.canHandle(t))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("quotes a major coin by its fixed id in one simple/price call", async () => {
    const before = fake.log.length;
    const { quotes } = await provider.quote(["ETH-USD"]);
    expect(quotes.get("ETH-USD")).toMatchObject({
      ticker: "ETH-USD",
      price: 3100.5,
      currency: "USD",
      name: "Ethereum",
      assetClass: "Crypto",
    });
    expect(fake.log.slice(before)).toEqual([expect.stringMatching(/^\/api\/v3\/simple\/price\?ids=ethereum&vs_currencies=usd/)]);
  });

  it("finds an unlisted coin's id by search, then remembers it", async () => {
    const { quotes } = await provider.quote(["ZZC-USD", "ETH-USD"]);
    expect(quotes.get("ZZC-USD")?.price).toBe(0.5);
    const before = fake.log.length;
    await provider.quote(["ZZC-USD"]);
    expect(fake.log.slice(before).map((p) => p.split("?")[0])).toEqual(["/api/v3/simple/price"]);
  });

  it("leaves out coins it cannot price", async () => {
    // DOGE has a fixed id the fake has no prices for; QQQQ-USD has no coin at all
    const { quotes, failed } = await provider.quote(["DOGE-USD", "QQQQ-USD", "ETH-USD"]);
    expect([...quotes.keys()]).toEqual(["ETH-USD"]);
    expect(failed.size).toBe(0);
  });

  it("gives the last close of each month, reading 00:00 UTC points as the previous day's close", async () => {
    // ETH fixture: 31 Jan 2000, 29 Feb 3000, 1 Mar 3100.5; served at the next day's 00:00 UTC
    expect((await provider.history("ETH-USD")).adjusted).toEqual({ "2024-01": 2000, "2024-02": 3000, "2024-03": 3100.5 });
    await expect(provider.history("QQQQ-USD")).rejects.toBeInstanceOf(UnknownTickerError);
    await expect(provider.history("DOGE-USD")).rejects.toBeInstanceOf(UnknownTickerError);
  });

  it("searches coins as Yahoo-style tickers", async () => {
    expect(await provider.search("zed")).toEqual([{ ticker: "ZZC-USD", name: "Zed Coin", assetClass: "Crypto", fee: 0 }]);
    expect(await provider.metadata("ETH-USD")).toEqual({ ticker: "ETH-USD", name: "Ethereum", assetClass: "Crypto", fee: 0 });
  });

  it("fails when CoinGecko is down", async () => {
    fake.setDown(true);
    await expect(provider.quote(["ETH-USD"])).rejects.toBeInstanceOf(UpstreamError);
    await expect(provider.history("ETH-USD")).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe.skipIf(!hasRealData)("CoinGeckoProvider against the fake serving the real folder", () => {
  let fake: FakeMarketData;
  beforeAll(async () => {
    fake = await startFakeMarketData({ dataDir: REAL_DATA_DIR });
  });
  afterAll(() => fake.close());

  it("gives bitcoin's March 2020 month end as the last March 2020 line of BTC-USD.csv, and its last close", async () => {
    const provider = coingecko(fake.url);
    const months = (await provider.history("BTC-USD")).adjusted;
    expect(months["2020-03"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "BTC-USD.csv"), "2020-03"));
    expect((await provider.quote(["BTC-USD"])).quotes.get("BTC-USD")?.price).toBe(lastCloseInFile(join(REAL_DATA_DIR, "BTC-USD.csv")));
  });
});
