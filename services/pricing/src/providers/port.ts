/**
 * One interface for every market-data vendor (Ghostfolio's data-provider model): the chain in
 * market-data.ts asks them in the configured order and falls back to the next on failure or ignorance.
 * A provider tells the two apart: "I don't know this ticker" (UnknownTickerError, or a ticker left out of a
 * quote batch) moves on quietly; anything else is an outage the caller may answer with a stale value.
 */
import type { AssetClass } from "@folio/proto/pricing";

export interface Quote {
  ticker: string;
  price: number;
  /** ISO time of the price as the vendor reports it */
  at: string;
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

export interface SymbolInfo {
  ticker: string;
  name: string;
  assetClass: AssetClass;
  /** expense ratio in percent where the source knows it */
  fee?: number | null;
}

export interface MarketDataProvider {
  readonly name: string;
  /** whether asking this provider about the ticker makes sense at all (no I/O) */
  canHandle(ticker: string): boolean;
  /** latest prices; tickers in neither `quotes` nor `failed` are unknown to this provider; throws when it is down */
  quote(tickers: string[]): Promise<QuoteBatch>;
  /** month (`YYYY-MM`) → last close of the month; throws UnknownTickerError or a failure */
  monthlyHistory(ticker: string): Promise<Record<string, number>>;
  search(query: string): Promise<SymbolInfo[]>;
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

/** A vendor answered wrongly or not at all. */
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
