/**
 * Price series rules, free of I/O: reading `date,close` text, the month-end aggregation every provider's
 * history goes through, and the ticker conventions (Yahoo spelling, upper case).
 */
import type { AssetClass } from "@folio/proto/pricing";

export interface DailyClose {
  /** ISO date, YYYY-MM-DD */
  date: string;
  close: number;
}

/** Yahoo's spelling: letters, digits and . - ^ = (BRK-B, BTC-USD, ^GSPC, EURUSD=X). Same as proto's Ticker. */
export const TICKER_PATTERN = /^[A-Za-z0-9.^=-]{1,20}$/;

export const normalizeTicker = (ticker: string): string => ticker.trim().toUpperCase();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parses `date,close` CSV text: a header line, then one ISO date and one positive close per line. Rows
 * that are not a date and a finite positive number are skipped (a blank last line, a `null` close).
 * The result is in date order whatever the file's order.
 */
export function parseCloseCsv(text: string): DailyClose[] {
  const rows: DailyClose[] = [];
  // line by line with indexOf rather than split(): a 26-year file is ~6,700 lines, read at every start
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    const comma = text.indexOf(",", start);
    const lineStart = start;
    start = end + 1;
    if (comma === -1 || comma > end) continue;
    const date = text.slice(lineStart, comma).trim();
    if (!ISO_DATE.test(date)) continue;
    const next = text.indexOf(",", comma + 1);
    // the line's second field; a \r before the \n is trimmed with the spaces
    const raw = text.slice(comma + 1, next === -1 || next > end ? end : next).trim();
    const close = Number(raw);
    if (raw === "" || !Number.isFinite(close) || close <= 0) continue;
    rows.push({ date, close });
  }
  return isSorted(rows) ? rows : rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function isSorted(rows: DailyClose[]): boolean {
  for (let i = 1; i < rows.length; i++) if (rows[i - 1].date > rows[i].date) return false;
  return true;
}

/** Month (`YYYY-MM`) → the close of the last trading day of that month; input in date order. */
export function lastCloseByMonth(rows: Iterable<DailyClose>): Record<string, number> {
  const months: Record<string, number> = {};
  for (const row of rows) months[row.date.slice(0, 7)] = row.close;
  return months;
}

/** The calendar date of a Unix time (seconds) at a UTC offset (seconds), as the exchange saw it. */
export function exchangeDate(unixSeconds: number, gmtOffsetSeconds = 0): string {
  return new Date((unixSeconds + gmtOffsetSeconds) * 1000).toISOString().slice(0, 10);
}

/** What a ticker most likely is when no source says: Yahoo's conventions for coins and indices. */
export function guessAssetClass(ticker: string): AssetClass {
  if (ticker.startsWith("^")) return "Index";
  if (/^[A-Z]{6}=X$/.test(ticker)) return "Currency";
  if (/^[A-Z0-9]+-USD$/.test(ticker)) return "Crypto";
  return "Stock";
}

/** A share, a coin or a currency held directly costs no running fee; a fund's expense ratio must come from a source. */
export function defaultFee(assetClass: AssetClass): number | null {
  return assetClass === "Stock" || assetClass === "Crypto" || assetClass === "Currency" ? 0 : null;
}

/** `date,<number>` rows (dividends' amounts, splits' ratios) as events, oldest first. */
export function parseEvents<K extends string>(text: string, field: K): Array<{ date: string } & Record<K, number>> {
  return parseCloseCsv(text).map((row) => ({ date: row.date, [field]: row.close }) as { date: string } & Record<K, number>);
}
