/**
 * The valuation engine's own input and output shapes. They are plain structural types (no schema
 * library) so the engine stays free of framework imports; proto's Asset and price reply fit them.
 * Percent fields hold percent values (12.5 means 12.5 %); rates from `xirr` and `timeWeightedReturn`
 * are fractions (0.125), as Excel gives them.
 */

/** `YYYY-MM` */
export type MonthKey = string;
/** `YYYY-MM-DD` */
export type IsoDate = string;

export interface AssetInput {
  ticker: string;
  /** a non-numeric quantity counts as 0 */
  quantity: number | string;
  /** purchase price per unit */
  PoA: number;
  /** purchase date */
  DoA: IsoDate;
  /** the fund's expense ratio in percent: 0.03 and "0.03%" both mean 0.03 % a year */
  fee?: number | string | null;
  /** share of totalValue this asset should start with, in percent */
  initialPercent?: number | null;
}

export interface TickerPrices {
  /** the price at the valuation date */
  latestPrice: number | null;
  /** month → the last close of that month */
  history: Record<MonthKey, number>;
}

export interface IndexPrices {
  ticker: string;
  history: Record<MonthKey, number>;
  latestPrice?: number | null;
}

export type FormatGains = "$" | "%";

export interface ValuationInput {
  assets: AssetInput[];
  /** per ticker; an asset whose ticker is missing here has no market value */
  prices: Record<string, TickerPrices>;
  valuationDate: IsoDate;
  /** the benchmark index; without it `benchmark` is null */
  index?: IndexPrices | null;
  /** how profitLossView shows a gain: "$" an amount, "%" a percent (default "$") */
  formatGains?: FormatGains;
  /** recompute quantities from initialPercent × totalValue before valuing (spec: "when initial percents are applied") */
  applyInitialPercents?: boolean;
  /** the amount initial percents share out (spec default 10000) */
  totalValue?: number;
}

/** A position to value: what the user entered, with the quantity already a number. */
export interface Holding {
  ticker: string;
  quantity: number;
  PoA: number;
  DoA: IsoDate;
}

export interface ValuedAsset extends Holding {
  fee: number | string | null;
  /** the fee read as a percent value; null when none was given or it cannot be read */
  feePercent: number | null;
  initialPercent: number | null;
  latestPrice: number | null;
  /** quantity × PoA */
  value: number;
  /** quantity × latestPrice; null without a price */
  marketValue: number | null;
  profitLoss: number | null;
  profitLossPercent: number | null;
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
  /** value − startValue − netPurchases */
  profitLoss: number;
  /** time-weighted return over the range, in percent; null when nothing was invested in it */
  profitLossPercent: number | null;
  profitLossView: string;
  /** portfolio value per month, from `base` (or the first purchase month) to `end` */
  series: MonthlySeries;
}

export interface BenchmarkSeries {
  ticker: string;
  range: RangeKey;
  start: MonthKey;
  /** the portfolio's value at `start`, where the index line begins */
  startValue: number;
  series: MonthlySeries;
  /** the index's own change from `start` to the end of the range, in percent */
  returnPercent: number;
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

export interface PortfolioValuation {
  valuationDate: IsoDate;
  assets: ValuedAsset[];
  /** tickers whose initialPercent could not be applied for want of a price at DoA */
  initialPercentSkipped: string[];
  /** Σ value (cost) */
  value: number;
  /** Σ marketValue over assets with a price; null when none has one */
  marketValue: number | null;
  profitLoss: number | null;
  profitLossPercent: number | null;
  /** Σ feePercent × percent share, in percent, 4 decimals */
  fees: number | null;
  allHistory: Record<MonthKey, number>;
  ranges: Record<RangeKey, RangeReturn | null>;
  /** time-weighted return since the first purchase (= ranges.All.profitLossPercent), in percent */
  twrPercent: number | null;
  /** money-weighted return, annualised, in percent */
  xirrPercent: number | null;
  benchmark: Record<RangeKey, BenchmarkSeries | null> | null;
  periods: PeriodResult[];
}
