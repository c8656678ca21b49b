/** Pure rules of how the server's valuation is shown: chart ranges and lines, gains, fees, the next update. */
import type { Portfolio, RangeReturn, Valuation } from "../../app/apiTypes.ts";
import { formatMoney, formatPercent } from "../../lib/format.ts";

export type RangeName = keyof Valuation["ranges"];
export type FormatGains = Portfolio["formatGains"];

/** The line chart's range buttons, in the order shown (spec §2). */
export const CHART_RANGES: readonly RangeName[] = ["YTD", "1Y", "3Y", "All"];

/** Spec §2: the benchmark options, as `indexTicker` values (repeated from proto, which is not bundled). */
export const BENCHMARKS = [
  { ticker: "SPY", name: "S&P 500" },
  { ticker: "VOO", name: "ETF Vanguard" },
  { ticker: "VTI", name: "ETF Total" },
] as const;
export const DEFAULT_INDEX_TICKER = "SPY";

/** Spec §4/§9: prices refresh every hour. */
export const REFRESH_INTERVAL_MINUTES = 60;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2024-03" → "Mar 2024" */
export function formatMonth(key: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : key;
}

/** Spec §4: the line chart shows a range only when it has at least 2 dates. */
export function hasLine(range: RangeReturn | null | undefined): range is RangeReturn {
  return !!range && range.series.months.length >= 2;
}

/** The range buttons to show, in display order. */
export function chartRanges(valuation: Pick<Valuation, "ranges"> | null): RangeName[] {
  if (!valuation) return [];
  return CHART_RANGES.filter((name) => hasLine(valuation.ranges[name]));
}

/** The range to draw: the one asked for while it can be drawn, else All, else the first there is. */
export function shownRange(available: readonly RangeName[], wanted: RangeName): RangeName | null {
  if (available.includes(wanted)) return wanted;
  if (available.includes("All")) return "All";
  return available[0] ?? null;
}

export interface LineSeries {
  name: string;
  /** one value per month of `months`; null where the series has none */
  data: (number | null)[];
}

export interface LineChartData {
  months: string[];
  series: LineSeries[];
}

/** The what-if line's name: what it is, said on the chart (docs/numbers.md "Benchmark"). */
export const whatIfName = (label: string): string => `Same purchases in ${label}`;

/**
 * The line chart of one range: the portfolio's value and, when asked and available, the benchmark compared
 * like with like: the same purchases (dates and amounts) put into the index (the server's what-if line,
 * named by `benchmarkName`). A reply without it falls back to the index line rescaled to the portfolio's
 * starting value (spec §4). Both aligned on the portfolio's months.
 */
export function lineChartData(range: RangeReturn, portfolioName: string, benchmarkName: string | null): LineChartData {
  const { months, values } = range.series;
  const series: LineSeries[] = [{ name: portfolioName, data: [...values] }];
  const benchmark = range.benchmarkWhatIf ?? range.benchmark;
  if (benchmarkName !== null && benchmark) {
    const byMonth = new Map(benchmark.series.months.map((m, i) => [m, benchmark.series.values[i]]));
    series.push({ name: benchmarkName, data: months.map((m) => byMonth.get(m) ?? null) });
  }
  return { months, series };
}

/** The name of a benchmark ticker in the picker's words; another ticker is shown as itself. */
export function benchmarkName(ticker: string): string {
  return BENCHMARKS.find((b) => b.ticker === ticker)?.name ?? ticker;
}

/** The picker's value: the portfolio's index when it is one of the options, else the default. */
export function pickedBenchmark(indexTicker: string): string {
  return BENCHMARKS.some((b) => b.ticker === indexTicker) ? indexTicker : DEFAULT_INDEX_TICKER;
}

/** A gain as formatGains asks (spec §3): '%' a percent, '$' an amount; 'NA' when unknown. */
export function gainText(
  amount: number | null | undefined,
  percent: number | null | undefined,
  formatGains: FormatGains,
  currency = "USD",
): string {
  if (formatGains === "%") return typeof percent === "number" ? formatPercent(percent) : "NA";
  return typeof amount === "number" ? formatMoney(amount, currency) : "NA";
}

/** A percent that may be unknown. */
export function percentOrNA(value: number | null | undefined): string {
  return typeof value === "number" && Number.isFinite(value) ? formatPercent(value) : "NA";
}

/**
 * Fees in percent a year, to the 4 decimals they are summed to (spec §9), without trailing zeros:
 * 0.0297 → "0.0297%", 0.03 → "0.03%", 0 → "0%".
 */
export function formatFees(fees: number): string {
  return `${Number(fees.toFixed(4))}%`;
}

/**
 * Spec §4: minutes until the next update = 60 − whole minutes since lastRefreshed, floored at 0. Null
 * when the portfolio was never refreshed (or the time cannot be read).
 */
export function minutesUntilUpdate(lastRefreshed: string | null | undefined, nowMs: number): number | null {
  if (!lastRefreshed) return null;
  const at = Date.parse(lastRefreshed);
  if (Number.isNaN(at)) return null;
  // a refresh stamped ahead of this device's clock counts as just now
  const since = Math.max(0, Math.floor((nowMs - at) / 60_000));
  return Math.max(0, REFRESH_INTERVAL_MINUTES - since);
}
