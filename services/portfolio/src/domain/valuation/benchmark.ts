/**
 * The comparison line (spec: "scaled to the portfolio's starting value"): the index's monthly closes
 * rescaled so it starts where the portfolio's line of the chosen range starts,
 * series[m] = startValue × index[m] / index[start].
 */
import { RANGES, rangeBase } from "./returns.ts";
import type { Timeline } from "./timeline.ts";
import type { BenchmarkSeries, RangeKey } from "./types.ts";

/**
 * The line starts at the range's first month (its base month-end, or the first purchase month for a range
 * reaching back to inception). When the index has no close yet there, or the portfolio is still worth 0
 * (bought before its first price), it starts at the first later month that has both. Null when no month has.
 */
export function benchmarkSeries(t: Timeline, range: RangeKey): BenchmarkSeries | null {
  if (t.index === null || t.indexTicker === null || !(t.firstMonth <= t.end)) return null;
  const closes = t.index.closes;
  const last = t.end - t.start;
  let i = Math.max(rangeBase(range, t.firstMonth, t.end), t.firstMonth) - t.start;
  while (i <= last && (Number.isNaN(closes[i]) || !(t.values[i] > 0))) i++;
  if (i > last) return null;
  const startValue = t.values[i];
  const startClose = closes[i];
  const values: number[] = new Array(last - i + 1);
  for (let j = i; j <= last; j++) values[j - i] = (startValue * closes[j]) / startClose;
  return {
    ticker: t.indexTicker,
    range,
    start: t.months[i],
    startValue,
    series: { months: t.months.slice(i, last + 1), values },
    returnPercent: (closes[last] / startClose - 1) * 100,
  };
}

export function benchmarks(t: Timeline): Record<RangeKey, BenchmarkSeries | null> | null {
  if (t.index === null) return null;
  const out = {} as Record<RangeKey, BenchmarkSeries | null>;
  for (const range of RANGES) out[range] = benchmarkSeries(t, range);
  return out;
}
