/**
 * One interface for every market-data vendor (Ghostfolio's data-provider model): the chain in
 * market-data.ts asks them in the configured order and falls back to the next on failure or ignorance.
 * A provider tells the two apart: "I don't know this ticker" (UnknownTickerError, or a ticker left out of a
 * quote batch) moves on quietly; anything else is an outage the caller may answer with a stale value.
 */
import type { AssetClass, DividendEvent, SplitEvent } from "@folio/proto/pricing";

export interface Quote {
  ticker: string;
  price: number;
  /** ISO time of the price as the vendor reports it */
  at: string;
  /** the exchange's date of the price, `YYYY-MM-DD` */
  asOf?: string;
  /** the vendor's currency code, possibly a minor unit (GBp); MarketData normalises it */
  currency?: string;
  /** what the vendor said about the symbol in the same answer, saving a metadata call */
  name?: string;
  assetClass?: AssetClass;
}

export interface QuoteBatch {
  quotes: Map<string, Quote>;
  /** tickers this provider could not answer because of a failure (not because it does not know them) */
  failed: Set<string>;
}

/** A ticker's history as one vendor answer gives it, in the vendor's currency code. */
export interface PriceHistory {
  /** month → last close adjusted for splits and dividends (the spec's historical_data) */
  adjusted: Record<string, number>;
  /** month → last close adjusted for splits only */
  closes: Record<string, number>;
  /** oldest first */
  splits: SplitEvent[];
  /** oldest first, per today's share */
  dividends: DividendEvent[];
  /** true when `closes` already include dividends and there are none apart */
  dividendsInCloses: boolean;
  currency?: string;
}

/** One day's close as a provider has it (docs/product-decisions.md "The as-traded close"). */
export interface DayClose {
  /** the trading day, `YYYY-MM-DD` */
  date: string;
  /** in the vendor's currency code */
  close: number;
  /** "split-adjusted": adjusted for splits only (Yahoo's chart `close`); "adjusted": for splits and dividends too */
  basis: "split-adjusted" | "adjusted";
  currency?: string;
}

export interface SymbolInfo {
  ticker: string;
  name: string;
  assetClass: AssetClass;
  /** expense ratio in percent where the source knows it */
  fee?: number | null;
}

export interface MarketDataProvider {
  readonly name: string;
  /** true for a provider that needs no network (the CSV folder): its failures are not outages */
  readonly local?: boolean;
  /** whether asking this provider about the ticker makes sense at all (no I/O) */
  canHandle(ticker: string): boolean;
  /** latest prices; tickers in neither `quotes` nor `failed` are unknown to this provider; throws when it is down */
  quote(tickers: string[]): Promise<QuoteBatch>;
  /** monthly closes, splits and dividends; throws UnknownTickerError or a failure */
  history(ticker: string): Promise<PriceHistory>;
  search(query: string): Promise<SymbolInfo[]>;
  /**
   * The last daily close on or before `date`; null when the provider knows the ticker but has no close that
   * early; throws UnknownTickerError or a failure. Absent: the provider has no daily closes.
   */
  dailyClose?(ticker: string, date: string): Promise<DayClose | null>;
  /** null when the provider does not know the ticker */
  metadata(ticker: string): Promise<SymbolInfo | null>;
}

export class UnknownTickerError extends Error {
  constructor(
    readonly ticker: string,
    readonly provider: string,
  ) {
    super(`${provider} does not know ${ticker}`);
    this.name = "UnknownTickerError";
  }
}

/** A vendor answered wrongly or not at all. `outage` when it did not answer, or answered 5xx or 429. */
export class UpstreamError extends Error {
  constructor(
    readonly provider: string,
    /** HTTP status, null when there was no answer (timeout, connection refused or closed) */
    readonly status: number | null,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = "UpstreamError";
  }

  get outage(): boolean {
    return this.status === null || this.status === 429 || this.status >= 500;
  }
}

export const emptyBatch = (): QuoteBatch => ({ quotes: new Map(), failed: new Set() });

/** Runs `task` over `items`, at most `limit` at a time, in order of the items. */
export async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
