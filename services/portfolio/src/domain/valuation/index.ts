/** The portfolio valuation engine: pure functions, no I/O. Definitions: docs/numbers.md "How the numbers are computed". */

export type { PortfolioTotals } from "./assets.ts";
export { holdingsOf, parseFee, parseQuantity, portfolioFees, portfolioTotals, valueAssets, valueLots } from "./assets.ts";
export type { HistoricalPeriod, Weight } from "./backtest.ts";
export { backtest, currentWeights, HISTORICAL_PERIODS, historicalPeriods } from "./backtest.ts";
export { benchmark, benchmarkLabel, benchmarkSeries, whatIfTimeline } from "./benchmark.ts";
export { formatCurrencyOrNA, formatGain, formatMoney, formatPercent } from "./format.ts";
export { valuationGaps } from "./gaps.ts";
export type { AppliedInitialPercents } from "./initial-percents.ts";
export { applyInitialPercents, applyInitialPercentsAt, initialQuantity, tradedPriceAtDoA } from "./initial-percents.ts";
export type { Lot } from "./lots.ts";
export { buildLots } from "./lots.ts";
export type { Axis, DividendEvent, Instrument, Line, MarketInput } from "./market.ts";
export { createMarket, DEFAULT_BASE_CURRENCY, fxPair, Market, priceDateOf, valuationDates } from "./market.ts";
export { daysInMonth, displayDate, epochDay, isIsoDate, monthKey, parseMonth } from "./months.ts";
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
export { ratioText, splitFactorAfter, splitNote, splitsAfter } from "./splits.ts";
export { OUT_OF_DATE_DAYS, priceStaleness } from "./stale.ts";
export type { Timeline } from "./timeline.ts";
export { allHistory, buildTimeline, EARLIEST_PERIOD_START, lotsTimeline } from "./timeline.ts";
export type * from "./types.ts";
export { DEFAULT_TOTAL_VALUE, dividendCashFlows, valuePortfolio } from "./value-portfolio.ts";
export type { CashFlow, XirrSolution } from "./xirr.ts";
export { portfolioCashFlows, solveXirr, xirr, xirrRootBound, xirrRoots } from "./xirr.ts";
