/**
 * A stored portfolio and the pricing service's prices, turned into what the portfolio screen shows: the
 * assets' live fields, the portfolio's market value, fees and monthly history, and the Valuation reply
 * (proto/src/portfolio.ts). All figures come from the valuation engine (./valuation/DEFINITIONS.md); this
 * file only feeds it and names its results in the product's words. Pure: the caller fetches the prices and
 * picks the date.
 */
import {
  type Asset,
  BENCHMARK_INDEXES,
  DEFAULT_INDEX_TICKER,
  type HistoricalPeriod,
  type RangeReturn,
  type Valuation,
} from "@folio/proto/portfolio";
import type { PriceReply } from "@folio/proto/pricing";
import { applyInitialPercentsAt, formatGain, RANGES, valuePortfolio } from "./valuation/index.ts";
import type { AssetInput, FormatGains, IndexPrices, PortfolioValuation, TickerPrices } from "./valuation/types.ts";

/** Shown beside the two returns, because a single unexplained percentage is what users distrust. */
export const RETURN_DEFINITIONS = {
  twr: "Time-weighted return: the growth of the money invested, month by month, so buying more is not counted as a gain.",
  xirr: "Money-weighted return (XIRR): the yearly rate at which your purchases grow into today's value, counting when you bought.",
} as const;

/** Prices by upper-case ticker, as the pricing client returns them. */
export type PriceBook = ReadonlyMap<string, PriceReply>;

export interface ValuedPortfolio {
  assets: Asset[];
  marketValue: number | null;
  fees: number | null;
  allHistory: Record<string, number> | null;
  /** null for a portfolio without assets */
  valuation: Valuation | null;
}

export interface PortfolioToValue {
  assets: readonly Asset[];
  formatGains: FormatGains;
  indexTicker: string;
}

const tickerPrices = (p: PriceReply | undefined): TickerPrices | undefined =>
  p ? { latestPrice: p.latestPrice, history: p.historical_data } : undefined;

/** The engine's price table, keyed by each asset's ticker as the asset spells it. */
function enginePrices(tickers: readonly string[], prices: PriceBook): Record<string, TickerPrices> {
  const out: Record<string, TickerPrices> = {};
  for (const t of tickers) {
    const p = tickerPrices(prices.get(t.toUpperCase()));
    if (p) out[t] = p;
  }
  return out;
}

export const indexTickerOf = (p: { indexTicker?: string | null }): string => (p.indexTicker || DEFAULT_INDEX_TICKER).toUpperCase();
/** The tickers whose prices a portfolio's valuation reads: its assets' and, when it has any, its benchmark's. */
export function valuationTickers(p: { assets: readonly { ticker: string }[]; indexTicker?: string | null }): string[] {
  if (p.assets.length === 0) return [];
  return [...new Set([...p.assets.map((a) => a.ticker.toUpperCase()), indexTickerOf(p)])];
}

export const indexNameOf = (ticker: string): string => BENCHMARK_INDEXES[ticker as keyof typeof BENCHMARK_INDEXES] ?? ticker;

/**
 * Values a portfolio: the stored assets with their live fields filled in where the ticker has a price;
 * an unpriced asset keeps its stored figures and shows none of the live ones.
 */
export function valuePortfolioView(
  p: PortfolioToValue,
  prices: PriceBook,
  unpriced: readonly string[],
  valuationDate: string,
): ValuedPortfolio {
  if (p.assets.length === 0) return { assets: [...p.assets], marketValue: null, fees: null, allHistory: null, valuation: null };
  const indexTicker = indexTickerOf(p);
  const indexPrice = prices.get(indexTicker);
  const index: IndexPrices | null = indexPrice
    ? { ticker: indexTicker, history: indexPrice.historical_data, latestPrice: indexPrice.latestPrice }
    : null;
  const inputs: AssetInput[] = p.assets.map((a) => ({
    ticker: a.ticker,
    quantity: a.quantity,
    PoA: a.PoA,
    DoA: a.DoA,
    // the user's fee wins; else the fund's expense ratio as pricing knows it
    fee: a.fee ?? prices.get(a.ticker.toUpperCase())?.fee ?? null,
    initialPercent: a.initialPercent,
  }));
  const result = valuePortfolio({
    assets: inputs,
    prices: enginePrices(
      p.assets.map((a) => a.ticker),
      prices,
    ),
    today: valuationDate,
    index,
    formatGains: p.formatGains,
  });
  const assets = p.assets.map((a, i) => withLiveFields(a, result, i, prices.get(a.ticker.toUpperCase())));
  // with no priced asset every month is 0: that is no history, not a history of nothing
  const hasHistory = Object.values(result.allHistory).some((v) => v !== 0);
  return {
    assets,
    marketValue: result.marketValue,
    fees: result.fees,
    allHistory: hasHistory ? result.allHistory : null,
    valuation: toValuation(result, p.formatGains, indexTicker, unpriced),
  };
}

function withLiveFields(a: Asset, result: PortfolioValuation, i: number, price: PriceReply | undefined): Asset {
  if (!price) return a;
  const v = result.assets[i];
  return {
    ...a,
    // a name the user never gave (it defaulted to the ticker) and an empty class come from pricing
    name: a.name && a.name !== a.ticker ? a.name : price.name,
    assetClass: a.assetClass || price.assetClass,
    fee: a.fee ?? price.fee,
    latestPrice: v.latestPrice,
    marketValue: v.marketValue,
    profitLoss: v.profitLoss,
    profitLossView: v.profitLossView,
    percent: v.percent,
    historical_data: price.historical_data,
  };
}

function toValuation(r: PortfolioValuation, formatGains: FormatGains, indexTicker: string, unpriced: readonly string[]): Valuation {
  const ranges = {} as Valuation["ranges"];
  for (const key of RANGES) {
    const range = r.ranges[key];
    const bench = r.benchmark?.rescaled[key] ?? null;
    ranges[key] = range
      ? ({
          range: key,
          base: range.base,
          end: range.end,
          startValue: range.startValue,
          value: range.value,
          netPurchases: range.netPurchases,
          profitLoss: range.profitLoss,
          profitLossPercent: range.profitLossPercent,
          profitLossView: range.profitLossView,
          series: range.series,
          twrSeries: range.twrSeries,
          benchmark: bench
            ? {
                ticker: bench.ticker,
                start: bench.start,
                startValue: bench.startValue,
                series: bench.series,
                returnPercent: bench.returnPercent,
              }
            : null,
        } satisfies RangeReturn)
      : null;
  }
  return {
    valuationDate: r.valuationDate,
    value: r.value,
    marketValue: r.marketValue,
    profitLoss: r.profitLoss,
    profitLossPercent: r.profitLossPercent,
    profitLossView: formatGain(r.profitLoss, r.profitLossPercent, formatGains),
    ranges,
    profitLossBars: RANGES.flatMap((key) => {
      const range = r.ranges[key];
      return range
        ? [{ period: key, profitLoss: range.profitLoss, profitLossPercent: range.profitLossPercent, profitLossView: range.profitLossView }]
        : [];
    }),
    twrPercent: r.twrPercent,
    xirrPercent: r.xirrPercent,
    definitions: { ...RETURN_DEFINITIONS },
    indexTicker,
    indexName: indexNameOf(indexTicker),
    periods: r.periods.map(
      (period): HistoricalPeriod => ({
        name: period.period,
        from: period.start,
        to: period.end,
        returnPercent: period.returnPercent,
        startValue: period.startValue,
        endValue: period.endValue,
        series: period.series,
        weights: period.weights,
        excluded: period.excluded,
      }),
    ),
    unpriced: [...new Set(unpriced)].sort(),
  };
}

export interface InitialPercentResult {
  /** quantities set where an initialPercent and a price at DoA were known */
  quantities: (number | string)[];
  /** tickers whose quantity was kept for want of a price at their DoA */
  skipped: string[];
}

/**
 * Initial percents on save: quantity = round(totalValue × p / 100 / price at DoA) for each asset carrying
 * an initialPercent p (DEFINITIONS.md "Initial percents"); an asset without a price keeps its quantity.
 */
export function initialPercentQuantities(
  assets: readonly AssetInput[],
  totalValue: number,
  prices: PriceBook,
  valuationDate: string,
): InitialPercentResult {
  const applied = applyInitialPercentsAt(
    assets,
    totalValue,
    enginePrices(
      assets.map((a) => a.ticker),
      prices,
    ),
    valuationDate,
  );
  return { quantities: applied.assets.map((a) => a.quantity), skipped: [...new Set(applied.skipped)] };
}
