/**
 * A local stand-in for Yahoo Finance and CoinGecko, serving a folder laid out like ../shared/market-data in
 * the vendors' formats: Yahoo's v8 chart (daily and monthly bars; `indicators.quote[0].close` from
 * `split-adjusted/<T>.csv`, `indicators.adjclose` from `<T>.csv`, each standing in for the other when it is
 * missing; `events=div,split` from `dividends/<T>.csv` and `splits/<T>.csv`; `meta.currency` from the
 * `currencies` option or `currencies.csv`, an exchange-rate pair such as `EURUSD=X.csv` quoted in its second
 * currency) and v1 search; CoinGecko's simple/price, coins/{id}/market_chart and search. Switches make it
 * rate limit (429 n times, then answer) or be down (503, or connections closed without an answer). For
 * tests, and for running the app offline:
 *
 *   node --import tsx scripts/fakes/market-data.ts --data-dir /path/to/csvs [--port 9100]
 *   then YAHOO_BASE_URL=http://127.0.0.1:9100 COINGECKO_BASE_URL=http://127.0.0.1:9100
 *
 * Deliberately independent of the pricing service's parsing: a bug there must not be mirrored here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CATALOGUE } from "../../services/pricing/src/catalogue.ts";

export interface FakeSymbol {
  name: string;
  /** Yahoo's quoteType: EQUITY, ETF, CRYPTOCURRENCY, INDEX, MUTUALFUND */
  type: string;
}

export interface FakeMarketDataOptions {
  dataDir: string;
  port?: number;
  host?: string;
  /** names and types by ticker; defaults to the pricing catalogue's, then the ticker itself */
  symbols?: Record<string, FakeSymbol>;
  /** Yahoo's currency code by ticker (GBp for pence); before currencies.csv, a pair's quote currency, then USD */
  currencies?: Record<string, string>;
}

export interface FakeMarketData {
  url: string;
  /** answer the next n requests with 429, then normally again */
  set429(n: number): void;
  /** true or "503": answer 503; "close": drop every connection without an answer; false: back up */
  setDown(down: boolean | "503" | "close"): void;
  /** requests received so far, whatever was answered */
  readonly requests: number;
  /** path and query of every request received, in order */
  readonly log: readonly string[];
  close(): Promise<void>;
}

interface Row {
  date: string;
  close: number;
}

/** A trading day as the chart gives it: the split-adjusted close and the adjusted close of the same day. */
interface Bar {
  date: string;
  close: number | null;
  adjclose: number | null;
}

/** New York without daylight saving: a fixed offset is all the bar timestamps need. */
const GMT_OFFSET = -18000;
const DAY_MS = 86_400_000;

/** CoinGecko ids of the coins a CSV folder is likely to hold. */
const COINGECKO: Record<string, { id: string; name: string }> = {
  BTC: { id: "bitcoin", name: "Bitcoin" },
  ETH: { id: "ethereum", name: "Ethereum" },
  SOL: { id: "solana", name: "Solana" },
};

const YAHOO_TYPES: Record<string, string> = { Stock: "EQUITY", ETF: "ETF", Crypto: "CRYPTOCURRENCY", Index: "INDEX" };

function readRows(path: string): Row[] {
  const rows: Row[] = [];
  for (const line of readFileSync(path, "utf8").split("\n").slice(1)) {
    const [date, close] = line.trim().split(",");
    if (date && close && /^\d{4}-\d{2}-\d{2}$/.test(date) && Number(close) > 0) rows.push({ date, close: Number(close) });
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}

/** `<T>.csv` files of a folder by upper-case ticker; none when the folder does not exist. */
function csvFiles(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) if (name.toLowerCase().endsWith(".csv")) found.set(name.slice(0, -4).toUpperCase(), join(dir, name));
  return found;
}

/** A split ratio as Yahoo's numerator and denominator in whole numbers: 1.5 → 3 / 2, 0.1 → 1 / 10. */
function fraction(ratio: number): [number, number] {
  for (let d = 1; d <= 1000; d++) if (Math.abs(ratio * d - Math.round(ratio * d)) < 1e-9) return [Math.round(ratio * d), d];
  return [ratio, 1];
}

const utcMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
/** Yahoo stamps a daily bar with the market's opening time, 09:30 New York, in Unix seconds. */
const dailyStamp = (date: string) => utcMs(date) / 1000 + 9.5 * 3600 - GMT_OFFSET;
/** ... and a monthly bar with midnight, New York time, of the month's first day. */
const monthStamp = (month: string) => utcMs(`${month}-01`) / 1000 - GMT_OFFSET;

function rangeRows<T extends { date: string }>(rows: T[], range: string): T[] {
  if (range === "max" || rows.length === 0) return rows;
  const days = /^(\d+)d$/.exec(range);
  if (days) return rows.slice(-Number(days[1]));
  const last = utcMs(rows[rows.length - 1].date);
  const span: Record<string, number> = { "1mo": 31, "3mo": 92, "6mo": 183, "1y": 366, "2y": 731, "5y": 1827, "10y": 3653 };
  const cutoff = range === "ytd" ? utcMs(`${rows[rows.length - 1].date.slice(0, 4)}-01-01`) : last - (span[range] ?? 3653) * DAY_MS;
  return rows.filter((r) => utcMs(r.date) >= cutoff);
}

/** Monthly bars: one per month at its first day with the month's last day, plus Yahoo's extra last point. */
function monthlyBars(rows: Bar[]): { stamps: number[]; bars: Bar[] } {
  const months = new Map<string, Bar>();
  for (const r of rows) months.set(r.date.slice(0, 7), r);
  const stamps = [...months.keys()].map(monthStamp);
  const bars = [...months.values()];
  const last = rows.at(-1);
  if (last && !last.date.endsWith("-01")) {
    stamps.push(dailyStamp(last.date));
    bars.push(last);
  }
  return { stamps, bars };
}

export async function startFakeMarketData(options: FakeMarketDataOptions): Promise<FakeMarketData> {
  const adjustedFiles = csvFiles(options.dataDir);
  adjustedFiles.delete("CURRENCIES");
  const splitAdjustedFiles = csvFiles(join(options.dataDir, "split-adjusted"));
  const dividendFiles = csvFiles(join(options.dataDir, "dividends"));
  const splitFiles = csvFiles(join(options.dataDir, "splits"));
  const files = new Set([...adjustedFiles.keys(), ...splitAdjustedFiles.keys()]);
  const currencyTable = new Map<string, string>();
  const currencyFile = join(options.dataDir, "currencies.csv");
  if (existsSync(currencyFile)) {
    for (const line of readFileSync(currencyFile, "utf8").split("\n").slice(1)) {
      const [ticker, currency] = line.trim().split(",");
      if (ticker && currency) currencyTable.set(ticker.toUpperCase(), currency);
    }
  }
  const currencyOf = (ticker: string): string =>
    options.currencies?.[ticker] ?? currencyTable.get(ticker) ?? (/^[A-Z]{6}=X$/.test(ticker) ? ticker.slice(3, 6) : "USD");
  const cache = new Map<string, Bar[]>();
  const rowsOf = (ticker: string): Bar[] | null => {
    if (!files.has(ticker)) return null;
    let bars = cache.get(ticker);
    if (!bars) {
      const plain = new Map(
        (splitAdjustedFiles.has(ticker) ? readRows(splitAdjustedFiles.get(ticker) as string) : []).map((r) => [r.date, r.close]),
      );
      const adjusted = new Map(
        (adjustedFiles.has(ticker) ? readRows(adjustedFiles.get(ticker) as string) : []).map((r) => [r.date, r.close]),
      );
      const dates = [...new Set([...plain.keys(), ...adjusted.keys()])].sort();
      // a missing file stands in for the other; a file that ends earlier leaves its later days null
      bars = dates.map((date) => ({
        date,
        close: (plain.size > 0 ? plain.get(date) : adjusted.get(date)) ?? null,
        adjclose: (adjusted.size > 0 ? adjusted.get(date) : plain.get(date)) ?? null,
      }));
      cache.set(ticker, bars);
    }
    return bars;
  };
  const lastClose = (bars: Bar[]): number | undefined => bars.findLast((b) => b.close !== null)?.close ?? undefined;
  const eventsOf = (ticker: string, from: string, to: string, wanted: string) => {
    const kinds = wanted.split(/[,|]/);
    const events: { dividends?: Record<string, unknown>; splits?: Record<string, unknown> } = {};
    const within = (rows: Row[]) => rows.filter((r) => r.date >= from && r.date <= to);
    if (kinds.includes("div") && dividendFiles.has(ticker)) {
      events.dividends = {};
      for (const r of within(readRows(dividendFiles.get(ticker) as string))) {
        events.dividends[String(dailyStamp(r.date))] = { amount: r.close, date: dailyStamp(r.date) };
      }
    }
    if (kinds.includes("split") && splitFiles.has(ticker)) {
      events.splits = {};
      for (const r of within(readRows(splitFiles.get(ticker) as string))) {
        const [numerator, denominator] = fraction(r.close);
        events.splits[String(dailyStamp(r.date))] = {
          date: dailyStamp(r.date),
          numerator,
          denominator,
          splitRatio: `${numerator}:${denominator}`,
        };
      }
    }
    return events;
  };
  const catalogue = new Map(CATALOGUE.map((e) => [e.ticker, { name: e.name, type: YAHOO_TYPES[e.assetClass] }]));
  const symbolOf = (ticker: string): FakeSymbol =>
    options.symbols?.[ticker] ??
    catalogue.get(ticker) ??
    (/^[A-Z]{6}=X$/.test(ticker)
      ? { name: `${ticker.slice(0, 3)}/${ticker.slice(3, 6)}`, type: "CURRENCY" }
      : { name: ticker, type: ticker.endsWith("-USD") ? "CRYPTOCURRENCY" : "EQUITY" });
  const coins = [...files]
    .filter((t) => /^[A-Z0-9]+-USD$/.test(t))
    .map((ticker, i) => {
      const symbol = ticker.slice(0, -4);
      const known = COINGECKO[symbol] ?? { id: symbol.toLowerCase(), name: symbolOf(ticker).name };
      return { ...known, symbol, ticker, rank: i + 1 };
    });

  let pending429 = 0;
  let down: false | "503" | "close" = false;
  let requests = 0;
  const log: string[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const chartError = (res: ServerResponse, status: number, code: string, description: string) =>
    json(res, status, { chart: { result: null, error: { code, description } } });

  function chart(res: ServerResponse, ticker: string, query: URLSearchParams) {
    const rows = rowsOf(ticker);
    if (!rows || rows.length === 0) return chartError(res, 404, "Not Found", "No data found, symbol may be delisted");
    const interval = query.get("interval") ?? "1d";
    const range = query.get("range") ?? "1mo";
    if (interval !== "1d" && interval !== "1mo")
      return chartError(res, 400, "Bad Request", `Invalid input - interval=${interval} is not supported`);
    // period1/period2 (Unix seconds, period2 exclusive) pick the bars of a window instead of a range
    const from = query.get("period1");
    const to = query.get("period2");
    const picked =
      from !== null && to !== null
        ? rows.filter((r) => dailyStamp(r.date) >= Number(from) && dailyStamp(r.date) < Number(to))
        : rangeRows(rows, range);
    const before = rows[rows.length - picked.length - 1];
    const bars = interval === "1mo" ? monthlyBars(picked) : { stamps: picked.map((r) => dailyStamp(r.date)), bars: picked };
    const last = rows[rows.length - 1];
    const symbol = symbolOf(ticker);
    const wanted = query.get("events");
    json(res, 200, {
      chart: {
        result: [
          {
            meta: {
              currency: currencyOf(ticker),
              symbol: ticker,
              exchangeName: "FAKE",
              fullExchangeName: "Fake Exchange",
              instrumentType: symbol.type,
              firstTradeDate: dailyStamp(rows[0].date),
              regularMarketTime: dailyStamp(last.date) + 6.5 * 3600,
              gmtoffset: GMT_OFFSET,
              timezone: "EST",
              exchangeTimezoneName: "America/New_York",
              regularMarketPrice: lastClose(rows),
              chartPreviousClose: before?.close ?? picked[0]?.close ?? null,
              priceHint: 2,
              dataGranularity: interval,
              range,
              longName: symbol.name,
              shortName: symbol.name,
            },
            timestamp: bars.stamps,
            indicators: { quote: [{ close: bars.bars.map((b) => b.close) }], adjclose: [{ adjclose: bars.bars.map((b) => b.adjclose) }] },
            // a window with no bars (before the listing) answers meta alone, as Yahoo does
            ...(wanted && picked.length > 0 ? { events: eventsOf(ticker, picked[0].date, picked[picked.length - 1].date, wanted) } : {}),
          },
        ],
        error: null,
      },
    });
  }

  function yahooSearch(res: ServerResponse, q: string) {
    const upper = q.toUpperCase();
    const quotes = [...files]
      .filter((t) => t.startsWith(upper) || symbolOf(t).name.toLowerCase().includes(q.toLowerCase()))
      .slice(0, 10)
      .map((t) => ({
        exchange: "FAKE",
        shortname: symbolOf(t).name,
        longname: symbolOf(t).name,
        quoteType: symbolOf(t).type,
        symbol: t,
        isYahooFinance: true,
      }));
    json(res, 200, { explains: [], count: quotes.length, quotes, news: [] });
  }

  function simplePrice(res: ServerResponse, query: URLSearchParams) {
    const ids = (query.get("ids") ?? "").split(",").filter(Boolean);
    const currencies = (query.get("vs_currencies") ?? "").split(",");
    const body: Record<string, Record<string, number>> = {};
    for (const id of ids) {
      const coin = coins.find((c) => c.id === id);
      const bars = coin ? rowsOf(coin.ticker) : null;
      const last = bars?.findLast((b) => b.close !== null);
      if (!coin || !last || last.close === null) continue;
      body[id] = {};
      if (currencies.includes("usd")) body[id].usd = last.close;
      if (query.get("include_last_updated_at") === "true") body[id].last_updated_at = (utcMs(last.date) + DAY_MS) / 1000 - 60;
    }
    json(res, 200, body);
  }

  function marketChart(res: ServerResponse, id: string, query: URLSearchParams) {
    const coin = coins.find((c) => c.id === id);
    const rows = coin ? rowsOf(coin.ticker) : null;
    if (!rows) return json(res, 404, { error: "coin not found" });
    const days = query.get("days") ?? "max";
    const picked = days === "max" ? rows : rows.slice(-Number(days));
    // CoinGecko's daily point at 00:00 UTC carries the close of the day before
    json(res, 200, {
      prices: picked.filter((r) => r.close !== null).map((r) => [utcMs(r.date) + DAY_MS, r.close]),
      market_caps: [],
      total_volumes: [],
    });
  }

  /** market_chart/range: the points between `from` and `to` (Unix seconds), as market_chart stamps them. */
  function marketChartRange(res: ServerResponse, id: string, query: URLSearchParams) {
    const coin = coins.find((c) => c.id === id);
    const rows = coin ? rowsOf(coin.ticker) : null;
    if (!rows) return json(res, 404, { error: "coin not found" });
    const from = Number(query.get("from")) * 1000;
    const to = Number(query.get("to")) * 1000;
    const points = rows
      .filter((r) => r.close !== null)
      .map((r) => [utcMs(r.date) + DAY_MS, r.close])
      .filter(([ms]) => (ms as number) >= from && (ms as number) <= to);
    json(res, 200, { prices: points, market_caps: [], total_volumes: [] });
  }

  function coinSearch(res: ServerResponse, q: string) {
    const lower = q.toLowerCase();
    const found = coins
      .filter((c) => c.symbol.toLowerCase().startsWith(lower) || c.name.toLowerCase().includes(lower) || c.id.includes(lower))
      .map((c) => ({ id: c.id, name: c.name, api_symbol: c.id, symbol: c.symbol, market_cap_rank: c.rank, thumb: "", large: "" }));
    json(res, 200, { coins: found, exchanges: [], icons: [], categories: [], nfts: [] });
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    requests++;
    log.push(req.url ?? "");
    if (down === "close") return void req.socket.destroy();
    if (down === "503") return json(res, 503, { error: "Service Unavailable" });
    if (pending429 > 0) {
      pending429--;
      res.writeHead(429, { "content-type": "text/plain" });
      return void res.end("Too Many Requests");
    }
    const url = new URL(req.url ?? "/", "http://fake");
    const path = decodeURIComponent(url.pathname);
    if (req.method !== "GET") return json(res, 405, { error: "Method Not Allowed" });
    const chartPath = /^\/v8\/finance\/chart\/([^/]+)$/.exec(path);
    if (chartPath) return chart(res, chartPath[1].toUpperCase(), url.searchParams);
    if (path === "/v1/finance/search") return yahooSearch(res, url.searchParams.get("q") ?? "");
    if (path === "/api/v3/simple/price") return simplePrice(res, url.searchParams);
    const chartOfCoin = /^\/api\/v3\/coins\/([^/]+)\/market_chart$/.exec(path);
    if (chartOfCoin) return marketChart(res, chartOfCoin[1], url.searchParams);
    const rangeOfCoin = /^\/api\/v3\/coins\/([^/]+)\/market_chart\/range$/.exec(path);
    if (rangeOfCoin) return marketChartRange(res, rangeOfCoin[1], url.searchParams);
    if (path === "/api/v3/search") return coinSearch(res, url.searchParams.get("query") ?? "");
    json(res, 404, { error: `No route ${path}` });
  }

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    set429: (n) => {
      pending429 = n;
    },
    setDown: (value) => {
      down = value === true ? "503" : value === false ? false : value;
    },
    get requests() {
      return requests;
    },
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const dataDir = arg("--data-dir") ?? process.env.MARKET_DATA_DIR;
  if (!dataDir) {
    console.error("usage: node --import tsx scripts/fakes/market-data.ts --data-dir <folder of TICKER.csv> [--port 9100]");
    process.exit(64);
  }
  const fake = await startFakeMarketData({ dataDir, port: Number(arg("--port") ?? 9100) });
  console.log(`fake market data on ${fake.url}\n  YAHOO_BASE_URL=${fake.url} COINGECKO_BASE_URL=${fake.url}`);
}
