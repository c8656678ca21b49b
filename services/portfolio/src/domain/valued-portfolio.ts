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
  type UnpricedHolding,
  type Valuation,
} from "@folio/proto/portfolio";
import type { PriceReply } from "@folio/proto/pricing";
import { applyInitialPercentsAt, DEFAULT_BASE_CURRENCY, formatGain, fxPair, RANGES, valuePortfolio } from "./valuation/index.ts";
import type {
  AssetInput,
  FormatGains,
  IndexPrices,
  InitialPercentZero,
  MarketOptions,
  PortfolioValuation,
  TickerPrices,
} from "./valuation/types.ts";

/** Shown beside the two returns, because a single unexplained percentage is what users distrust. */
export const RETURN_DEFINITIONS = {
  twr: "Time-weighted return: the growth of the money invested, month by month, so buying more is not counted as a gain.",
  xirr: "Money-weighted return (XIRR): the yearly rate at which your purchases grow into today's value, counting when you bought.",
} as const;

/** Which return every figure is, said on the screen (docs/numbers.md "One definition of return everywhere"). */
export const BASIS_DEFINITIONS = {
  total: "Total return: prices adjusted for splits, with the dividends received counted as income.",
  price: "Price return: the change in price only; dividends received are shown but not counted.",
} as const;

/** Shown when the cash flows have more than one XIRR root (docs/numbers.md "More than one root"). */
export const XIRR_MULTIPLE_ROOTS =
  "These cash flows have more than one money-weighted rate that fits them, so XIRR is ambiguous: every rate found is listed; the time-weighted return is the one to compare.";

/** Prices by upper-case ticker, as the pricing client returns them. */
export type PriceBook = ReadonlyMap<string, PriceReply>;

export interface ValuedPortfolio {
  assets: Asset[];
  marketValue: number | null;
  fees: number | null;
  allHistory: Record<string, number> | null;
  /** null for a portfolio without assets */
  valuation: Valuation | null;
  /** the indexes of the sales that sell more than was held on their date (docs/numbers.md "Sales") */
  unmatchedSales: number[];
}

export interface PortfolioToValue {
  assets: readonly Asset[];
  formatGains: FormatGains;
  indexTicker: string;
}

/** The owner's choices a valuation follows besides the portfolio's own. */
export interface ValuationContext {
  /** ISO code every amount is given in (the owner's setting, default USD) */
  baseCurrency: string;
  /** the clock's date: nothing after it counts */
  today: string;
}

/**
 * A price reply as the engine reads it: split-adjusted closes with dividends apart. A reply without `closes`
 * (cached before pricing sent them) has only the adjusted closes, whose growth already is the total return.
 */
export function tickerPrices(p: PriceReply | undefined): TickerPrices | undefined {
  if (!p) return undefined;
  const separate = p.closes !== undefined;
  return {
    latestPrice: p.latestPrice,
    asOf: p.asOf ?? null,
    history: separate ? (p.closes as Record<string, number>) : p.historical_data,
    currency: p.currency ?? DEFAULT_BASE_CURRENCY,
    splits: p.splits ?? [],
    dividends: separate ? (p.dividends ?? []) : [],
    dividendsInCloses: separate ? p.dividendsInCloses === true : true,
    stale: p.stale === true,
  };
}

/** The exchange-rate pairs a valuation in `base` needs for these prices: `<CUR><BASE>=X` per other currency. */
export function fxPairsFor(prices: Iterable<PriceReply>, base: string): string[] {
  const pairs = new Set<string>();
  for (const p of prices) {
    const currency = p.currency ?? DEFAULT_BASE_CURRENCY;
    if (currency !== base) pairs.add(fxPair(currency, base));
  }
  return [...pairs].sort();
}

/** The engine's rates from the price book: every pair the book holds, by its upper-case name. */
function engineFx(pairs: readonly string[], prices: PriceBook): Record<string, TickerPrices> {
  const out: Record<string, TickerPrices> = {};
  for (const pair of pairs) {
    const p = tickerPrices(prices.get(pair.toUpperCase()));
    if (p) out[pair] = p;
  }
  return out;
}

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

const BENCHMARK_NAMES: Readonly<Record<string, string>> = BENCHMARK_INDEXES;
export const indexNameOf = (ticker: string): string => BENCHMARK_NAMES[ticker] ?? ticker;

/**
 * Values a portfolio: the stored assets with their live fields filled in where the ticker has a price;
 * an unpriced asset keeps its stored figures and shows none of the live ones. `unpriced`: the held tickers
 * pricing could not price, with why (the engine adds those it could not convert: no exchange rate).
 */
export function valuePortfolioView(
  p: PortfolioToValue,
  prices: PriceBook,
  unpriced: readonly UnpricedHolding[],
  context: ValuationContext,
): ValuedPortfolio {
  if (p.assets.length === 0)
    return { assets: [...p.assets], marketValue: null, fees: null, allHistory: null, valuation: null, unmatchedSales: [] };
  const indexTicker = indexTickerOf(p);
  const indexPrice = tickerPrices(prices.get(indexTicker));
  const index: IndexPrices | null = indexPrice ? { ...indexPrice, ticker: indexTicker, name: BENCHMARK_NAMES[indexTicker] ?? null } : null;
  const base = context.baseCurrency;
  const held = [...p.assets.map((a) => prices.get(a.ticker.toUpperCase())), prices.get(indexTicker)].filter(
    (x): x is PriceReply => x !== undefined,
  );
  const inputs: AssetInput[] = p.assets.map((a) =>
    a.side === "sell"
      ? // a sale's fee is money, never the fund's expense ratio (docs/numbers.md "Sales")
        { ticker: a.ticker, side: "sell", quantity: a.quantity, PoA: a.PoA, DoA: a.DoA, fee: a.fee ?? null, initialPercent: null }
      : {
          ticker: a.ticker,
          quantity: a.quantity,
          PoA: a.PoA,
          DoA: a.DoA,
          // the user's fee wins; else the fund's expense ratio as pricing knows it
          fee: a.fee ?? prices.get(a.ticker.toUpperCase())?.fee ?? null,
          initialPercent: a.initialPercent,
        },
  );
  const result = valuePortfolio({
    assets: inputs,
    prices: enginePrices(
      p.assets.map((a) => a.ticker),
      prices,
    ),
    today: context.today,
    index,
    formatGains: p.formatGains,
    baseCurrency: base,
    fx: engineFx(fxPairsFor(held, base), prices),
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
    unmatchedSales: result.unmatchedSales,
  };
}

function withLiveFields(a: Asset, result: PortfolioValuation, i: number, price: PriceReply | undefined): Asset {
  if (!price) return a;
  const v = result.assets[i];
  const sell = a.side === "sell";
  return {
    ...a,
    // a name the user never gave (it defaulted to the ticker) and an empty class come from pricing
    name: a.name && a.name !== a.ticker ? a.name : price.name,
    assetClass: a.assetClass || price.assetClass,
    // a sale's fee is money the user gave, never the fund's expense ratio
    fee: sell ? a.fee : (a.fee ?? price.fee),
    latestPrice: v.latestPrice,
    marketValue: v.marketValue,
    profitLoss: v.profitLoss,
    profitLossView: v.profitLossView,
    percent: v.percent,
    historical_data: price.historical_data,
    currency: v.currency,
    priceDate: v.priceDate,
    stale: v.stale,
    staleReason: v.staleReason,
    shares: v.shares,
    splitFactor: v.splitFactor,
    splits: v.splits,
    splitNote: v.splitNote,
    cost: v.value,
    dividends: v.dividends,
    priceProfitLoss: v.priceProfitLoss,
    profitLossPercent: v.profitLossPercent,
    ...(v.soldShares !== 0 || sell
      ? {
          soldShares: v.soldShares,
          realizedProfitLoss: v.realizedProfitLoss,
          ...(sell ? {} : { invested: v.invested }),
          ...(sell ? { proceeds: v.proceeds, saleFee: v.saleFee, soldCost: v.soldCost } : {}),
        }
      : {}),
  };
}

function rescaledLine(r: PortfolioValuation, key: (typeof RANGES)[number]): RangeReturn["benchmark"] {
  const bench = r.benchmark?.rescaled[key] ?? null;
  if (!bench || !r.benchmark) return null;
  return {
    mode: "rescaled",
    label: r.benchmark.label,
    ticker: bench.ticker,
    start: bench.start,
    startValue: bench.startValue,
    series: bench.series,
    returnPercent: bench.returnPercent,
  };
}

function whatIfLine(r: PortfolioValuation, key: (typeof RANGES)[number]): RangeReturn["benchmarkWhatIf"] {
  const w = r.benchmark?.whatIf[key] ?? null;
  if (!w || !r.benchmark) return null;
  return {
    mode: "what-if",
    label: r.benchmark.label,
    ticker: r.benchmark.ticker,
    startValue: w.startValue,
    value: w.value,
    netPurchases: w.netPurchases,
    dividends: w.dividends,
    profitLoss: w.profitLoss,
    profitLossPercent: w.profitLossPercent,
    series: w.series,
    twrSeries: w.twrSeries,
  };
}

/** Every unpriced ticker with why: pricing's reason, else the engine's (it had a price but no exchange rate). */
function unpricedWithReasons(r: PortfolioValuation, unpriced: readonly UnpricedHolding[]): UnpricedHolding[] {
  const reasons = new Map(unpriced.map((u) => [u.ticker.toUpperCase(), u.reason]));
  const out = new Map<string, UnpricedHolding>();
  for (const u of unpriced) out.set(u.ticker, u);
  for (const t of r.unpriced) if (!out.has(t)) out.set(t, { ticker: t, reason: reasons.get(t.toUpperCase()) ?? "no-exchange-rate" });
  return [...out.values()].sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
}

function toValuation(
  r: PortfolioValuation,
  formatGains: FormatGains,
  indexTicker: string,
  unpriced: readonly UnpricedHolding[],
): Valuation {
  const ranges = {} as Valuation["ranges"];
  for (const key of RANGES) {
    const range = r.ranges[key];
    ranges[key] = range
      ? ({
          range: key,
          base: range.base,
          end: range.end,
          startValue: range.startValue,
          value: range.value,
          netPurchases: range.netPurchases,
          profitLoss: range.profitLoss,
          dividends: range.dividends,
          profitLossPercent: range.profitLossPercent,
          profitLossView: range.profitLossView,
          series: range.series,
          twrSeries: range.twrSeries,
          xirrPercent: range.xirrPercent,
          twrAnnualPercent: range.twrAnnualPercent,
          returnsNote: range.returnsNote,
          benchmark: rescaledLine(r, key),
          benchmarkWhatIf: whatIfLine(r, key),
        } satisfies RangeReturn)
      : null;
  }
  return {
    valuationDate: r.valuationDate,
    pricesAsOf: r.pricesAsOf,
    baseCurrency: r.baseCurrency,
    returnBasis: r.returnBasis,
    value: r.value,
    marketValue: r.marketValue,
    profitLoss: r.profitLoss,
    dividends: r.dividends,
    priceProfitLoss: r.priceProfitLoss,
    profitLossPercent: r.profitLossPercent,
    unrealizedProfitLoss: r.unrealizedProfitLoss,
    realizedProfitLoss: r.realizedProfitLoss,
    invested: r.invested,
    profitLossView: formatGain(r.profitLoss, r.profitLossPercent, formatGains, r.baseCurrency),
    receipt: r.receipt,
    ranges,
    profitLossBars: RANGES.flatMap((key) => {
      const range = r.ranges[key];
      return range
        ? [{ period: key, profitLoss: range.profitLoss, profitLossPercent: range.profitLossPercent, profitLossView: range.profitLossView }]
        : [];
    }),
    twrPercent: r.twrPercent,
    xirrPercent: r.xirrPercent,
    xirrRootsPercent: r.xirrRootsPercent,
    xirrMultipleRoots: r.xirrMultipleRoots,
    definitions: {
      ...RETURN_DEFINITIONS,
      ...(r.xirrMultipleRoots ? { xirr: `${RETURN_DEFINITIONS.xirr} ${XIRR_MULTIPLE_ROOTS}` } : {}),
      basis: BASIS_DEFINITIONS[r.returnBasis],
    },
    indexTicker,
    indexName: indexNameOf(indexTicker),
    benchmarkLabel: r.benchmark?.label ?? indexNameOf(indexTicker),
    benchmarkMode: "what-if",
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
    // pricing's unknown or unavailable tickers, and those the engine could not count (no exchange rate)
    unpriced: unpricedWithReasons(r, unpriced).map((u) => u.ticker),
    unpricedReasons: unpricedWithReasons(r, unpriced),
    stale: r.stale,
    rates: r.rates,
    gaps: r.gaps,
  };
}

export interface InitialPercentResult {
  /** quantities set where an initialPercent and a price at DoA were known */
  quantities: (number | string)[];
  /** tickers whose quantity was kept for want of a price at their DoA */
  skipped: string[];
  /** percents that bought less than half a unit: quantity 0, reported */
  zero: InitialPercentZero[];
}

/**
 * Initial percents on save: quantity = round(totalValue × p / 100 / price at DoA) for each asset carrying
 * an initialPercent p (DEFINITIONS.md "Initial percents"); an asset without a price keeps its quantity.
 */
export function initialPercentQuantities(
  assets: readonly AssetInput[],
  totalValue: number,
  prices: PriceBook,
  context: ValuationContext,
): InitialPercentResult {
  const held = assets.map((a) => prices.get(a.ticker.toUpperCase())).filter((x): x is PriceReply => x !== undefined);
  const options: MarketOptions = { baseCurrency: context.baseCurrency, fx: engineFx(fxPairsFor(held, context.baseCurrency), prices) };
  const applied = applyInitialPercentsAt(
    assets,
    totalValue,
    enginePrices(
      assets.map((a) => a.ticker),
      prices,
    ),
    context.today,
    options,
  );
  return { quantities: applied.assets.map((a) => a.quantity), skipped: [...new Set(applied.skipped)], zero: applied.zero };
}
