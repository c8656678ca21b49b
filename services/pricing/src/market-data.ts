/**
 * Market data as the routes and the refresh job see it: the providers asked in the configured order with
 * fallback, answers normalised to a major currency unit and kept in the cache (quotes 1 h, history 24 h),
 * the last good value kept without expiry and served as stale when every provider is down, a provider that
 * is not answering left alone for a while (provider-health.ts), and concurrent asks for one ticker sharing
 * one call.
 */
import type { Cache } from "@folio/platform/cache/port";
import { type Clock, systemClock } from "@folio/platform/clock";
import type { Logger } from "@folio/platform/log";
import {
  type AssetClass,
  AUTOCOMPLETE_MAX_SUGGESTIONS,
  type CloseReply,
  type DividendEvent,
  type PriceReply,
  type SplitEvent,
  type Suggestion,
} from "@folio/proto/pricing";
import { CATALOGUE, catalogueEntry } from "./catalogue.ts";
import { asTraded } from "./domain/closes.ts";
import { divideMonths, majorUnit } from "./domain/currency.ts";
import { defaultFee, guessAssetClass } from "./domain/series.ts";
import { matchRank, rankSuggestions } from "./domain/suggest.ts";
import { offlineHint, ProviderHealth } from "./provider-health.ts";
import {
  type DayClose,
  type MarketDataProvider,
  type PriceHistory,
  type Quote,
  type SymbolInfo,
  UnknownTickerError,
} from "./providers/port.ts";

export const QUOTE_TTL_MS = 60 * 60 * 1000;
export const HISTORY_TTL_MS = 24 * 60 * 60 * 1000;
export const SYMBOL_TTL_MS = 24 * 60 * 60 * 1000;
export const SEARCH_TTL_MS = 60 * 60 * 1000;
/** A past day's close does not change; one of the last days may still be completed (a late print, a holiday). */
export const CLOSE_TTL_MS = 24 * 60 * 60 * 1000;
export const RECENT_CLOSE_TTL_MS = 60 * 60 * 1000;
/** After an outage the stale answer stands this long before the providers are asked again. */
export const OUTAGE_RETRY_MS = 5 * 60 * 1000;

/** v2: quotes carry their date and currency, histories their closes, splits and dividends */
export const cacheKeys = {
  quote: (ticker: string) => `price:v2:${ticker}`,
  lastQuote: (ticker: string) => `price:last:v2:${ticker}`,
  history: (ticker: string) => `history:v2:${ticker}`,
  lastHistory: (ticker: string) => `history:last:v2:${ticker}`,
  symbol: (ticker: string) => `symbol:${ticker}`,
  close: (ticker: string, date: string) => `close:v1:${ticker}:${date}`,
  search: (provider: string, query: string) => `search:${provider}:${query}`,
};

/** A quote as cached: in the major unit of its currency. */
export interface CachedQuote {
  price: number;
  at: string;
  /** the exchange's date of the price */
  asOf?: string;
  currency: string;
  /** the provider's minor unit, when it quoted one */
  quotedCurrency?: string;
  name?: string;
  assetClass?: AssetClass;
  stale?: boolean;
}

/** A history as cached: in the major unit of its currency. */
export interface CachedHistory {
  /** month → close adjusted for splits and dividends (historical_data) */
  months: Record<string, number>;
  /** month → close adjusted for splits only */
  closes: Record<string, number>;
  splits: SplitEvent[];
  dividends: DividendEvent[];
  dividendsInCloses: boolean;
  currency: string;
  stale?: boolean;
}

/** No provider knows the ticker. */
export class TickerNotFound extends Error {
  constructor(readonly ticker: string) {
    super(`no provider knows ${ticker}`);
    this.name = "TickerNotFound";
  }
}

/** The ticker is known but no provider has a close on or before the day asked (before its listing). */
export class NoCloseBefore extends Error {
  constructor(
    readonly ticker: string,
    readonly date: string,
  ) {
    super(`${ticker} has no close on or before ${date}`);
    this.name = "NoCloseBefore";
  }
}

/** Every provider that might know the ticker failed, and there is no last good value. */
export class MarketDataUnavailable extends Error {
  constructor(readonly ticker: string) {
    super(`market data for ${ticker} is unavailable`);
    this.name = "MarketDataUnavailable";
  }
}

export interface QuoteResults {
  quotes: Map<string, Quote>;
  /** tickers left without a quote because a provider failed on them */
  failed: Set<string>;
}

/** A provider's quote in the major unit of its currency (GBp 7,512 → GBP 75.12). */
export function cachedQuoteOf(q: Quote): CachedQuote {
  const unit = majorUnit(q.currency);
  const cached: CachedQuote = { price: q.price / unit.divisor, at: q.at, asOf: q.asOf ?? q.at.slice(0, 10), currency: unit.currency };
  if (unit.quotedCurrency) cached.quotedCurrency = unit.quotedCurrency;
  if (q.name) cached.name = q.name;
  if (q.assetClass) cached.assetClass = q.assetClass;
  return cached;
}

/** A provider's history in the major unit of its currency: closes and dividends divided alike. */
export function cachedHistoryOf(h: PriceHistory): CachedHistory {
  const unit = majorUnit(h.currency);
  return {
    months: divideMonths(h.adjusted, unit.divisor),
    closes: divideMonths(h.closes, unit.divisor),
    splits: h.splits,
    dividends: unit.divisor === 1 ? h.dividends : h.dividends.map((d) => ({ date: d.date, amount: d.amount / unit.divisor })),
    dividendsInCloses: h.dividendsInCloses,
    currency: unit.currency,
  };
}

export interface MarketDataOptions {
  /** told of every ticker whose quote or history this process writes to the cache (reply-cache.ts) */
  changed?: (ticker: string) => void;
  clock?: Clock;
  /** MARKET_DATA_DIR, for the "no provider answers" message */
  dataDir?: string;
}

export class MarketData {
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** told of every ticker whose market data this process writes to the cache, so what was derived from the old values goes with them */
  private readonly changed: (ticker: string) => void;
  readonly health: ProviderHealth;

  constructor(
    readonly providers: MarketDataProvider[],
    private readonly cache: Cache,
    private readonly log: Logger,
    options: MarketDataOptions = {},
  ) {
    this.changed = options.changed ?? (() => {});
    this.health = new ProviderHealth(options.clock ?? systemClock, log, offlineHint(options.dataDir));
  }

  /** The GET /v1/get/{ticker} answer; `fresh` looks past the cache. */
  async price(ticker: string, fresh = false): Promise<PriceReply> {
    const [quote, history] = await Promise.allSettled([this.quote(ticker, fresh), this.history(ticker, fresh)]);
    if (quote.status === "rejected") throw quote.reason;
    let past: CachedHistory | null = null;
    let stale = quote.value.stale === true;
    if (history.status === "fulfilled") {
      past = history.value;
      stale ||= history.value.stale === true;
    } else if (!(history.reason instanceof TickerNotFound)) {
      throw history.reason;
    }
    const info = await this.symbolInfo(ticker, quote.value);
    const q = quote.value;
    const reply: PriceReply = {
      latestPrice: q.price,
      ticker,
      historical_data: past?.months ?? {},
      fee: info.fee ?? defaultFee(info.assetClass),
      name: info.name,
      assetClass: info.assetClass,
    };
    if (stale) reply.stale = true;
    reply.asOf = q.asOf ?? q.at.slice(0, 10);
    reply.currency = q.currency ?? past?.currency ?? "USD";
    if (q.quotedCurrency) reply.quotedCurrency = q.quotedCurrency;
    reply.closes = past?.closes ?? {};
    reply.splits = past?.splits ?? [];
    reply.dividends = past?.dividends ?? [];
    reply.dividendsInCloses = past?.dividendsInCloses ?? false;
    return reply;
  }

  async quote(ticker: string, fresh = false): Promise<CachedQuote> {
    if (!fresh) {
      const hit = await this.cache.get<CachedQuote>(cacheKeys.quote(ticker));
      if (hit) return hit;
    }
    return this.shared(`quote:${ticker}`, async () => {
      const { quotes, failed } = await this.quoteChain([ticker]);
      const quote = quotes.get(ticker);
      if (quote) return this.remember(ticker, quote);
      if (!failed.has(ticker)) throw new TickerNotFound(ticker);
      return this.staleOr(cacheKeys.lastQuote(ticker), cacheKeys.quote(ticker), ticker);
    });
  }

  async history(ticker: string, fresh = false): Promise<CachedHistory> {
    if (!fresh) {
      const hit = await this.cache.get<CachedHistory>(cacheKeys.history(ticker));
      if (hit) return hit;
    }
    return this.shared(`history:${ticker}`, async () => {
      let failed = false;
      for (const provider of this.providers) {
        if (!provider.canHandle(ticker)) continue;
        if (!this.health.ready(provider)) {
          failed = true;
          continue;
        }
        try {
          const value = cachedHistoryOf(await provider.history(ticker));
          this.health.succeeded(provider);
          await this.cache.set(cacheKeys.history(ticker), value, HISTORY_TTL_MS);
          await this.cache.set(cacheKeys.lastHistory(ticker), value);
          this.changed(ticker);
          return value;
        } catch (err) {
          if (err instanceof UnknownTickerError) {
            this.health.succeeded(provider);
            continue;
          }
          failed = true;
          if (!this.health.failed(provider, err)) {
            this.log.warn({ provider: provider.name, ticker, err: (err as Error).message }, "market data provider failed (history)");
          }
        }
      }
      this.health.report();
      if (!failed) throw new TickerNotFound(ticker);
      return this.staleOr(cacheKeys.lastHistory(ticker), cacheKeys.history(ticker), ticker);
    });
  }

  /**
   * The as-traded close of GET /v1/get/{ticker}/close (docs/product-decisions.md "The as-traded close"): the last daily close on
   * or before `date` from the first provider that has one, in the major unit of its currency, times the ratio
   * of the ticker's splits after that day (from its history). `recent`: the day is within the last week, so
   * the answer is kept an hour rather than a day.
   */
  async close(ticker: string, date: string, recent = false): Promise<CloseReply> {
    const key = cacheKeys.close(ticker, date);
    const hit = await this.cache.get<CloseReply>(key);
    if (hit) return hit;
    return this.shared(key, async () => {
      const day = await this.dayClose(ticker, date);
      // the splits after the day: whatever the history of the ticker lists (outages throw, a split is never guessed)
      const history = await this.history(ticker);
      const unit = majorUnit(day.currency ?? history.currency);
      const reply: CloseReply = {
        ticker,
        date: day.date,
        close: asTraded(day.close / unit.divisor, day.date, history.splits),
        currency: unit.currency,
        basis: "as-traded",
      };
      await this.cache.set(key, reply, recent ? RECENT_CLOSE_TTL_MS : CLOSE_TTL_MS);
      return reply;
    });
  }

  /** The first provider's daily close on or before `date`; NoCloseBefore, TickerNotFound or MarketDataUnavailable. */
  private async dayClose(ticker: string, date: string): Promise<DayClose> {
    let failed = false;
    let known = false;
    for (const provider of this.providers) {
      if (!provider.dailyClose || !provider.canHandle(ticker)) continue;
      if (!this.health.ready(provider)) {
        failed = true;
        continue;
      }
      try {
        const day = await provider.dailyClose(ticker, date);
        this.health.succeeded(provider);
        known = true;
        if (day) return day;
      } catch (err) {
        if (err instanceof UnknownTickerError) {
          this.health.succeeded(provider);
          continue;
        }
        failed = true;
        if (!this.health.failed(provider, err)) {
          this.log.warn({ provider: provider.name, ticker, err: (err as Error).message }, "market data provider failed (close)");
        }
      }
    }
    this.health.report();
    // a provider that failed might have had the close: that is an outage, not a "no close"
    if (failed) throw new MarketDataUnavailable(ticker);
    if (known) throw new NoCloseBefore(ticker, date);
    throw new TickerNotFound(ticker);
  }

  /** Quotes many tickers at once (the hourly refresh), each provider asked once for its share, and caches them; prices in major units. */
  async refresh(tickers: string[]): Promise<QuoteResults> {
    const results = await this.quoteChain(tickers);
    for (const [ticker, quote] of results.quotes) {
      // announced as cached: in the major unit (a price.updated in pence would disagree with GET /v1/get)
      const cached = await this.remember(ticker, quote);
      results.quotes.set(ticker, { ...quote, price: cached.price, currency: cached.currency });
    }
    return results;
  }

  /**
   * Autocomplete: the catalogue, then every provider's search; a search that fails is left out. The
   * catalogue offers only what a configured provider can price now: one that knows the ticker (the CSV
   * folder has its file; CoinGecko takes coins) and is not failing, so offline DIA or ETH-USD are not
   * offered only to fail. It is read after the searches, which find out whether a remote provider answers.
   */
  async suggest(query: string): Promise<Suggestion[]> {
    const q = query.trim();
    const searched = await Promise.all(this.providers.map((provider) => this.search(provider, q)));
    const priceable = (ticker: string) =>
      this.providers.some((provider) => provider.canHandle(ticker) && (provider.local || !this.health.isFailing(provider)));
    const offline = CATALOGUE.filter((entry) => matchRank(q, entry) < 4 && priceable(entry.ticker));
    const candidates = [...offline, ...searched.flat()].map(({ ticker, name, assetClass }) => ({ ticker, name, assetClass }));
    return rankSuggestions(q, candidates, AUTOCOMPLETE_MAX_SUGGESTIONS);
  }

  private async search(provider: MarketDataProvider, query: string): Promise<SymbolInfo[]> {
    const key = cacheKeys.search(provider.name, query.toLowerCase());
    try {
      const hit = await this.cache.get<SymbolInfo[]>(key);
      if (hit) return hit;
      if (!this.health.ready(provider)) return [];
      const found = await this.shared(key, () => provider.search(query));
      await this.cache.set(key, found, SEARCH_TTL_MS);
      return found;
    } catch (err) {
      this.health.failed(provider, err);
      this.log.debug({ provider: provider.name, err: (err as Error).message }, "search failed; left out of suggestions");
      return [];
    }
  }

  /** Name, class and fee: the catalogue, else what the quote said, else the providers' metadata. */
  private async symbolInfo(ticker: string, quote: CachedQuote): Promise<SymbolInfo> {
    const entry = catalogueEntry(ticker);
    if (entry) return { ticker, name: entry.name, assetClass: entry.assetClass, fee: entry.expenseRatio ?? null };
    if (quote.name && quote.assetClass) return { ticker, name: quote.name, assetClass: quote.assetClass };
    const hit = await this.cache.get<SymbolInfo>(cacheKeys.symbol(ticker));
    if (hit) return hit;
    return this.shared(`symbol:${ticker}`, async () => {
      for (const provider of this.providers) {
        if (!provider.canHandle(ticker) || !this.health.ready(provider)) continue;
        try {
          const info = await provider.metadata(ticker);
          if (!info) continue;
          await this.cache.set(cacheKeys.symbol(ticker), info, SYMBOL_TTL_MS);
          return info;
        } catch (err) {
          this.health.failed(provider, err);
          this.log.debug({ provider: provider.name, ticker, err: (err as Error).message }, "metadata failed");
        }
      }
      // the price is real; only its label is missing, which is no reason to fail the request
      return { ticker, name: quote.name ?? ticker, assetClass: quote.assetClass ?? guessAssetClass(ticker) };
    });
  }

  private async quoteChain(tickers: string[]): Promise<QuoteResults> {
    const quotes = new Map<string, Quote>();
    const failed = new Set<string>();
    let remaining = tickers;
    for (const provider of this.providers) {
      const mine = remaining.filter((t) => provider.canHandle(t));
      if (mine.length === 0) continue;
      if (!this.health.ready(provider)) {
        for (const ticker of mine) failed.add(ticker);
        continue;
      }
      try {
        const batch = await provider.quote(mine);
        this.health.succeeded(provider);
        for (const [ticker, quote] of batch.quotes) quotes.set(ticker, quote);
        for (const ticker of batch.failed) failed.add(ticker);
      } catch (err) {
        if (!this.health.failed(provider, err)) {
          this.log.warn(
            { provider: provider.name, tickers: mine.length, err: (err as Error).message },
            "market data provider failed (quote)",
          );
        }
        for (const ticker of mine) failed.add(ticker);
      }
      remaining = remaining.filter((t) => !quotes.has(t));
      if (remaining.length === 0) break;
    }
    for (const ticker of quotes.keys()) failed.delete(ticker);
    this.health.report();
    return { quotes, failed };
  }

  private async remember(ticker: string, quote: Quote): Promise<CachedQuote> {
    const value = cachedQuoteOf(quote);
    await this.cache.set(cacheKeys.quote(ticker), value, QUOTE_TTL_MS);
    await this.cache.set(cacheKeys.lastQuote(ticker), value);
    this.changed(ticker);
    return value;
  }

  /**
   * The last good value marked stale, also put where fresh values live for a few minutes so that a
   * burst of requests during an outage does not wait on dead providers each time.
   */
  private async staleOr<T extends object>(lastKey: string, key: string, ticker: string): Promise<T & { stale: true }> {
    const last = await this.cache.get<T>(lastKey);
    if (!last) throw new MarketDataUnavailable(ticker);
    const stale = { ...last, stale: true as const };
    await this.cache.set(key, stale, OUTAGE_RETRY_MS);
    this.changed(ticker);
    return stale;
  }

  private shared<T>(key: string, run: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key);
    if (running) return running as Promise<T>;
    const started = run().finally(() => this.inflight.delete(key));
    this.inflight.set(key, started);
    return started;
  }
}
