/**
 * The import table's rows (screenshot and broker file alike) and their rules, pure.
 *
 * Columns: 1 ticker, 2 quantity, 3 purchase price, 4 cost (quantity × purchase price: typing a cost sets the
 * price, typing a quantity or price sets the cost), 5 purchase date (a select: the file's date when it has
 * one, today, 1 Jan of 1 to 4 years back). Spec §5: columns 2, 3 and 4 must each be a number > 0 and the
 * select in column 5 chosen, else the cells flash and nothing is created. The ticker (column 1) must be
 * present and a ticker's characters too (our addition: the server refuses anything else).
 * A screenshot's price is today's, so its rows start with today's date: the user picks the real date.
 *
 * Flags: what the server was not sure of (a ticker pricing does not know, a name matched loosely, a quantity
 * it could not check), each with its field and reason. A flag stays open until the user corrects its field
 * (any edit of that cell, or the offered symbol) or confirms the row as read; Create waits for every flag.
 * A row is the same for a screenshot and a broker file: ticker, name, quantity, price, date, flags.
 */
import { TICKER_PATTERN } from "@folio/proto/constants";
import type { FileHistory, FileRow, FileTrade, ImportFlag, ScreenshotRow } from "@folio/proto/import";
import { acquisitionPresets, localIsoDate } from "../portfolio/acquisition.ts";

export interface ImportRow {
  id: string;
  ticker: string;
  name: string;
  quantity: string;
  price: string;
  cost: string;
  /** `YYYY-MM-DD`, "" when not chosen */
  date: string;
  account: string;
  /** open flags: what the user must correct or confirm before Create */
  flags: ImportFlag[];
  /**
   * a broker file's history of the holding as buys and sales (README "Broker files": Trades), and the cells as
   * read: saved instead of the row while its quantity, price and date are as read (its ticker may be corrected)
   */
  history?: { trades: FileTrade[]; quantity: string; price: string; date: string };
}

export type Column = "ticker" | "quantity" | "price" | "cost" | "date";

/** the cell a flag points at (a name is shown, and corrected, in the ticker's cell) */
export const flagColumn = (flag: ImportFlag): Column => (flag.field === "name" ? "ticker" : flag.field);

const tickerRule = new RegExp(TICKER_PATTERN);

/** Up to 8 decimals, no exponent, no trailing zeros: what the user sees in a cell. */
export function numberText(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n) || n === 0) return "";
  return String(Number(n.toFixed(8)));
}

/** A cell's number: `1,234.5` and `1234,5` read as typed (a lone comma is a decimal comma); null when not one. */
export function cellNumber(text: string): number | null {
  let t = text.trim().replace(/[\s$€£]/g, "");
  if (t === "") return null;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, "");
  else if (/^\d+,\d+$/.test(t)) t = t.replace(",", ".");
  if (!/^\d*\.?\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

let seq = 0;
const nextId = () => `row-${++seq}`;

export function fromScreenshot(rows: ScreenshotRow[], today: Date): ImportRow[] {
  return rows.map((r) => {
    const price = r.price ?? (r.marketValue && r.quantity ? r.marketValue / r.quantity : null);
    return {
      id: nextId(),
      ticker: r.ticker,
      name: r.name,
      quantity: numberText(r.quantity),
      price: numberText(price),
      cost: numberText(price !== null ? r.quantity * price : null),
      date: localIsoDate(today),
      account: "",
      flags: r.flags ?? [],
    };
  });
}

/** A broker file's rows; `histories` (the reply's) give each row its buys and sales when the file has them. */
export function fromFile(rows: FileRow[], histories: readonly FileHistory[] = []): ImportRow[] {
  return rows.map((r) => {
    const row: ImportRow = {
      id: nextId(),
      ticker: r.ticker,
      name: r.name,
      quantity: numberText(r.quantity),
      price: numberText(r.PoA),
      cost: numberText(r.PoA > 0 ? r.quantity * r.PoA : null),
      date: r.DoA,
      account: r.account,
      flags: r.flags ?? [],
    };
    const history = histories.find((h) => h.quantity > 0 && h.account === r.account && h.ticker === r.ticker && h.quantity === r.quantity);
    if (history) row.history = { trades: history.trades, quantity: row.quantity, price: row.price, date: row.date };
    return row;
  });
}

export function emptyRow(today: Date): ImportRow {
  return { id: nextId(), ticker: "", name: "", quantity: "", price: "", cost: "", date: localIsoDate(today), account: "", flags: [] };
}

/** A cell edited: quantity and price keep the cost in step; a cost sets the price. Editing a flagged cell corrects it. */
export function editRow(row: ImportRow, column: Column, text: string): ImportRow {
  const corrected = column === "cost" ? "price" : column;
  const next = {
    ...row,
    [column]: column === "ticker" ? text.toUpperCase() : text,
    flags: row.flags.filter((f) => flagColumn(f) !== corrected),
  };
  const q = cellNumber(next.quantity);
  if (column === "quantity" || column === "price") {
    const p = cellNumber(next.price);
    next.cost = q !== null && p !== null ? numberText(q * p) : "";
  } else if (column === "cost") {
    const c = cellNumber(next.cost);
    if (q !== null && q > 0 && c !== null) next.price = numberText(c / q);
  }
  return next;
}

/** The date choices of a row: its own date when it is not a preset, then the presets. */
export function dateOptions(row: ImportRow, today: Date): { label: string; date: string }[] {
  const presets = acquisitionPresets(today);
  if (row.date && !presets.some((p) => p.date === row.date)) return [{ label: row.date, date: row.date }, ...presets];
  return presets;
}

/** The cells that stop the import, as `${rowId}:${column}`. */
export function invalidCells(rows: ImportRow[]): Set<string> {
  const bad = new Set<string>();
  for (const r of rows) {
    if (!r.ticker.trim() || !tickerRule.test(r.ticker.trim())) bad.add(`${r.id}:ticker`);
    for (const column of ["quantity", "price", "cost"] as const) {
      const n = cellNumber(r[column]);
      if (n === null || !(n > 0)) bad.add(`${r.id}:${column}`);
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date)) bad.add(`${r.id}:date`);
  }
  return bad;
}

/** An asset entry of the saved portfolio: a position (a buy), or one trade of a history. */
export interface ImportedAsset {
  ticker: string;
  name: string;
  side?: "sell";
  quantity: number;
  PoA: number;
  DoA: string;
  fee?: number;
}

const tradeAssets = (ticker: string, name: string, trades: readonly FileTrade[]): ImportedAsset[] =>
  trades.map((t) =>
    t.side === "sell"
      ? { ticker, name, side: "sell", quantity: t.quantity, PoA: t.price, DoA: t.date, fee: t.fee }
      : { ticker, name, quantity: t.quantity, PoA: t.price, DoA: t.date },
  );

/** The row still shows what was read (its ticker may be corrected): its history stands for it. */
const asRead = (r: ImportRow) =>
  !!r.history && r.quantity === r.history.quantity && r.price === r.history.price && r.date === r.history.date;

/**
 * The rows as the portfolio's assets (call after invalidCells found none): a row with its history as read becomes
 * its buys and sales, so the sales' realized gains survive the import; any other row its position. `closed`: the
 * histories of holdings sold in full (quantity 0), saved as their buys and sales too.
 */
export function toAssets(rows: ImportRow[], closed: readonly FileHistory[] = []): ImportedAsset[] {
  const assets = rows.flatMap((r): ImportedAsset[] =>
    r.history && asRead(r)
      ? tradeAssets(r.ticker.trim(), r.name, r.history.trades)
      : [
          {
            ticker: r.ticker.trim(),
            name: r.name,
            quantity: cellNumber(r.quantity) as number,
            PoA: cellNumber(r.price) as number,
            DoA: r.date,
          },
        ],
  );
  for (const c of closed) if (c.quantity === 0) assets.push(...tradeAssets(c.ticker, c.name, c.trades));
  return assets;
}

/** What the import keeps of the file's histories: rows saved as their trades, holdings sold in full, their sales. */
export function historySummary(rows: ImportRow[], closed: readonly FileHistory[] = []) {
  const kept = rows.filter(asRead);
  const sold = closed.filter((c) => c.quantity === 0);
  const trades = [...kept.flatMap((r) => r.history?.trades ?? []), ...sold.flatMap((c) => c.trades)];
  return {
    rows: kept.length,
    buys: trades.filter((t) => t.side === "buy").length,
    sales: trades.filter((t) => t.side === "sell").length,
    closed: sold.map((c) => c.ticker),
  };
}

/** The row confirmed as read: its flags are closed. */
export const confirmRow = (row: ImportRow): ImportRow => ({ ...row, flags: [] });

/** The rows that still have an open flag. */
export const flaggedRows = (rows: ImportRow[]): ImportRow[] => rows.filter((r) => r.flags.length > 0);
