/**
 * Yahoo Finance: the chart API for quotes (`interval=1d&range=5d`) and monthly history
 * (`interval=1mo&range=max&events=div,split`), and the search API for autocomplete. The chart answer's meta
 * also names the symbol, its instrument type and currency, so a quote needs no separate metadata call. A
 * chart gives both closes: `indicators.quote[0].close` adjusted for splits only, `indicators.adjclose` for
 * splits and dividends; `events` lists the splits and dividends by ex-date. Exchange rates are symbols like
 * `EURUSD=X` (dollars per euro).
 */
import type { AssetClass } from "@folio/proto/pricing";
import { exchangeDate, TICKER_PATTERN } from "../domain/series.ts";
import type { JsonHttpClient } from "./http.ts";
import {
  type DayClose,
  eachLimited,
  emptyBatch,
  type MarketDataProvider,
  type PriceHistory,
  type Quote,
  type QuoteBatch,
  type SymbolInfo,
  UnknownTickerError,
  UpstreamError,
} from "./port.ts";

/** The parts of a chart result we read (v8/finance/chart → chart.result[0]). */
export interface ChartResult {
  meta?: {
    symbol?: string;
    currency?: string | null;
    instrumentType?: string;
    regularMarketPrice?: number | null;
    regularMarketTime?: number;
    gmtoffset?: number;
    longName?: string;
    shortName?: string;
  };
  timestamp?: number[];
  indicators?: {
    quote?: Array<{ close?: Array<number | null> }>;
    adjclose?: Array<{ adjclose?: Array<number | null> }>;
  };
  /** with `events=div,split`: keyed by the event's Unix time (or an id), each with its own `date` */
  events?: {
    dividends?: Record<string, { amount?: number; date?: number }>;
    splits?: Record<string, { date?: number; numerator?: number; denominator?: number; splitRatio?: string }>;
  };
}

interface ChartBody {
  chart?: { result?: ChartResult[] | null; error?: { code?: string; description?: string } | null };
}

interface SearchBody {
  quotes?: Array<{ symbol?: string; shortname?: string; longname?: string; quoteType?: string }>;
}

/** Yahoo's instrument/quote types onto ours; a mutual fund is shown as a fund (ETF), currencies and futures not at all. */
export function assetClassOf(yahooType: string | undefined): AssetClass | null {
  switch (yahooType?.toUpperCase()) {
    case "EQUITY":
      return "Stock";
    case "ETF":
    case "MUTUALFUND":
      return "ETF";
    case "CRYPTOCURRENCY":
      return "Crypto";
    case "INDEX":
      return "Index";
    case "CURRENCY":
      return "Currency";
    default:
      return null;
  }
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value > 0;

/**
 * (date, close) pairs of a chart result, dates as the exchange saw them: the adjusted closes (`adjclose`,
 * split and dividend adjusted, the spec's historical_data) or the as-traded ones (`close`, split adjusted).
 */
export function chartCloses(result: ChartResult, which: "adjusted" | "close" = "adjusted"): Array<{ date: string; close: number }> {
  const times = result.timestamp ?? [];
  const plain = result.indicators?.quote?.[0]?.close ?? [];
  const closes = which === "adjusted" ? (result.indicators?.adjclose?.[0]?.adjclose ?? plain) : plain;
  const offset = result.meta?.gmtoffset ?? 0;
  const rows: Array<{ date: string; close: number }> = [];
  times.forEach((t, i) => {
    const close = closes[i];
    if (finite(close)) rows.push({ date: exchangeDate(t, offset), close });
  });
  return rows;
}

/**
 * Month → last close, from a monthly chart. Each bar is stamped with the first day of its month; Yahoo
 * may add a last bar stamped with the latest trading day, which lands in the same month and wins.
 */
export function monthlyFromChart(result: ChartResult, which: "adjusted" | "close" = "adjusted"): Record<string, number> {
  const months: Record<string, number> = {};
  for (const row of chartCloses(result, which)) months[row.date.slice(0, 7)] = row.close;
  return months;
}

/** The chart's splits and dividends, by the exchange's date, oldest first; malformed entries left out. */
export function eventsFromChart(result: ChartResult): Pick<PriceHistory, "splits" | "dividends"> {
  const offset = result.meta?.gmtoffset ?? 0;
  const splits: PriceHistory["splits"] = [];
  for (const s of Object.values(result.events?.splits ?? {})) {
    if (typeof s.date !== "number" || !finite(s.numerator) || !finite(s.denominator)) continue;
    splits.push({ date: exchangeDate(s.date, offset), ratio: s.numerator / s.denominator });
  }
  const dividends: PriceHistory["dividends"] = [];
  for (const d of Object.values(result.events?.dividends ?? {})) {
    if (typeof d.date !== "number" || !finite(d.amount)) continue;
    dividends.push({ date: exchangeDate(d.date, offset), amount: d.amount });
  }
  const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
  return { splits: splits.sort(byDate), dividends: dividends.sort(byDate) };
}

export function quoteFromChart(ticker: string, result: ChartResult): Quote | null {
  const meta = result.meta ?? {};
  const rows = chartCloses(result, "close");
  const price = finite(meta.regularMarketPrice) ? meta.regularMarketPrice : rows.at(-1)?.close;
  if (!finite(price)) return null;
  const lastTime = meta.regularMarketTime ?? result.timestamp?.at(-1);
  const quote: Quote = { ticker, price, at: new Date((lastTime ?? 0) * 1000).toISOString() };
  if (lastTime !== undefined) quote.asOf = exchangeDate(lastTime, meta.gmtoffset ?? 0);
  if (meta.currency) quote.currency = meta.currency;
  const name = meta.longName ?? meta.shortName;
  if (name) quote.name = name;
  const assetClass = assetClassOf(meta.instrumentType);
  if (assetClass) quote.assetClass = assetClass;
  return quote;
}

/** At most this many chart calls at once when a batch is quoted (the chart API takes one symbol). */
const PARALLEL_CHARTS = 4;
/** How far before the asked day a daily close is looked for (holidays, halts). */
const CLOSE_WINDOW_DAYS = 14;
/** A search answers a user typing: one attempt, short wait. */
const SEARCH_CALL = { retries: 0, timeoutMs: 2500 };

export class YahooProvider implements MarketDataProvider {
  readonly name = "yahoo";

  constructor(private readonly http: JsonHttpClient) {}

  canHandle(ticker: string): boolean {
    return TICKER_PATTERN.test(ticker);
  }

  async quote(tickers: string[]): Promise<QuoteBatch> {
    const batch = emptyBatch();
    const failures: Error[] = [];
    await eachLimited(tickers, PARALLEL_CHARTS, async (ticker) => {
      try {
        const quote = quoteFromChart(ticker, await this.chart(ticker, "5d", "1d"));
        if (quote) batch.quotes.set(ticker, quote);
      } catch (err) {
        if (err instanceof UnknownTickerError) return;
        batch.failed.add(ticker);
        failures.push(err as Error);
      }
    });
    // nothing but failures: the provider is down, which the caller logs once rather than per ticker
    if (failures.length > 0 && failures.length === tickers.length) throw failures[0];
    return batch;
  }

  async history(ticker: string): Promise<PriceHistory> {
    const result = await this.chart(ticker, "max", "1mo", "div,split");
    const closes = monthlyFromChart(result, "close");
    if (Object.keys(closes).length === 0) throw new UnknownTickerError(ticker, this.name);
    return {
      adjusted: monthlyFromChart(result, "adjusted"),
      closes,
      ...eventsFromChart(result),
      dividendsInCloses: false,
      currency: result.meta?.currency ?? undefined,
    };
  }

  /**
   * The last daily close on or before `date` from the chart's daily bars of the fortnight up to it
   * (`period1`/`period2`): `indicators.quote[0].close`, adjusted for splits only. None in that window (not
   * listed yet, or a long halt): null.
   */
  async dailyClose(ticker: string, date: string): Promise<DayClose | null> {
    const day = Date.parse(`${date}T00:00:00Z`) / 1000;
    const window = { period1: String(day - CLOSE_WINDOW_DAYS * 86_400), period2: String(day + 86_400) };
    const result = await this.chart(ticker, null, "1d", undefined, window);
    const rows = chartCloses(result, "close").filter((r) => r.date <= date);
    const last = rows.at(-1);
    return last ? { date: last.date, close: last.close, basis: "split-adjusted", currency: result.meta?.currency ?? undefined } : null;
  }

  async search(query: string): Promise<SymbolInfo[]> {
    const { status, body } = await this.http.get("/v1/finance/search", { q: query, quotesCount: "10", newsCount: "0" }, SEARCH_CALL);
    if (status !== 200) throw new UpstreamError(this.name, status, `search answered HTTP ${status}`);
    const found: SymbolInfo[] = [];
    for (const q of (body as SearchBody | null)?.quotes ?? []) {
      const assetClass = assetClassOf(q.quoteType);
      if (!q.symbol || !assetClass || !TICKER_PATTERN.test(q.symbol)) continue;
      found.push({ ticker: q.symbol.toUpperCase(), name: q.longname || q.shortname || q.symbol, assetClass });
    }
    return found;
  }

  async metadata(ticker: string): Promise<SymbolInfo | null> {
    try {
      const quote = quoteFromChart(ticker, await this.chart(ticker, "5d", "1d"));
      if (!quote?.assetClass) return null;
      return { ticker, name: quote.name ?? ticker, assetClass: quote.assetClass };
    } catch (err) {
      if (err instanceof UnknownTickerError) return null;
      throw err;
    }
  }

  private async chart(
    ticker: string,
    range: string | null,
    interval: string,
    events?: string,
    period?: { period1: string; period2: string },
  ): Promise<ChartResult> {
    const query: Record<string, string> = { ...(range ? { range } : period), interval };
    if (events) query.events = events;
    const { status, body } = await this.http.get(`/v8/finance/chart/${encodeURIComponent(ticker)}`, query);
    const chart = (body as ChartBody | null)?.chart;
    // Yahoo answers an unknown symbol with 404 and chart.error "Not Found" (sometimes 200 with no result);
    // a 404 without a chart body is a wrong base URL, not an unknown ticker
    if ((status === 404 || status === 200) && chart && !chart.result?.length) throw new UnknownTickerError(ticker, this.name);
    if (status !== 200 || !chart?.result?.[0]) throw new UpstreamError(this.name, status, `chart answered HTTP ${status}`);
    return chart.result[0];
  }
}
