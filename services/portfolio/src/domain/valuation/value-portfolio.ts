/**
 * The single entry: every figure of a portfolio valuation from its assets, their prices and a date.
 * Pure: the caller fetches prices and chooses the date (the service's clock), nothing here reads either.
 */
import { portfolioFees, portfolioTotals, valueAssets } from "./assets.ts";
import { currentWeights, historicalPeriods } from "./backtest.ts";
import { benchmarks } from "./benchmark.ts";
import { applyInitialPercents } from "./initial-percents.ts";
import { parseMonth } from "./months.ts";
import { rangeReturns } from "./returns.ts";
import { allHistory, buildTimeline } from "./timeline.ts";
import type { AssetInput, PortfolioValuation, ValuationInput } from "./types.ts";
import { portfolioCashFlows, xirr } from "./xirr.ts";

/** Spec §3: a portfolio's totalValue defaults to 10000. */
export const DEFAULT_TOTAL_VALUE = 10000;

export function valuePortfolio(input: ValuationInput): PortfolioValuation {
  if (parseMonth(input.valuationDate) < 0) throw new RangeError(`valuationDate must be YYYY-MM-DD, got "${input.valuationDate}"`);
  const formatGains = input.formatGains ?? "$";
  let assets: AssetInput[] = input.assets;
  let initialPercentSkipped: string[] = [];
  if (input.applyInitialPercents) {
    const applied = applyInitialPercents(input.assets, input.totalValue ?? DEFAULT_TOTAL_VALUE, input.prices, input.valuationDate);
    assets = applied.assets;
    initialPercentSkipped = applied.skipped;
  }

  const valued = valueAssets(assets, input.prices, formatGains);
  const totals = portfolioTotals(valued);
  const timeline = buildTimeline(valued, input.prices, input.valuationDate, input.index);
  const ranges = rangeReturns(timeline, formatGains);
  const rate = xirr(portfolioCashFlows(valued, input.valuationDate));

  return {
    valuationDate: input.valuationDate,
    assets: valued,
    initialPercentSkipped,
    ...totals,
    fees: portfolioFees(valued),
    allHistory: allHistory(timeline),
    ranges,
    twrPercent: ranges.All?.profitLossPercent ?? null,
    xirrPercent: rate === null ? null : rate * 100,
    benchmark: benchmarks(timeline),
    periods: historicalPeriods(timeline, currentWeights(valued), totals.marketValue ?? 0),
  };
}
