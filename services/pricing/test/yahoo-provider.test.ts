import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { JsonHttpClient } from "../src/providers/http.ts";
import { UnknownTickerError, UpstreamError } from "../src/providers/port.ts";
import { YahooProvider } from "../src/providers/yahoo.ts";
import {
  ACME,
  BETA,
  hasRealData,
  lastCloseInFile,
  lastCloseOfMonthInFile,
  lastDateInFile,
  REAL_DATA_DIR,
  removeMarketData,
  writeMarketData,
} from "./support.ts";

const yahoo = (baseUrl: string, retries = 2) =>
  new YahooProvider(new JsonHttpClient("yahoo", { baseUrl, timeoutMs: 2000, retries, retryBaseMs: 1 }));

describe("YahooProvider against the fake Yahoo", () => {
  let fake: FakeMarketData;
  let provider: YahooProvider;

  beforeAll(async () => {
    fake = await startFakeMarketData({
      dataDir: writeMarketData({ ACME, BETA }),
      symbols: { BETA: { name: "Beta Industries", type: "EQUITY" } },
    });
    provider = yahoo(fake.url);
  });
  afterAll(async () => {
    await fake.close();
    removeMarketData();
  });
  beforeEach(() => {
    fake.setDown(false);
    fake.set429(0);
  });

  it("quotes a batch: price, time, name and class from the chart's meta; an unknown ticker is left out", async () => {
    const { quotes, failed } = await provider.quote(["ACME", "BETA", "NOPE"]);
    expect(quotes.get("BETA")).toMatchObject({
      ticker: "BETA",
      price: 51.5,
      currency: "USD",
      name: "Beta Industries",
      assetClass: "Stock",
    });
    expect(quotes.get("BETA")?.at.slice(0, 10)).toBe("2024-03-01");
    expect(quotes.get("ACME")?.price).toBe(14);
    expect(quotes.has("NOPE")).toBe(false);
    expect(failed.size).toBe(0);
  });

  it("gives the last close of each month from the monthly chart", async () => {
    // ACME: January's last close is 11 (31st), February's 13 (29th), March so far 14
    expect((await provider.history("ACME")).adjusted).toEqual({ "2024-01": 11, "2024-02": 13, "2024-03": 14 });
  });

  it("says it does not know a ticker Yahoo answers 404 for", async () => {
    await expect(provider.history("NOPE")).rejects.toBeInstanceOf(UnknownTickerError);
    expect(await provider.metadata("NOPE")).toBeNull();
  });

  it("takes a 404 without a chart body (a wrong base URL) for a failure, not an unknown ticker", async () => {
    const misrouted = yahoo(`${fake.url}/wrong-prefix`, 0);
    await expect(misrouted.history("ACME")).rejects.toBeInstanceOf(UpstreamError);
  });

  it("retries on 429 with backoff and then succeeds", async () => {
    const before = fake.requests;
    fake.set429(2);
    expect((await provider.quote(["ACME"])).quotes.get("ACME")?.price).toBe(14);
    expect(fake.requests - before).toBe(3);
  });

  it("gives up after its retries while the rate limit lasts", async () => {
    const before = fake.requests;
    fake.set429(10);
    const failure = await provider.history("ACME").catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).status).toBe(429);
    expect(fake.requests - before).toBe(3); // the first attempt and two retries
  });

  it("fails when Yahoo answers 503 or drops the connection", async () => {
    fake.setDown(true);
    await expect(provider.quote(["ACME", "BETA"])).rejects.toMatchObject({ name: "UpstreamError", status: 503 });
    fake.setDown("close");
    await expect(provider.history("ACME")).rejects.toMatchObject({ name: "UpstreamError", status: null });
  });

  it("searches symbols and maps their types", async () => {
    expect(await provider.search("beta")).toEqual([{ ticker: "BETA", name: "Beta Industries", assetClass: "Stock" }]);
    fake.setDown(true);
    const before = fake.requests;
    await expect(provider.search("beta")).rejects.toBeInstanceOf(UpstreamError);
    expect(fake.requests - before).toBe(1); // a search is not retried: someone is typing
  });

  it("reads metadata from the chart's meta", async () => {
    expect(await provider.metadata("BETA")).toEqual({ ticker: "BETA", name: "Beta Industries", assetClass: "Stock" });
  });
});

describe.skipIf(!hasRealData)("YahooProvider against the fake Yahoo serving the real folder", () => {
  let fake: FakeMarketData;
  beforeAll(async () => {
    fake = await startFakeMarketData({ dataDir: REAL_DATA_DIR });
  });
  afterAll(() => fake.close());

  it("gives SPY's March 2020 month end as the last March 2020 line of SPY.csv", async () => {
    const months = (await yahoo(fake.url).history("SPY")).adjusted;
    expect(months["2020-03"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "SPY.csv"), "2020-03"));
    expect(months["2008-09"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "SPY.csv"), "2008-09"));
  });

  it("quotes SPY at its last traded close (split-adjusted/SPY.csv, Yahoo's close), as an ETF, with its date", async () => {
    const quote = (await yahoo(fake.url).quote(["SPY"])).quotes.get("SPY");
    expect(quote?.price).toBe(lastCloseInFile(join(REAL_DATA_DIR, "split-adjusted", "SPY.csv")));
    expect(quote?.asOf).toBe(lastDateInFile(join(REAL_DATA_DIR, "split-adjusted", "SPY.csv")));
    expect(quote?.assetClass).toBe("ETF");
  });

  it("gives NVDA's splits as events, by the exchange's date", async () => {
    const history = await yahoo(fake.url).history("NVDA");
    // splits/NVDA.csv: 2021-07-20 4, 2024-06-10 10
    expect(history.splits).toEqual([
      { date: "2021-07-20", ratio: 4 },
      { date: "2024-06-10", ratio: 10 },
    ]);
    expect(history.dividendsInCloses).toBe(false);
  });

  it("gives JNJ's as-traded closes apart from the adjusted ones, and its dividends", async () => {
    const history = await yahoo(fake.url).history("JNJ");
    expect(history.closes["2016-01"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "split-adjusted", "JNJ.csv"), "2016-01"));
    expect(history.adjusted["2016-01"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "JNJ.csv"), "2016-01"));
    expect(history.closes["2016-01"]).toBeGreaterThan(history.adjusted["2016-01"]);
    // the first dividend of dividends/JNJ.csv: 2006-08-25, 0.375
    expect(history.dividends[0]).toEqual({ date: "2006-08-25", amount: 0.375 });
    expect(history.currency).toBe("USD");
  });
});

describe.skipIf(!hasRealData)("the fake Yahoo's chart events, in Yahoo's wire format", () => {
  let fake: FakeMarketData;
  beforeAll(async () => {
    fake = await startFakeMarketData({ dataDir: REAL_DATA_DIR });
  });
  afterAll(() => fake.close());

  // biome-ignore lint/suspicious/noExplicitAny: the raw JSON as Yahoo sends it
  const get = async (path: string): Promise<any> => (await fetch(`${fake.url}${path}`)).json();

  it("keys events by Unix time, splits with numerator, denominator and splitRatio, dividends with amount and date", async () => {
    const body = await get("/v8/finance/chart/NVDA?range=max&interval=1mo&events=div%2Csplit");
    const splits = body.chart.result[0].events.splits;
    // 2024-06-10 09:30 New York (UTC−5 in the fake) = 14:30 UTC = 1718029800
    expect(splits["1718029800"]).toEqual({ date: 1718029800, numerator: 10, denominator: 1, splitRatio: "10:1" });
    const jnj = await get("/v8/finance/chart/JNJ?range=max&interval=1mo&events=div|split");
    const first = Object.values(jnj.chart.result[0].events.dividends)[0];
    expect(first).toEqual({ amount: 0.375, date: Date.parse("2006-08-25T14:30:00Z") / 1000 });
    // without `events` there are none, as with Yahoo
    const plain = await get("/v8/finance/chart/NVDA?range=5d&interval=1d");
    expect(plain.chart.result[0].events).toBeUndefined();
  });
});
