/**
 * CoinGecko for crypto: tickers in Yahoo's form (`BTC-USD`) are mapped to CoinGecko coin ids (`bitcoin`):
 * a small fixed map for the major coins, then whatever the search API taught us. Prices in US dollars; a
 * coin has no splits or dividends, so its closes are its history.
 */
import { lastCloseByMonth, TICKER_PATTERN } from "../domain/series.ts";
import type { JsonHttpClient } from "./http.ts";
import {
  type DayClose,
  emptyBatch,
  type MarketDataProvider,
  type PriceHistory,
  type QuoteBatch,
  type SymbolInfo,
  UnknownTickerError,
  UpstreamError,
} from "./port.ts";

/** CoinGecko's ids of the major coins, by symbol. */
export const COIN_IDS: Readonly<Record<string, { id: string; name: string }>> = {
  BTC: { id: "bitcoin", name: "Bitcoin" },
  ETH: { id: "ethereum", name: "Ethereum" },
  SOL: { id: "solana", name: "Solana" },
  XRP: { id: "ripple", name: "XRP" },
  BNB: { id: "binancecoin", name: "BNB" },
  DOGE: { id: "dogecoin", name: "Dogecoin" },
  ADA: { id: "cardano", name: "Cardano" },
  LTC: { id: "litecoin", name: "Litecoin" },
  USDT: { id: "tether", name: "Tether" },
  USDC: { id: "usd-coin", name: "USDC" },
};

const CRYPTO_TICKER = /^([A-Z0-9]+)-USD$/;
const SEARCH_CALL = { retries: 0, timeoutMs: 2500 };
/** learned ids kept at most; the map is only a shortcut past a search */
const MAX_LEARNED = 5000;

interface SearchCoin {
  id?: string;
  name?: string;
  symbol?: string;
  market_cap_rank?: number | null;
}

export const symbolOf = (ticker: string): string | null => CRYPTO_TICKER.exec(ticker)?.[1] ?? null;

/**
 * CoinGecko stamps a daily price at 00:00 UTC: the price then is the previous day's close. A millisecond
 * back puts it on the day it closes, so month ends line up with Yahoo's and the CSV folder's daily closes.
 */
export function dailyFromMarketChart(prices: Array<[number, number]>): Array<{ date: string; close: number }> {
  return prices
    .filter(([ms, price]) => Number.isFinite(ms) && Number.isFinite(price) && price > 0)
    .sort((a, b) => a[0] - b[0])
    .map(([ms, close]) => ({ date: new Date(ms - 1).toISOString().slice(0, 10), close }));
}

export function monthlyFromMarketChart(prices: Array<[number, number]>): Record<string, number> {
  return lastCloseByMonth(dailyFromMarketChart(prices));
}

/** How far before the asked day a daily close is looked for. */
const CLOSE_WINDOW_DAYS = 14;

export class CoinGeckoProvider implements MarketDataProvider {
  readonly name = "coingecko";
  private readonly learned = new Map<string, { id: string; name: string }>();

  constructor(private readonly http: JsonHttpClient) {}

  canHandle(ticker: string): boolean {
    return CRYPTO_TICKER.test(ticker);
  }

  async quote(tickers: string[]): Promise<QuoteBatch> {
    const batch = emptyBatch();
    const ids = new Map<string, string>();
    for (const ticker of tickers) {
      try {
        const coin = await this.resolve(ticker);
        if (coin) ids.set(ticker, coin.id);
      } catch {
        batch.failed.add(ticker);
      }
    }
    if (ids.size === 0) {
      if (batch.failed.size === tickers.length && tickers.length > 0) throw new UpstreamError(this.name, null, "search failed");
      return batch;
    }
    const { status, body } = await this.http.get("/api/v3/simple/price", {
      ids: [...new Set(ids.values())].join(","),
      vs_currencies: "usd",
      include_last_updated_at: "true",
    });
    if (status !== 200) throw new UpstreamError(this.name, status, `simple/price answered HTTP ${status}`);
    const prices = (body ?? {}) as Record<string, { usd?: number; last_updated_at?: number }>;
    for (const [ticker, id] of ids) {
      const entry = prices[id];
      if (!entry || typeof entry.usd !== "number" || !(entry.usd > 0)) continue;
      const at = entry.last_updated_at ? new Date(entry.last_updated_at * 1000).toISOString() : new Date().toISOString();
      // a coin trades around the clock: its date is the UTC day of the price
      batch.quotes.set(ticker, {
        ticker,
        price: entry.usd,
        at,
        asOf: at.slice(0, 10),
        currency: "USD",
        assetClass: "Crypto",
        name: this.known(ticker)?.name,
      });
    }
    return batch;
  }

  async history(ticker: string): Promise<PriceHistory> {
    const coin = await this.resolve(ticker);
    if (!coin) throw new UnknownTickerError(ticker, this.name);
    const { status, body } = await this.http.get(`/api/v3/coins/${encodeURIComponent(coin.id)}/market_chart`, {
      vs_currency: "usd",
      days: "max",
      interval: "daily",
    });
    if (status === 404) throw new UnknownTickerError(ticker, this.name);
    if (status !== 200) throw new UpstreamError(this.name, status, `market_chart answered HTTP ${status}`);
    const months = monthlyFromMarketChart((body as { prices?: Array<[number, number]> } | null)?.prices ?? []);
    if (Object.keys(months).length === 0) throw new UnknownTickerError(ticker, this.name);
    return { adjusted: months, closes: months, splits: [], dividends: [], dividendsInCloses: false, currency: "USD" };
  }

  /** The last daily close on or before `date`, from market_chart/range over the fortnight up to it; null when none. */
  async dailyClose(ticker: string, date: string): Promise<DayClose | null> {
    const coin = await this.resolve(ticker);
    if (!coin) throw new UnknownTickerError(ticker, this.name);
    const day = Date.parse(`${date}T00:00:00Z`) / 1000;
    const { status, body } = await this.http.get(`/api/v3/coins/${encodeURIComponent(coin.id)}/market_chart/range`, {
      vs_currency: "usd",
      from: String(day - CLOSE_WINDOW_DAYS * 86_400),
      to: String(day + 86_400),
    });
    if (status === 404) throw new UnknownTickerError(ticker, this.name);
    if (status !== 200) throw new UpstreamError(this.name, status, `market_chart/range answered HTTP ${status}`);
    const rows = dailyFromMarketChart((body as { prices?: Array<[number, number]> } | null)?.prices ?? []).filter((r) => r.date <= date);
    const last = rows.at(-1);
    // a coin has no splits or dividends: its close is what was paid
    return last ? { date: last.date, close: last.close, basis: "split-adjusted", currency: "USD" } : null;
  }

  async search(query: string): Promise<SymbolInfo[]> {
    const coins = await this.searchCoins(query);
    const found: SymbolInfo[] = [];
    for (const coin of coins.slice(0, 10)) {
      const ticker = `${coin.symbol}-USD`;
      if (TICKER_PATTERN.test(ticker)) found.push({ ticker, name: coin.name, assetClass: "Crypto", fee: 0 });
    }
    return found;
  }

  async metadata(ticker: string): Promise<SymbolInfo | null> {
    const coin = await this.resolve(ticker);
    return coin ? { ticker, name: coin.name, assetClass: "Crypto", fee: 0 } : null;
  }

  private known(ticker: string): { id: string; name: string } | undefined {
    const symbol = symbolOf(ticker);
    return symbol ? (COIN_IDS[symbol] ?? this.learned.get(symbol)) : undefined;
  }

  /** The coin of a ticker: the fixed map, what earlier searches taught, else the best-ranked coin of that symbol. */
  private async resolve(ticker: string): Promise<{ id: string; name: string } | null> {
    const known = this.known(ticker);
    if (known) return known;
    const symbol = symbolOf(ticker);
    if (!symbol) return null;
    await this.searchCoins(symbol);
    return this.learned.get(symbol) ?? null;
  }

  /** Searches coins, best market-cap rank first, and learns each symbol's id (the best-ranked one). */
  private async searchCoins(query: string): Promise<Array<{ id: string; name: string; symbol: string }>> {
    const { status, body } = await this.http.get("/api/v3/search", { query }, SEARCH_CALL);
    if (status !== 200) throw new UpstreamError(this.name, status, `search answered HTTP ${status}`);
    const rank = (c: SearchCoin) => c.market_cap_rank ?? Number.POSITIVE_INFINITY;
    const coins = ((body as { coins?: SearchCoin[] } | null)?.coins ?? [])
      .filter((c): c is SearchCoin & { id: string; name: string; symbol: string } => Boolean(c.id && c.name && c.symbol))
      .sort((a, b) => rank(a) - rank(b))
      .map((c) => ({ id: c.id, name: c.name, symbol: c.symbol.toUpperCase() }));
    if (this.learned.size > MAX_LEARNED) this.learned.clear();
    for (const coin of coins) if (!COIN_IDS[coin.symbol] && !this.learned.has(coin.symbol)) this.learned.set(coin.symbol, coin);
    return coins;
  }
}
