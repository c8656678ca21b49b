/**
 * The value chart's percent mode: instead of money, each line is a return since the range's start, so a
 * portfolio that kept buying is compared with its benchmark fairly. The portfolio's line is its
 * time-weighted return (`twrSeries`, docs/numbers.md "Range returns"); the benchmark's is the what-if portfolio's TWR
 * when the server sent one, else the index's own growth from the rescaled line's start.
 */
import type { RangeReturn } from "../../app/apiTypes.ts";
import type { LineChartData, LineSeries } from "./valuationView.ts";

export type ValueUnit = "$" | "%";

/** Null when the range carries no TWR series (an older server): the money view is then the only one. */
export function percentLineData(range: RangeReturn, portfolioName: string, benchmarkName: string | null): LineChartData | null {
  const { months } = range.series;
  const twr = range.twrSeries;
  if (!twr || twr.length !== months.length) return null;
  const series: LineSeries[] = [{ name: portfolioName, data: [...twr] }];
  if (benchmarkName !== null) {
    const line = benchmarkPercent(range);
    if (line) series.push({ name: benchmarkName, data: months.map((m) => line.get(m) ?? null) });
  }
  return { months, series };
}

function benchmarkPercent(range: RangeReturn): Map<string, number> | null {
  const whatIf = range.benchmarkWhatIf;
  if (whatIf && whatIf.twrSeries.length === whatIf.series.months.length) {
    return new Map(whatIf.series.months.map((m, i) => [m, whatIf.twrSeries[i] as number]));
  }
  const rescaled = range.benchmark;
  if (!rescaled || !(rescaled.startValue > 0)) return null;
  // the rescaled line starts at startValue: its growth from there is the index's return
  return new Map(rescaled.series.months.map((m, i) => [m, ((rescaled.series.values[i] as number) / rescaled.startValue - 1) * 100]));
}
