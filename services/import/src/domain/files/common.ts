/** Small helpers the broker parsers share. */
import { type DateOrder, parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import type { CsvRow } from "./csv.ts";
import type { ImportedPosition, RowError } from "./port.ts";

/** Account numbers are shown by their last four characters only: enough to tell accounts apart. */
export function accountLabel(raw: string): string {
  const text = raw.trim().replace(/^["']|["']$/g, "");
  if (/\s/.test(text) || text.replace(/\D/g, "").length < 5) return text;
  return `…${text.replace(/[^0-9A-Za-z]/g, "").slice(-4)}`;
}

/** Collects row errors with their line numbers. */
export class Problems {
  readonly list: RowError[] = [];
  add(row: CsvRow | number | undefined, message: string): void {
    const line = typeof row === "number" ? row : row?.line;
    this.list.push(line === undefined ? { message } : { line, message });
  }
}

/** A positive quantity from a cell, or an error on the row and null. */
export function quantityOf(cell: string, row: CsvRow, problems: Problems, what: string): number | null {
  const q = parseNumber(cell);
  if (q === null || q === 0) {
    problems.add(row, `no number of shares for ${what} ("${cell}")`);
    return null;
  }
  return Math.abs(q);
}

export function dateOf(cell: string, row: CsvRow, problems: Problems, order: DateOrder): string | null {
  const d = parseDate(cell, order);
  if (!d) problems.add(row, `unreadable date "${cell}"`);
  return d;
}

/** Positions with a price and no purchase date in the file: the statement date (or today) stands in. */
export function positionRow(p: Omit<ImportedPosition, "DoA"> & { DoA?: string | null }, asOf: string): ImportedPosition {
  return { ...p, DoA: p.DoA || asOf };
}

/** Yahoo spells share classes with a dash: BRK.B → BRK-B; crypto pairs as BTC-USD. */
export function yahooTicker(symbol: string): string {
  return symbol
    .trim()
    .toUpperCase()
    .replace(/^([A-Z]{1,5})[./ ]([A-Z])$/, "$1-$2");
}
