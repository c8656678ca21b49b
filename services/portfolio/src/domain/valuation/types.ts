/**
 * The valuation engine's own input and output shapes. They are plain structural types (no schema
 * library) so the engine stays free of framework imports; proto's Asset and price reply fit them.
 * Percent fields hold percent values (12.5 means 12.5 %); rates from `xirr` and `timeWeightedReturn`
 * are fractions (0.125), as Excel gives them. Money is in the base currency unless a field says otherwise;
 * prices (PoA, latestPrice, closes, dividends per share) are in the instrument's currency.
 */

/** `YYYY-MM` */
export type MonthKey = string;
/** `YYYY-MM-DD` */
export type IsoDate = string;

/** A buy (the default) or a sell (docs/numbers.md "Sales"). */
export type Side = "buy" | "sell";

export interface AssetInput {
  ticker: string;
  /** "sell": a sale of shares bought earlier (docs/numbers.md "Sales"); absent or "buy": a purchase */
  side?: Side | null;
  /** shares as traded on DoA (before any later split); a non-numeric quantity counts as 0 */
  quantity: number | string;
  /** purchase price per share on DoA (a sell: the sale price), in the instrument's currency */
  PoA: number;
  /** purchase date (a sell: the sale date) */
  DoA: IsoDate;
  /**
   * a buy: the fund's expense ratio in percent (0.03 and "0.03%" both mean 0.03 % a year); a sell: what the
   * sale cost in money, in the instrument's currency
   */
  fee?: number | string | null;
  /** share of totalValue this asset should start with, in percent */
  initialPercent?: number | null;
}

/** A split on its ex-date: `ratio` new shares per old share (10 for 10:1, 0.1 for a 1:10 reverse split). */
export interface Split {
  date: IsoDate;
  ratio: number;
}

/** A dividend on its ex-date: cash per today's share (split-adjusted), in the instrument's currency. */
export interface Dividend {
  date: IsoDate;
  amount: number;
}

export interface TickerPrices {
  /** the most recent price, dated `asOf` */
  latestPrice: number | null;
  /** date of latestPrice; absent → today */
  asOf?: IsoDate | null;
  /** month → the last close of that month, adjusted for splits only */
  history: Record<MonthKey, number>;
  /** ISO code, a major unit (default USD) */
  currency?: string | null;
  splits?: readonly Split[] | null;
  dividends?: readonly Dividend[] | null;
  /** the closes already include dividends (no separate dividend data): their growth is the total return */
  dividendsInCloses?: boolean | null;
  /** the last good price, served while every provider was down */
  stale?: boolean | null;
}

export interface IndexPrices extends Omit<TickerPrices, "latestPrice"> {
  ticker: string;
  /** the benchmark's name in the product's words ("S&P 500"); the label falls back to the ticker */
  name?: string | null;
  latestPrice?: number | null;
}

export type FormatGains = "$" | "%";
/** total: dividends are income everywhere; price: dividends are reported but counted nowhere */
export type ReturnBasis = "total" | "price";

export interface MarketOptions {
  /** ISO code every amount is given in (default USD) */
  baseCurrency?: string;
  /** exchange rates by Yahoo pair `<FROM><BASE>=X`: base units per one unit of FROM */
  fx?: Readonly<Record<string, TickerPrices | undefined>>;
  /** the benchmark; without it there is no benchmark */
  index?: IndexPrices | null;
  returnBasis?: ReturnBasis;
}

export interface ValuationInput extends MarketOptions {
  assets: AssetInput[];
  /** per ticker; an asset whose ticker is missing here has no market value */
  prices: Readonly<Record<string, TickerPrices | undefined>>;
  /** the caller's clock date: nothing dated after it is counted, and no valuation is later */
  today: IsoDate;
  /** how profitLossView shows a gain: "$" an amount, "%" a percent (default "$") */
  formatGains?: FormatGains;
  /** recompute quantities from initialPercent × totalValue before valuing (spec: "when initial percents are applied") */
  applyInitialPercents?: boolean;
  /** the amount initial percents share out, in the base currency (spec default 10000) */
  totalValue?: number;
}

/** A position to value: what the user entered, with the quantity already a number. */
export interface Holding {
  ticker: string;
  quantity: number;
  PoA: number;
  DoA: IsoDate;
  /** absent: a buy */
  side?: Side;
  /** a sell's fee in money, in the instrument's currency (0 for a buy) */
  feeAmount?: number;
}

/** Why a price or a rate is stale: served as the last good value (`last-known`), or older than the others (`out-of-date`). */
export type StaleReason = "last-known" | "out-of-date";

/**
 * An exchange rate the valuation's market values used (rate of the valuation month): the month it is of, its
 * date when it is the pair's latest rate, and whether it is stale (docs/numbers.md "Stale, unpriced and rates").
 */
export interface RateUsed {
  /** `<FROM><BASE>=X` */
  pair: string;
  /** base units per one unit of FROM */
  rate: number;
  /** the month whose rate this is, `YYYY-MM` */
  month: MonthKey;
  /** the date of the pair's latest rate when that is the one used, else null (a month's close) */
  asOf: IsoDate | null;
  stale: StaleReason | null;
}

export type GapKind =
  | "unpriced"
  | "fx"
  | "future-purchase"
  | "invalid-date"
  | "initial-percent-zero"
  | "dividends-in-closes"
  | "unmatched-sale";

/** Something the figures could not include, with a sentence to show. */
export interface Gap {
  kind: GapKind;
  ticker: string;
  message: string;
  /** the exchange-rate pair that is missing (kind fx) */
  pair?: string;
  /** the date concerned: the purchase date (future-purchase, invalid-date, fx) */
  date?: string;
}

export interface ValuedAsset extends Holding {
  side: Side;
  fee: number | string | null;
  /** the fee read as a percent value; null when none was given or it cannot be read */
  feePercent: number | null;
  initialPercent: number | null;
  /** the instrument's currency (prices, PoA) */
  currency: string;
  /** in the instrument's currency */
  latestPrice: number | null;
  /** date of latestPrice */
  priceDate: IsoDate | null;
  /** staleReason !== null */
  stale: boolean;
  /** why its price is stale; null when it is current (docs/numbers.md "Stale, unpriced and rates") */
  staleReason: StaleReason | null;
  /** Π ratio of the splits after DoA */
  splitFactor: number;
  /** quantity × splitFactor less what sales took: the shares still held today (a sell: 0) */
  shares: number;
  /** today's shares sales took from this lot (a sell: the today's shares it sold) */
  soldShares: number;
  /** the splits after DoA, oldest first */
  splits: Split[];
  /** "10 bought → 100 after the 10:1 split of Jun 10, 2024"; "" without a split */
  splitNote: string;
  /** quantity × PoA × rate(DoA's month): the cost in the base currency; null without a rate or when not counted */
  value: number | null;
  /** shares × latestPrice × rate(valuation month); null without a price or a rate */
  marketValue: number | null;
  /** dividends received, in the base currency; null when marketValue is */
  dividends: number | null;
  /** marketValue − value + realizedProfitLoss; a sell: null */
  priceProfitLoss: number | null;
  /** priceProfitLoss + dividends (total return), or priceProfitLoss (price return); a sell: null */
  profitLoss: number | null;
  /** profitLoss / the lot's whole counted cost × 100 */
  profitLossPercent: number | null;
  /**
   * a sell: proceeds − its fee − the cost of the lots it took from; a buy: its part of the sales' realized
   * gains (the same money seen from the lot: add the sells' or the buys', never both); null when not counted
   */
  realizedProfitLoss: number | null;
  /** a buy: the cost of what counts of it, held or sold (profitLossPercent's base); null for a sell or when not counted */
  invested: number | null;
  /** a sell: quantity × price × rate(sale month), before the fee; null for a buy or when not counted */
  proceeds: number | null;
  /** a sell: its fee in the base currency; null for a buy or when not counted */
  saleFee: number | null;
  /** a sell: the cost of the shares it took, at their purchase months' rates; null for a buy or when not counted */
  soldCost: number | null;
  /** share of the portfolio's market value, in percent */
  percent: number | null;
  profitLossView: string;
}

export interface MonthlySeries {
  months: MonthKey[];
  values: number[];
}

export type RangeKey = "All" | "YTD" | "1Y" | "3Y";

export interface RangeReturn {
  range: RangeKey;
  /** the month-end the range is measured from; null when the range starts before the first purchase */
  base: MonthKey | null;
  end: MonthKey;
  /** portfolio value at `base` (0 when base is null) */
  startValue: number;
  /** portfolio value at `end` */
  value: number;
  /** cost of the assets bought in the range */
  netPurchases: number;
  /** dividends received in the range (counted in profitLoss under total return only) */
  dividends: number;
  /** value − startValue − netPurchases + dividends (total return) */
  profitLoss: number;
  /** time-weighted return over the range, in percent; null when nothing was invested in it */
  profitLossPercent: number | null;
  profitLossView: string;
  /** the range's own money-weighted return (XIRR), annualised, in percent */
  xirrPercent: number | null;
  /** the range's TWR per year, in percent, to compare with xirrPercent */
  twrAnnualPercent: number | null;
  /** one sentence on why TWR and XIRR differ over the range */
  returnsNote: string;
  /** portfolio value per month, from `base` (or the first purchase month) to `end` */
  series: MonthlySeries;
  /** TWR from the base to each month of `series`, in percent */
  twrSeries: number[];
}

/** The spec's comparison line: the benchmark's growth rescaled to start at the portfolio's value. */
export interface BenchmarkSeries {
  ticker: string;
  range: RangeKey;
  start: MonthKey;
  /** the portfolio's value at `start`, where the line begins */
  startValue: number;
  series: MonthlySeries;
  /** the benchmark's own growth from `start` to the end of the range, in percent */
  returnPercent: number;
}

export interface Benchmark {
  ticker: string;
  /** "S&P 500 (SPY, total return)" */
  label: string;
  /** what-if: the portfolio's purchases invested in the benchmark, measured like the portfolio */
  whatIf: Record<RangeKey, RangeReturn | null>;
  /** the benchmark's growth line rescaled to the portfolio's value at each range's start */
  rescaled: Record<RangeKey, BenchmarkSeries | null>;
}

export type PeriodKey = "All" | "2002 Crash" | "2002-2007" | "2008 Crash" | "2009-2014" | "COVID-19 Crash";

export interface PeriodResult {
  period: PeriodKey;
  start: MonthKey;
  end: MonthKey;
  /** buy-and-hold return of today's weights over the period, in percent; null when it cannot be computed */
  returnPercent: number | null;
  /** the portfolio's market value today, the amount the backtest invests at `start` */
  startValue: number;
  endValue: number | null;
  series: MonthlySeries;
  /** ticker → weight used, in percent, after leaving out the excluded tickers */
  weights: Record<string, number>;
  /** weighted tickers with no price at `start`, left out */
  excluded: string[];
}

export interface InitialPercentZero {
  ticker: string;
  initialPercent: number;
  /** totalValue × initialPercent / 100, in the base currency */
  amount: number;
  /** the price on DoA as traded, in the base currency */
  price: number;
  /** amount / price before rounding */
  units: number;
}

/** Where a range's money came from (docs/numbers.md "The return receipt"): startValue + purchases − sales + priceGain + fxEffect = endValue. */
export interface Receipt {
  startValue: number;
  /** cost of the lots entering in the range */
  purchases: number;
  /** proceeds of the sales in the range, before their fees */
  sales: number;
  /** the price moves of the pieces alive in the range, at their end's rate */
  priceGain: number;
  /** the rate moves on the pieces' start values in their own currency */
  fxEffect: number;
  /** dividends received in the range (paid out: beside the identity) */
  dividends: number;
  /** the sales' fees in the range, in money (beside the identity) */
  fees: number;
  /** the market value at the range's end */
  endValue: number;
}

export interface PortfolioValuation {
  baseCurrency: string;
  returnBasis: ReturnBasis;
  /** the latest date of a held asset's price; null when none is priced */
  pricesAsOf: IsoDate | null;
  /** the date the figures are for: the later of pricesAsOf and the last priced purchase, never after today */
  valuationDate: IsoDate;
  assets: ValuedAsset[];
  /** tickers whose initialPercent could not be applied for want of a price at DoA */
  initialPercentSkipped: string[];
  /** initial percents that bought less than half a unit (quantity 0) */
  initialPercentZero: InitialPercentZero[];
  /** Σ value (cost) of the priced assets: the same assets as marketValue and profitLoss */
  value: number;
  /** Σ marketValue over assets with a price; null when none has one */
  marketValue: number | null;
  /** Σ dividends received by the priced assets; null when none is priced */
  dividends: number | null;
  profitLoss: number | null;
  /** unrealized + realized (dividends left out) */
  priceProfitLoss: number | null;
  /** profitLoss / invested × 100 */
  profitLossPercent: number | null;
  /** marketValue − value: the gain on what is still held; null when none is priced */
  unrealizedProfitLoss: number | null;
  /** Σ the counted sales' realized gains; null when none is priced */
  realizedProfitLoss: number | null;
  /** Σ counted cost of the lots, held or sold: what was put in */
  invested: number;
  /** Σ feePercent × percent share, in percent, 4 decimals */
  fees: number | null;
  allHistory: Record<MonthKey, number>;
  ranges: Record<RangeKey, RangeReturn | null>;
  /** per range, where the money came from */
  receipt: Record<RangeKey, Receipt | null>;
  /** time-weighted return since the first purchase (= ranges.All.profitLossPercent), in percent */
  twrPercent: number | null;
  /** money-weighted return, annualised, in percent */
  xirrPercent: number | null;
  /** every XIRR root found, in percent, ascending */
  xirrRootsPercent: number[];
  xirrMultipleRoots: boolean;
  benchmark: Benchmark | null;
  periods: PeriodResult[];
  /** tickers of counted assets without a price or an exchange rate */
  unpriced: string[];
  /** tickers of priced assets whose price is stale (last-known or out-of-date) */
  stale: string[];
  /** the exchange rates the market values used, one per pair */
  rates: RateUsed[];
  gaps: Gap[];
  /** the indexes (in `assets`) of the sales that sell more than was held on their date */
  unmatchedSales: number[];
}
