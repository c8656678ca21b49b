/** The portfolio valuation engine: pure functions, no I/O. Definitions: ./DEFINITIONS.md */

export type { PortfolioTotals } from "./assets.ts";
export { parseFee, parseQuantity, portfolioFees, portfolioTotals, valueAssets } from "./assets.ts";
export type { HistoricalPeriod, Weight } from "./backtest.ts";
export { backtest, currentWeights, HISTORICAL_PERIODS, historicalPeriods } from "./backtest.ts";
export { benchmarkSeries, benchmarks } from "./benchmark.ts";
export { formatCurrencyOrNA, formatGain, formatMoney, formatPercent } from "./format.ts";
export type { AppliedInitialPercents } from "./initial-percents.ts";
export { applyInitialPercents, initialQuantity, priceAtDoA } from "./initial-percents.ts";
export { daysInMonth, epochDay, monthKey, parseMonth } from "./months.ts";
export type { SubPeriod } from "./returns.ts";
export {
  modifiedDietzReturn,
  monthReturn,
  RANGES,
  rangeBase,
  rangeReturn,
  rangeReturns,
  timelineTwr,
  timeWeightedReturn,
} from "./returns.ts";
export type { PriceLine, Timeline } from "./timeline.ts";
export { allHistory, buildTimeline, EARLIEST_PERIOD_START } from "./timeline.ts";
export type * from "./types.ts";
export { DEFAULT_TOTAL_VALUE, valuePortfolio } from "./value-portfolio.ts";
export type { CashFlow, XirrSolution } from "./xirr.ts";
export { portfolioCashFlows, solveXirr, xirr } from "./xirr.ts";
