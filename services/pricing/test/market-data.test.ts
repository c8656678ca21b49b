import { MemoryCache } from "@folio/platform/cache";
import { ManualClock } from "@folio/platform/clock";
import { createLogger } from "@folio/platform/log";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { HISTORY_TTL_MS, MarketData, MarketDataUnavailable, OUTAGE_RETRY_MS, QUOTE_TTL_MS, TickerNotFound } from "../src/market-data.ts";
import { CoinGeckoProvider } from "../src/providers/coingecko.ts";
import { CsvDirectoryProvider } from "../src/providers/csv.ts";
import { JsonHttpClient } from "../src/providers/http.ts";
import type { MarketDataProvider } from "../src/providers/port.ts";
import { YahooProvider } from "../src/providers/yahoo.ts";
import { ACME, BETA, ETH, removeMarketData, writeMarketData } from "./support.ts";

const http = (name: string, baseUrl: string) => new JsonHttpClient(name, { baseUrl, timeoutMs: 2000, retries: 1, retryBaseMs: 1 });

/** Fallback, caching and outages, with the real providers: a CSV folder (ACME only) and two fakes (Yahoo, CoinGecko). */
describe("MarketData", () => {
  let yahooFake: FakeMarketData;
  let geckoFake: FakeMarketData;
  let csvDir: string;
  let clock: ManualClock;

  beforeAll(async () => {
    csvDir = writeMarketData({ ACME });
    const online = writeMarketData({ ACME, BETA, "ETH-USD": ETH });
    yahooFake = await startFakeMarketData({ dataDir: online, symbols: { BETA: { name: "Beta Industries", type: "EQUITY" } } });
    geckoFake = await startFakeMarketData({ dataDir: online });
  });
  afterAll(async () => {
    await yahooFake.close();
    await geckoFake.close();
    removeMarketData();
  });
  beforeEach(() => {
    clock = new ManualClock();
    for (const fake of [yahooFake, geckoFake]) {
      fake.setDown(false);
      fake.set429(0);
    }
  });

  function marketData(order: Array<"csv" | "yahoo" | "coingecko">): MarketData {
    const all: Record<string, MarketDataProvider> = {
      csv: new CsvDirectoryProvider(csvDir),
      yahoo: new YahooProvider(http("yahoo", yahooFake.url)),
      coingecko: new CoinGeckoProvider(http("coingecko", geckoFake.url)),
    };
    return new MarketData(
      order.map((name) => all[name]),
      new MemoryCache(clock),
      createLogger("test", "silent"),
      { clock },
    );
  }

  function counting() {
    const start = { yahoo: yahooFake.requests, gecko: geckoFake.requests };
    return () => ({ yahoo: yahooFake.requests - start.yahoo, gecko: geckoFake.requests - start.gecko });
  }

  it("asks the first provider that can answer, in the configured order", async () => {
    const md = marketData(["csv", "yahoo", "coingecko"]);
    const calls = counting();
    expect((await md.quote("ACME")).price).toBe(14);
    expect(calls()).toEqual({ yahoo: 0, gecko: 0 });
    expect((await md.quote("BETA")).price).toBe(51.5);
    expect(calls()).toEqual({ yahoo: 1, gecko: 0 });

    const cryptoFirst = marketData(["coingecko", "yahoo"]);
    expect((await cryptoFirst.quote("ETH-USD")).price).toBe(3100.5);
    expect(calls()).toEqual({ yahoo: 1, gecko: 1 });
  });

  it("falls back to the next provider when one is down", async () => {
    const md = marketData(["yahoo", "coingecko"]);
    yahooFake.setDown("close");
    const calls = counting();
    expect((await md.quote("ETH-USD")).price).toBe(3100.5);
    expect((await md.history("ETH-USD")).months["2024-02"]).toBe(3000);
    // the quote: one attempt and one retry; then Yahoo waits out its backoff, so the history does not ask it
    expect(calls().yahoo).toBe(2);
    expect(calls().gecko).toBeGreaterThan(0);
  });

  it("reports a ticker no provider knows", async () => {
    const md = marketData(["csv", "yahoo", "coingecko"]);
    await expect(md.quote("NOPE")).rejects.toBeInstanceOf(TickerNotFound);
    await expect(md.history("NOPE")).rejects.toBeInstanceOf(TickerNotFound);
    await expect(md.price("NOPE")).rejects.toBeInstanceOf(TickerNotFound);
  });

  it("reports an outage when no provider answers and nothing was ever fetched", async () => {
    const md = marketData(["yahoo", "coingecko"]);
    yahooFake.setDown(true);
    geckoFake.setDown(true);
    await expect(md.quote("BETA")).rejects.toBeInstanceOf(MarketDataUnavailable);
    await expect(md.price("ETH-USD")).rejects.toBeInstanceOf(MarketDataUnavailable);
  });

  it("serves the last good value as stale while every provider is down, then fresh values again", async () => {
    const md = marketData(["yahoo"]);
    expect(await md.price("BETA")).not.toHaveProperty("stale");
    clock.advance(HISTORY_TTL_MS + 1); // quote and history both expired
    yahooFake.setDown(true);
    const stale = await md.price("BETA");
    expect(stale).toMatchObject({ latestPrice: 51.5, stale: true, name: "Beta Industries" });
    expect(stale.historical_data["2024-02"]).toBe(52);

    // during the outage the stale answer stands for a while without asking the dead provider again
    const calls = counting();
    expect((await md.quote("BETA")).stale).toBe(true);
    expect(calls().yahoo).toBe(0);

    yahooFake.setDown(false);
    clock.advance(OUTAGE_RETRY_MS + 1);
    expect(await md.price("BETA")).not.toHaveProperty("stale");
  });

  it("keeps quotes for an hour and history for a day", async () => {
    const md = marketData(["yahoo"]);
    await md.price("BETA");
    const calls = counting();
    await md.price("BETA");
    clock.advance(QUOTE_TTL_MS - 1);
    await md.price("BETA");
    expect(calls().yahoo).toBe(0);

    clock.advance(2); // the quote expired, the history did not
    await md.price("BETA");
    expect(yahooFake.log.at(-1)).toMatch(/range=5d&interval=1d/);
    expect(calls().yahoo).toBe(1);

    clock.advance(HISTORY_TTL_MS);
    await md.history("BETA");
    expect(yahooFake.log.at(-1)).toMatch(/range=max&interval=1mo/);
    expect(calls().yahoo).toBe(2);
  });

  it("looks past the cache when asked for a fresh value", async () => {
    const md = marketData(["yahoo"]);
    await md.price("BETA");
    const calls = counting();
    await md.price("BETA", true);
    expect(calls().yahoo).toBe(2); // quote and history
  });

  it("lets concurrent requests for one ticker share one upstream call", async () => {
    const md = marketData(["yahoo"]);
    const calls = counting();
    const quotes = await Promise.all(Array.from({ length: 5 }, () => md.quote("BETA")));
    expect(quotes.map((q) => q.price)).toEqual([51.5, 51.5, 51.5, 51.5, 51.5]);
    expect(calls().yahoo).toBe(1);
  });

  it("refreshes a batch: each provider asked once for its share, unknown tickers neither quoted nor failed", async () => {
    const md = marketData(["csv", "yahoo", "coingecko"]);
    const calls = counting();
    const { quotes, failed } = await md.refresh(["ACME", "BETA", "ETH-USD", "NOPE"]);
    expect(Object.fromEntries([...quotes].map(([t, q]) => [t, q.price]))).toEqual({ ACME: 14, BETA: 51.5, "ETH-USD": 3100.5 });
    expect(failed.size).toBe(0);
    expect(calls().gecko).toBe(0); // Yahoo (second in line) already priced ETH-USD
    // the refresh filled the cache
    await md.quote("BETA");
    expect(calls().yahoo).toBe(3); // BETA, ETH-USD, NOPE (404); nothing more for the cached quote
  });
});
