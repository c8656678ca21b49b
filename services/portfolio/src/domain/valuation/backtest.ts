/**
 * Historical periods: how today's portfolio would have fared in past markets. Today's weights (market
 * value shares) are bought at the period's first month-end close and held to its last, dividends reinvested
 * (each ticker's growth line, in the base currency). A ticker with no close at the start is left out, the
 * others' weights are scaled up to 100 %, and the result says which were left out: a price is never invented.
 */
import { monthKey, parseMonth } from "./months.ts";
import type { Timeline } from "./timeline.ts";
import type { MonthKey, PeriodKey, PeriodResult, ValuedAsset } from "./types.ts";

export interface HistoricalPeriod {
  period: Exclude<PeriodKey, "All">;
  start: MonthKey;
  end: MonthKey;
}

export const HISTORICAL_PERIODS: readonly HistoricalPeriod[] = [
  { period: "2002 Crash", start: "2000-03", end: "2002-09" },
  { period: "2002-2007", start: "2002-09", end: "2007-10" },
  { period: "2008 Crash", start: "2007-10", end: "2009-02" },
  { period: "2009-2014", start: "2009-02", end: "2014-12" },
  { period: "COVID-19 Crash", start: "2020-01", end: "2020-03" },
];

export interface Weight {
  ticker: string;
  /** percent of the portfolio's market value */
  percent: number;
}

/** Today's weights per ticker (an asset held twice counts once, with both shares), in first-seen order. */
export function currentWeights(assets: readonly Pick<ValuedAsset, "ticker" | "percent">[]): Weight[] {
  const byTicker = new Map<string, Weight>();
  for (const a of assets) {
    if (a.percent === null || !(a.percent > 0)) continue;
    const w = byTicker.get(a.ticker);
    if (w) w.percent += a.percent;
    else byTicker.set(a.ticker, { ticker: a.ticker, percent: a.percent });
  }
  return [...byTicker.values()];
}

function empty(period: PeriodKey, start: number, end: number, startValue: number, excluded: string[]): PeriodResult {
  return {
    period,
    start: monthKey(start),
    end: monthKey(end),
    returnPercent: null,
    startValue,
    endValue: null,
    series: { months: [], values: [] },
    weights: {},
    excluded,
  };
}

/**
 * Buy and hold from the close of `start` to the close of `end` (month numbers):
 * series[m] = startValue × Σ wᵢ × Gᵢ[m] / Gᵢ[start] with wᵢ renormalised over the included tickers.
 * Not computed (returnPercent null) when the period has not ended by the valuation month.
 */
export function backtest(
  t: Timeline,
  weights: readonly Weight[],
  period: PeriodKey,
  start: number,
  end: number,
  startValue: number,
): PeriodResult {
  if (end > t.end || start < t.start || start > end) return empty(period, start, end, startValue, []);
  const s = start - t.start;
  const n = end - start + 1;
  const included: { line: Float64Array; share: number; ticker: string }[] = [];
  const excluded: string[] = [];
  let total = 0;
  for (const w of weights) {
    const line = t.market.instrument(w.ticker).growth();
    if (Number.isNaN(line[s])) excluded.push(w.ticker);
    else {
      included.push({ line, share: w.percent, ticker: w.ticker });
      total += w.percent;
    }
  }
  if (included.length === 0 || !(total > 0)) return empty(period, start, end, startValue, excluded);

  const values: number[] = new Array(n).fill(0);
  const used: Record<string, number> = {};
  for (const inc of included) {
    const weight = inc.share / total;
    used[inc.ticker] = weight * 100;
    // units of the growth line bought at the start, per unit of startValue
    const units = (startValue * weight) / inc.line[s];
    for (let i = 0; i < n; i++) values[i] += units * inc.line[s + i];
  }
  const endValue = values[n - 1];
  return {
    period,
    start: t.months[s],
    end: t.months[s + n - 1],
    returnPercent: startValue > 0 ? (endValue / startValue - 1) * 100 : null,
    startValue,
    endValue,
    series: { months: t.months.slice(s, s + n), values },
    weights: used,
    excluded,
  };
}

/**
 * "All" runs over the longest stretch every weighted ticker has prices for, within the timeline: from the
 * latest first close among them (or the timeline's start, the earlier of the first purchase and 2000-03)
 * to the valuation month, so it leaves nothing out. The fixed periods follow.
 */
export function historicalPeriods(t: Timeline, weights: readonly Weight[], startValue: number): PeriodResult[] {
  let allStart = Number.NEGATIVE_INFINITY;
  const unpriced: string[] = [];
  for (const w of weights) {
    const first = t.market.instrument(w.ticker).value.first;
    if (first > t.end) unpriced.push(w.ticker);
    else if (first > allStart) allStart = first;
  }
  const all =
    allStart === Number.NEGATIVE_INFINITY
      ? empty("All", t.end, t.end, startValue, unpriced)
      : backtest(t, weights, "All", allStart, t.end, startValue);
  const results = [all];
  for (const p of HISTORICAL_PERIODS) results.push(backtest(t, weights, p.period, parseMonth(p.start), parseMonth(p.end), startValue));
  return results;
}
