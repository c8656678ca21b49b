/**
 * Daily closes as a buyer saw them (docs/product-decisions.md "The as-traded close"), free of I/O:
 *
 * - `spliceEarlier`: a split-adjusted series that starts later than the adjusted one (the market-data folder's
 *   `split-adjusted/JNJ.csv` begins in 2006, `JNJ.csv` in 2000) is continued backwards with the adjusted
 *   closes, rescaled so the two meet on the split-adjusted series' first day. Before that day the closes'
 *   growth is the total return (dividends inside), after it the price alone with the dividends apart.
 * - `closeOnOrBefore`: the last close dated on or before a day.
 * - `asTraded`: a close adjusted for later splits turned back into the price paid that day: × the ratio of
 *   every split whose ex-date is after the close's day.
 */
import { splitFactorAfter } from "@folio/proto/market-rules";
import type { DailyClose } from "./series.ts";

/**
 * `primary` continued backwards by the rows of `earlier` dated before primary's first day, each × k with
 * k = primary's first close / earlier's close on that day (else its last close before it). Without an
 * earlier row on or before primary's first day the two cannot be joined and primary is returned as it is.
 * Both in date order.
 */
export function spliceEarlier(primary: readonly DailyClose[], earlier: readonly DailyClose[]): DailyClose[] {
  const first = primary[0];
  if (!first || earlier.length === 0 || earlier[0].date >= first.date) return [...primary];
  const join = closeOnOrBefore(earlier, first.date);
  if (!join) return [...primary];
  const k = first.close / join.close;
  const before: DailyClose[] = [];
  for (const row of earlier) {
    if (row.date >= first.date) break;
    before.push({ date: row.date, close: row.close * k });
  }
  return [...before, ...primary];
}

/** The last row dated on or before `date` (rows in date order); null when every row is later. */
export function closeOnOrBefore<T extends { date: string }>(rows: readonly T[], date: string): T | null {
  let lo = 0;
  let hi = rows.length - 1;
  let found: T | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].date <= date) {
      found = rows[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Π ratio of the splits whose ex-date is after `date` (proto's market rule, the one the valuation uses too). */
export { splitFactorAfter };

/**
 * A money figure as a reply gives it: 4 decimals (cents and two more) from 1 up, 6 significant digits below,
 * so a coin at $0.0812345 keeps its digits and float noise (519.0999908447266) does not reach a screen.
 */
export function roundPrice(price: number): number {
  if (!Number.isFinite(price)) return price;
  return Math.abs(price) >= 1 ? Math.round(price * 1e4) / 1e4 : Number(price.toPrecision(6));
}

/** The price a buyer paid on the close's day: the split-adjusted (or adjusted) close × the later splits' factor. */
export function asTraded(close: number, day: string, splits: readonly { date: string; ratio: number }[]): number {
  return roundPrice(close * splitFactorAfter(splits, day));
}
