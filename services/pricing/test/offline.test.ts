import { MemoryCache } from "@folio/platform/cache";
import { ManualClock } from "@folio/platform/clock";
import type { Logger } from "@folio/platform/log";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { MarketData, MarketDataUnavailable } from "../src/market-data.ts";
import { FIRST_BACKOFF_MS } from "../src/provider-health.ts";
import { CoinGeckoProvider } from "../src/providers/coingecko.ts";
import { CsvDirectoryProvider } from "../src/providers/csv.ts";
import { JsonHttpClient } from "../src/providers/http.ts";
import { YahooProvider } from "../src/providers/yahoo.ts";
import { ACME, BETA, ETH, removeMarketData, writeMarketData } from "./support.ts";

interface Line {
  level: string;
  msg: string;
}

/** A logger that keeps what it is told, by level; pino's signature (object, message) or (message). */
function recordingLogger(lines: Line[]): Logger {
  const at =
    (level: string) =>
    (objOrMsg: unknown, msg?: string): void => {
      lines.push({ level, msg: typeof objOrMsg === "string" ? objOrMsg : (msg ?? "") });
    };
  const logger = { warn: at("warn"), info: at("info"), debug: at("debug"), error: at("error"), trace: at("trace"), fatal: at("fatal") };
  return { ...logger, child: () => logger } as unknown as Logger;
}

const http = (name: string, baseUrl: string) => new JsonHttpClient(name, { baseUrl, timeoutMs: 2000, retries: 1, retryBaseMs: 1 });

/** issue 10: a start without internet says once, plainly, what is wrong, then keeps the log quiet. */
describe("market data without internet", () => {
  let yahooFake: FakeMarketData;
  let geckoFake: FakeMarketData;
  let lines: Line[];
  let clock: ManualClock;

  beforeAll(async () => {
    const online = writeMarketData({ BETA, "ETH-USD": ETH });
    yahooFake = await startFakeMarketData({ dataDir: online });
    geckoFake = await startFakeMarketData({ dataDir: online });
  });
  afterAll(async () => {
    await yahooFake.close();
    await geckoFake.close();
    removeMarketData();
  });
  beforeEach(() => {
    lines = [];
    clock = new ManualClock();
    yahooFake.setDown("close");
    geckoFake.setDown("close");
  });

  const online = (dataDir?: string) =>
    new MarketData(
      [
        ...(dataDir ? [new CsvDirectoryProvider(dataDir)] : []),
        new YahooProvider(http("yahoo", yahooFake.url)),
        new CoinGeckoProvider(http("coingecko", geckoFake.url)),
      ],
      new MemoryCache(clock),
      recordingLogger(lines),
      { clock, dataDir },
    );
  const requests = () => yahooFake.requests + geckoFake.requests;
  const warnings = () => lines.filter((l) => l.level === "warn");

  it("says once that no provider answers and how to run from a local folder, then asks nobody until the backoff ends", async () => {
    const md = online();
    await expect(md.price("BETA")).rejects.toBeInstanceOf(MarketDataUnavailable);
    await expect(md.price("ETH-USD")).rejects.toBeInstanceOf(MarketDataUnavailable);
    // one warning per provider; the plain message once, as soon as the providers asked all fail
    const said = warnings().map((l) => l.msg);
    expect(said.filter((m) => m === "market data provider not answering")).toHaveLength(2);
    const plain = said.filter((m) => m.startsWith("No market-data provider is answering"));
    expect(plain).toHaveLength(1);
    expect(plain[0]).toContain("yahoo: ");
    expect(plain[0]).toContain("MARKET_DATA_DIR=../shared/market-data");
    expect(md.health.offline).toBe(true);

    // more tickers and requests while they wait out the backoff: no request, no line
    const before = { requests: requests(), lines: lines.length };
    for (const ticker of ["BETA", "SOME", "OTHER", "ETH-USD"]) await expect(md.price(ticker)).rejects.toBeInstanceOf(MarketDataUnavailable);
    // autocomplete answers without asking the providers, and offers nothing that no provider here can price
    expect(await md.suggest("be")).toEqual([]);
    expect(requests()).toBe(before.requests);
    expect(lines.length).toBe(before.lines);

    // after the backoff they are asked again; still failing: quiet (debug only), and no second plain message
    clock.advance(FIRST_BACKOFF_MS + 1);
    await expect(md.price("BETA")).rejects.toBeInstanceOf(MarketDataUnavailable);
    expect(requests()).toBeGreaterThan(before.requests);
    expect(warnings().length).toBe(said.length);
  });

  it("does not say it while another provider answers", async () => {
    const md = online();
    geckoFake.setDown(false);
    expect((await md.price("ETH-USD")).latestPrice).toBe(3100.5);
    await expect(md.price("BETA")).rejects.toBeInstanceOf(MarketDataUnavailable);
    expect(md.health.offline).toBe(false);
    expect(warnings().map((l) => l.msg)).toEqual(["market data provider not answering"]);
  });

  it("says when a provider answers again, and prices at once", async () => {
    const md = online();
    await expect(md.price("BETA")).rejects.toBeInstanceOf(MarketDataUnavailable);
    yahooFake.setDown(false);
    geckoFake.setDown(false);
    clock.advance(FIRST_BACKOFF_MS * 4);
    expect((await md.price("BETA")).latestPrice).toBe(51.5);
    expect(lines.filter((l) => l.level === "info" && l.msg === "market data provider answers again")).toHaveLength(1);
  });

  it("autocomplete offers only what the configured providers can price now (issue 16)", async () => {
    const dir = writeMarketData({ SPY: ACME });
    const md = online(dir);
    const tickers = async (query: string) => (await md.suggest(query)).map((s) => s.ticker);
    // offline: the folder's SPY is offered; DIA (Yahoo only) and ETH-USD (CoinGecko, Yahoo) are not
    expect(await tickers("SPY")).toEqual(["SPY"]);
    expect(await tickers("DIA")).toEqual([]);
    expect(await tickers("ETH")).toEqual([]);
    expect(md.health.offline).toBe(true);
    // CoinGecko answers again: its coins are offered again, Yahoo's DIA still is not
    geckoFake.setDown(false);
    clock.advance(FIRST_BACKOFF_MS * 4);
    expect((await md.price("ETH-USD")).latestPrice).toBe(3100.5);
    expect(await tickers("ETH")).toContain("ETH-USD");
    expect(await tickers("DIA")).toEqual([]);
  });

  it("still prices the folder's tickers, and says so instead of the hint to set MARKET_DATA_DIR", async () => {
    const dir = writeMarketData({ ACME });
    const md = online(dir);
    expect((await md.price("ACME")).latestPrice).toBe(14);
    await expect(md.price("BETA")).rejects.toBeInstanceOf(MarketDataUnavailable);
    await expect(md.price("ETH-USD")).rejects.toBeInstanceOf(MarketDataUnavailable);
    const plain = warnings().find((l) => l.msg.startsWith("No market-data provider is answering"));
    expect(plain?.msg).toContain(`Tickers with files in MARKET_DATA_DIR (${dir}) are still priced from there.`);
    expect((await md.price("ACME")).latestPrice).toBe(14);
  });
});
