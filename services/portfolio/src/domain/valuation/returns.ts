/**
 * Time-weighted returns. allHistory grows when the user buys, so a start-to-end change would count every
 * purchase as a gain. Each month is a sub-period whose external flow is the cost of the assets bought in
 * it and whose income is the dividends received in it (total return); its return is Modified Dietz, and the
 * months chain geometrically.
 */
import { formatGain } from "./format.ts";
import { yearOf } from "./months.ts";
import type { Timeline } from "./timeline.ts";
import type { FormatGains, RangeKey, RangeReturn } from "./types.ts";

/**
 * Modified Dietz: r = (V1 − V0 − F + D) / (V0 + W), W = Σ wᵢ Fᵢ, each weight the share of the sub-period the
 * flow was invested, D the income paid out (dividends). Null when no capital was at work (V0 + W ≤ 0):
 * such a sub-period has no return.
 */
export function modifiedDietzReturn(startValue: number, endValue: number, flow: number, weightedFlow: number, income = 0): number | null {
  const capital = startValue + weightedFlow;
  if (!(capital > 0)) return null;
  return (endValue - startValue - flow + income) / capital;
}

export interface SubPeriod {
  startValue: number;
  endValue: number;
  /** net external flow during the sub-period (purchases positive) */
  flow: number;
  /** share of the sub-period the flow was invested, 1 = from the start (default 1) */
  flowWeight?: number;
  /** income paid out during the sub-period, dividends (default 0) */
  income?: number;
}

/** TWR = Π (1 + rᵢ) − 1 over the sub-periods that had capital; null when none had. A fraction. */
export function timeWeightedReturn(periods: readonly SubPeriod[]): number | null {
  let growth = 1;
  let any = false;
  for (const p of periods) {
    const r = modifiedDietzReturn(p.startValue, p.endValue, p.flow, p.flow * (p.flowWeight ?? 1), p.income ?? 0);
    if (r === null) continue;
    any = true;
    growth *= 1 + r;
  }
  return any ? growth - 1 : null;
}

/**
 * One month's return on the timeline. A purchase on day d of a D-day month is weighted (D − d + 1) / D:
 * bought on the 1st it worked the whole month. When the portfolio held nothing at the previous month-end,
 * the sub-period starts at the month's first purchase (day s) rather than on the 1st, so the first purchase
 * has weight 1 and an empty month before it does not dilute the return: weights (D − d + 1) / (D − s + 1).
 */
export function monthReturn(t: Timeline, month: number): number | null {
  const i = month - t.start;
  const v0 = i > 0 ? t.values[i - 1] : 0;
  const flow = t.flows[i];
  const startDay = v0 > 0 || t.minDay[i] === 0 ? 1 : t.minDay[i];
  const weighted = flow === 0 ? 0 : t.flowDays[i] / (t.days[i] - startDay + 1);
  return modifiedDietzReturn(v0, t.values[i], flow, weighted, t.basis === "total" ? t.dividends[i] : 0);
}

/** TWR over the months after `base` up to and including `last` (month numbers), as a fraction. */
export function timelineTwr(t: Timeline, base: number, last: number): number | null {
  let growth = 1;
  let any = false;
  for (let m = Math.max(base + 1, t.start); m <= last; m++) {
    const r = monthReturn(t, m);
    if (r === null) continue;
    any = true;
    growth *= 1 + r;
  }
  return any ? growth - 1 : null;
}

export const RANGES: readonly RangeKey[] = ["All", "YTD", "1Y", "3Y"];

/**
 * The month-end a range is measured from: YTD the last month of the previous year, 1Y and 3Y the same
 * month 12 and 36 months back, All the month before the first purchase. A base before the first purchase
 * becomes that "since inception" base, whose value is 0.
 */
export function rangeBase(range: RangeKey, firstMonth: number, end: number): number {
  const inception = firstMonth - 1;
  const base = range === "All" ? inception : range === "YTD" ? yearOf(end) * 12 - 1 : end - (range === "1Y" ? 12 : 36);
  return Math.max(base, inception);
}

/**
 * value = the portfolio's value at the range's end; netPurchases = cost of what was bought in the range;
 * dividends = what its holdings received in it; profitLoss = value − startValue − netPurchases + dividends
 * (dividends left out under price return); profitLossPercent = the range's TWR in percent; twrSeries = the
 * TWR from the base to each month of the series. Null when nothing was bought by the valuation month.
 */
export function rangeReturn(t: Timeline, range: RangeKey, formatGains: FormatGains = "$"): RangeReturn | null {
  if (!(t.firstMonth <= t.end)) return null;
  const base = rangeBase(range, t.firstMonth, t.end);
  const inception = base < t.firstMonth;
  const startValue = inception ? 0 : t.values[base - t.start];
  let netPurchases = 0;
  let dividends = 0;
  for (let m = base + 1; m <= t.end; m++) {
    netPurchases += t.flows[m - t.start];
    dividends += t.dividends[m - t.start];
  }
  const value = t.values[t.end - t.start];
  const profitLoss = value - startValue - netPurchases + (t.basis === "total" ? dividends : 0);
  const from = (inception ? t.firstMonth : base) - t.start;
  const to = t.end - t.start + 1;
  const twrSeries: number[] = new Array(to - from);
  let growth = 1;
  let any = false;
  for (let i = from; i < to; i++) {
    const m = t.start + i;
    const r = m > base ? monthReturn(t, m) : null;
    if (r !== null) {
      any = true;
      growth *= 1 + r;
    }
    twrSeries[i - from] = (growth - 1) * 100;
  }
  const profitLossPercent = any ? (growth - 1) * 100 : null;
  return {
    range,
    base: inception ? null : t.months[base - t.start],
    end: t.months[t.end - t.start],
    startValue,
    value,
    netPurchases,
    dividends,
    profitLoss,
    profitLossPercent,
    profitLossView: formatGain(profitLoss, profitLossPercent, formatGains, t.market.baseCurrency),
    series: { months: t.months.slice(from, to), values: Array.from(t.values.subarray(from, to)) },
    twrSeries,
    // the range's own XIRR and the sentence need the lots: the valuation adds them (receipt.ts)
    xirrPercent: null,
    twrAnnualPercent: null,
    returnsNote: "",
  };
}

export function rangeReturns(t: Timeline, formatGains: FormatGains = "$"): Record<RangeKey, RangeReturn | null> {
  return {
    All: rangeReturn(t, "All", formatGains),
    YTD: rangeReturn(t, "YTD", formatGains),
    "1Y": rangeReturn(t, "1Y", formatGains),
    "3Y": rangeReturn(t, "3Y", formatGains),
  };
}
