/**
 * The benchmark, two ways. What-if (the default view): the portfolio's own purchases, same amounts on the
 * same dates, invested in the benchmark instead and measured by the same range rules, so the two compare
 * like with like. Rescaled (the spec's comparison line): the benchmark's growth line scaled so it starts
 * where the portfolio's line of the chosen range starts, series[m] = startValue × G[m] / G[start].
 */
import type { Lot } from "./lots.ts";
import type { Instrument } from "./market.ts";
import { RANGES, rangeBase, rangeReturns } from "./returns.ts";
import { addFlow, addHolding, addUnits, emptyTimeline, type Timeline } from "./timeline.ts";
import type { Benchmark, BenchmarkSeries, FormatGains, RangeKey, RangeReturn, ReturnBasis } from "./types.ts";

/** "S&P 500 (SPY, total return)"; price return only when asked and the closes leave dividends out. */
export function benchmarkLabel(ticker: string, name: string | null, basis: ReturnBasis, dividendsInCloses: boolean): string {
  const kind = basis === "total" || dividendsInCloses ? "total return" : "price return";
  return name && name !== ticker ? `${name} (${ticker}, ${kind})` : `${ticker} (${kind})`;
}

/**
 * The line starts at the range's first month (its base month-end, or the first purchase month for a range
 * reaching back to inception). When the benchmark has no close yet there, or the portfolio is still worth 0
 * (bought before its first price), it starts at the first later month that has both. Null when no month has.
 */
export function benchmarkSeries(t: Timeline, range: RangeKey): BenchmarkSeries | null {
  const index = t.market.index;
  if (index === null || !(t.firstMonth <= t.end)) return null;
  const growth = index.growth();
  const last = t.end - t.start;
  let i = Math.max(rangeBase(range, t.firstMonth, t.end), t.firstMonth) - t.start;
  while (i <= last && (Number.isNaN(growth[i]) || !(t.values[i] > 0))) i++;
  if (i > last) return null;
  const startValue = t.values[i];
  const startGrowth = growth[i];
  const values: number[] = new Array(last - i + 1);
  for (let j = i; j <= last; j++) values[j - i] = (startValue * growth[j]) / startGrowth;
  return {
    ticker: index.ticker,
    range,
    start: t.months[i],
    startValue,
    series: { months: t.months.slice(i, last + 1), values },
    returnPercent: (growth[last] / startGrowth - 1) * 100,
  };
}

/**
 * The what-if portfolio: each priced lot's cost buys the benchmark at its close (in the base currency) of
 * the month the lot enters, or of the benchmark's first close when that is later (then dated the 1st).
 * Those units are held and receive the benchmark's dividends after the lot's DoA, as a lot does. The same sale
 * in the index (docs/numbers.md "Benchmark"): a counted sale sells, of each lot it took from, the same fraction of the
 * units that lot bought, at the benchmark's value in the sale's month; that money leaves the portfolio (no fee).
 */
export function whatIfTimeline(t: Timeline, lots: readonly Lot[], index: Instrument): Timeline {
  const w = emptyTimeline(t.market, t.firstMonth);
  const line = index.value.values;
  for (const lot of lots) {
    if (lot.side !== "buy" || lot.entry === Number.POSITIVE_INFINITY || lot.value === null || lot.countedCost === 0) continue;
    const entry = Math.max(lot.entry, index.value.first);
    if (entry > t.end) continue;
    const units = lot.countedCost / line[entry - t.start];
    const perShare = lot.countedShares > 0 ? units / lot.countedShares : 0;
    const held = lot.pieces.length === 0 ? units : perShare * lot.shares;
    addHolding(w, entry, entry === lot.doaMonth ? lot.doaDay : 1, lot.countedCost, held, line);
    for (const p of lot.pieces) {
      const pieceUnits = perShare * p.shares;
      // a piece sold before the index had a close is sold as it enters
      const leaves = Math.max(p.sale.month, entry);
      addUnits(w, entry, leaves, pieceUnits, line);
      addFlow(w, leaves, leaves === p.sale.month ? p.sale.day : 1, -pieceUnits * line[leaves - t.start]);
    }
    for (const d of index.dividends) {
      if (d.day <= lot.doaEpoch || d.month < entry || Number.isNaN(d.base)) continue;
      let entitled = held;
      for (const p of lot.pieces) if (p.sale.epoch >= d.day) entitled += perShare * p.shares;
      w.dividends[d.month - t.start] += entitled * d.base;
    }
  }
  return w;
}

export function benchmark(t: Timeline, lots: readonly Lot[], formatGains: FormatGains = "$"): Benchmark | null {
  const index = t.market.index;
  if (index === null) return null;
  const whatIf: Record<RangeKey, RangeReturn | null> =
    index.value.first <= t.end
      ? rangeReturns(whatIfTimeline(t, lots, index), formatGains)
      : { All: null, YTD: null, "1Y": null, "3Y": null };
  const rescaled = {} as Record<RangeKey, BenchmarkSeries | null>;
  for (const range of RANGES) rescaled[range] = benchmarkSeries(t, range);
  return {
    ticker: index.ticker,
    label: benchmarkLabel(index.ticker, t.market.indexName, t.basis, index.dividendsInCloses),
    whatIf,
    rescaled,
  };
}
