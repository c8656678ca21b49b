/**
 * The import table's rows (screenshot and broker file alike) and their rules, pure.
 *
 * Columns: 1 ticker, 2 quantity, 3 purchase price, 4 cost, 5 purchase date (a select: the file's date when
 * it has one, today, 1 Jan of 1 to 4 years back). Spec §5: the inputs must each be a number > 0 and the
 * select in column 5 chosen, else the cells flash and nothing is created. Column 4 is no input: it is the
 * cost (and today's value) as the server's valuation of the rows gives them (useImportPreview), never worked
 * out here. The ticker (column 1) must be present and a ticker's characters too (our addition: the server
 * refuses anything else).
 * A row without a purchase price (a phone list that shows only the shares, a transfer in a broker's file)
 * is given the as-traded close of its date (GET /v1/get/{ticker}/close, as the Add window does); that
 * suggestion follows the row's ticker and date until the user types a price, which is theirs from then on.
 * A screenshot's rows start on today's date: the user picks the real date.
 *
 * Flags: what the server was not sure of (a ticker pricing does not know, a name matched loosely, a quantity
 * it could not check; a broker file's opening assumed, a date or price the file does not give), each with
 * its field and reason. A flag stays open until the user corrects its field (any edit of that cell, or the
 * offered symbol) or confirms the row as read; Create waits for every flag. A suggested close corrects
 * nothing. A row is the same for a screenshot and a broker file: ticker, name, quantity, price, date, flags.
 */
import { assetProblem } from "@folio/proto/asset-rules";
import { TICKER_PATTERN } from "@folio/proto/constants";
import type { FileHistory, FileRow, FileTrade, ImportFlag, ScreenshotRow } from "@folio/proto/import";
import { acquisitionPresets, localIsoDate } from "../portfolio/acquisition.ts";
import { LOOKING_UP, type PriceNote } from "../portfolio/useSuggestedClose.ts";

export interface ImportRow {
  id: string;
  ticker: string;
  name: string;
  quantity: string;
  price: string;
  /** `YYYY-MM-DD`, "" when not chosen */
  date: string;
  account: string;
  /** open flags: what the user must correct or confirm before Create */
  flags: ImportFlag[];
  /** the price is the close suggested for the row's ticker and date (not read, not typed) */
  suggested: boolean;
  /** under the purchase price: where the suggested price comes from, or why there is none */
  priceNote: PriceNote;
  /** `ticker|date` of the close asked for last; `typed:ticker|date` once the user typed in the price (no close asked again for it) */
  closeAsked: string;
  /**
   * a broker file's history of the holding as buys and sales (docs/numbers.md "Broker files": Trades), and the cells as
   * read: saved instead of the row while its quantity, price and date are as read (its ticker may be corrected)
   */
  history?: { trades: FileTrade[]; quantity: string; price: string; date: string };
}

/** the cells the user edits */
export type Column = "ticker" | "quantity" | "price" | "date";

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

const row = (fields: Pick<ImportRow, "ticker" | "name" | "quantity" | "price" | "date" | "account" | "flags">): ImportRow => ({
  id: nextId(),
  ...fields,
  suggested: false,
  priceNote: null,
  closeAsked: "",
});

/** A screenshot's rows: the screen's price when it shows one; else the close of the row's date is asked for. */
export function fromScreenshot(rows: ScreenshotRow[], today: Date): ImportRow[] {
  return rows.map((r) =>
    row({
      ticker: r.ticker,
      name: r.name,
      quantity: numberText(r.quantity),
      price: numberText(r.price),
      date: localIsoDate(today),
      account: "",
      flags: r.flags ?? [],
    }),
  );
}

/** A broker file's rows; `histories` (the reply's) give each row its buys and sales when the file has them. */
export function fromFile(rows: FileRow[], histories: readonly FileHistory[] = []): ImportRow[] {
  return rows.map((r) => {
    const read = row({
      ticker: r.ticker,
      name: r.name,
      quantity: numberText(r.quantity),
      price: numberText(r.PoA),
      date: r.DoA,
      account: r.account,
      flags: r.flags ?? [],
    });
    const history = histories.find((h) => h.quantity > 0 && h.account === r.account && h.ticker === r.ticker && h.quantity === r.quantity);
    if (history) read.history = { trades: history.trades, quantity: read.quantity, price: read.price, date: read.date };
    return read;
  });
}

export function emptyRow(today: Date): ImportRow {
  return row({ ticker: "", name: "", quantity: "", price: "", date: localIsoDate(today), account: "", flags: [] });
}

/**
 * A cell edited: editing a flagged cell corrects it; a typed price is the user's (no longer a suggestion). A price
 * emptied by the user is not filled again with the same day's close while they type (only a new ticker or date
 * asks again), as in the Add window.
 */
export function editRow(r: ImportRow, column: Column, text: string): ImportRow {
  const next: ImportRow = {
    ...r,
    [column]: column === "ticker" ? text.toUpperCase() : text,
    flags: r.flags.filter((f) => flagColumn(f) !== column),
  };
  // an answer still on its way is dropped, and the same ticker and date are not asked again
  if (column === "price") return { ...next, suggested: false, priceNote: null, closeAsked: typedFor(r) };
  return next;
}

/** What `closeAsked` holds once the user typed in the price of this ticker and date. */
const typedFor = (r: ImportRow) => `typed:${r.ticker.trim()}|${r.date}`;

const looksLikeTicker = (t: string) => t.trim() !== "" && tickerRule.test(t.trim());

/**
 * The close this row should be given now, as `ticker|date`: when it has no price (or a suggested one) and a
 * ticker and date the close was not asked for yet; null otherwise.
 */
export function closeWanted(r: ImportRow): string | null {
  if (!(r.price === "" || r.suggested) || !looksLikeTicker(r.ticker) || !/^\d{4}-\d{2}-\d{2}$/.test(r.date)) return null;
  const key = `${r.ticker.trim()}|${r.date}`;
  return key === r.closeAsked || r.closeAsked === typedFor(r) ? null : key;
}

/** The close of `key` asked for: a suggested price is taken away meanwhile (it was another day's). */
export const askingClose = (r: ImportRow, key: string): ImportRow => ({
  ...r,
  closeAsked: key,
  price: r.suggested ? "" : r.price,
  suggested: false,
  priceNote: LOOKING_UP,
});

/** The close's answer, when the row still wants it: its price suggested, with the note; or why there is none. */
export function closeAnswered(r: ImportRow, key: string, found: { price: string; note: NonNullable<PriceNote> }): ImportRow {
  if (r.closeAsked !== key || !(r.price === "" || r.suggested)) return r;
  return { ...r, price: found.price, suggested: found.price !== "", priceNote: found.note };
}

/** The date choices of a row: its own date when it is not a preset, then the presets. */
export function dateOptions(r: ImportRow, today: Date): { label: string; date: string }[] {
  const presets = acquisitionPresets(today);
  if (r.date && !presets.some((p) => p.date === r.date)) return [{ label: r.date, date: r.date }, ...presets];
  return presets;
}

/** The cells that stop the import, as `${rowId}:${column}`. */
export function invalidCells(rows: ImportRow[]): Set<string> {
  const bad = new Set<string>();
  for (const r of rows) {
    if (!looksLikeTicker(r.ticker)) bad.add(`${r.id}:ticker`);
    for (const column of ["quantity", "price"] as const) {
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

/** One row as a portfolio's position (call for rows invalidCells has no cell of). */
export const toAsset = (r: ImportRow): ImportedAsset => ({
  ticker: r.ticker.trim(),
  name: r.name,
  quantity: cellNumber(r.quantity) as number,
  PoA: cellNumber(r.price) as number,
  DoA: r.date,
});

const tradeAssets = (ticker: string, name: string, trades: readonly FileTrade[]): ImportedAsset[] =>
  trades.map((t) =>
    t.side === "sell"
      ? { ticker, name, side: "sell", quantity: t.quantity, PoA: t.price, DoA: t.date, fee: t.fee }
      : { ticker, name, quantity: t.quantity, PoA: t.price, DoA: t.date },
  );

/** The row still shows what was read (its ticker may be corrected): its history stands for it. */
const asRead = (r: ImportRow) =>
  !!r.history && r.quantity === r.history.quantity && r.price === r.history.price && r.date === r.history.date;

/** One row as the portfolio keeps it: its buys and sales when its history stands as read, else its position. */
export const rowAssets = (r: ImportRow): ImportedAsset[] =>
  r.history && asRead(r) ? tradeAssets(r.ticker.trim(), r.name, r.history.trades) : [toAsset(r)];

/**
 * The rows as the portfolio's assets (call after invalidCells found none): a row with its history as read becomes
 * its buys and sales, so the sales' realized gains survive the import; any other row its position. `closed`: the
 * histories of holdings sold in full (quantity 0), saved as their buys and sales too.
 */
export function toAssets(rows: ImportRow[], closed: readonly FileHistory[] = []): ImportedAsset[] {
  const assets = rows.flatMap(rowAssets);
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

/**
 * The rows the server can value as they stand (a ticker, a quantity and a price above 0, a purchase date the
 * asset rules accept), each with its asset (its position, checked) and the assets the portfolio will keep of it
 * (rowAssets: its buys and sales when its history stands as read): the preview values those, as the save
 * sends them, and shows nothing for the other rows.
 */
export function valuableRows(rows: ImportRow[], today: string): { row: ImportRow; asset: ImportedAsset; assets: ImportedAsset[] }[] {
  const cells = invalidCells(rows);
  return rows
    .filter((r) => !["ticker", "quantity", "price", "date"].some((c) => cells.has(`${r.id}:${c}`)))
    .map((r) => ({ row: r, asset: toAsset(r), assets: rowAssets(r) }))
    .filter(({ asset }) => assetProblem(asset, today, true) === null);
}

/** The row confirmed as read: its flags are closed. */
export const confirmRow = (r: ImportRow): ImportRow => ({ ...r, flags: [] });

/** The rows that still have an open flag. */
export const flaggedRows = (rows: ImportRow[]): ImportRow[] => rows.filter((r) => r.flags.length > 0);
