/** Small helpers the broker parsers share. */
import { type DateOrder, parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import type { CsvRow } from "./csv.ts";
import type { Entry, Security } from "./ledger.ts";
import type { RowError } from "./port.ts";

/** Account numbers are shown by their last four characters only: enough to tell accounts apart. */
export function accountLabel(raw: string): string {
  const text = raw.trim().replace(/^["']|["']$/g, "");
  const digits = text.match(/\d{3,}/g);
  if (!digits) return text;
  return `…${digits[digits.length - 1].slice(-4)}`;
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

/** Yahoo spells share classes with a dash: BRK.B → BRK-B, BRK/B → BRK-B, "BRK B" → BRK-B. */
export function yahooTicker(symbol: string): string {
  return symbol
    .trim()
    .toUpperCase()
    .replace(/^([A-Z]{1,5})[./ ]([A-Z])$/, "$1-$2");
}

/** A crypto asset in Yahoo's form, priced in dollars (pricing's CoinGecko provider reads `<SYMBOL>-USD`). */
export function cryptoTicker(asset: string): string {
  return `${asset.trim().toUpperCase()}-USD`;
}

export const security = (key: string, ticker: string, name = ""): Security => ({ key, ticker, name });

/** A fee cell as a positive amount (brokers write fees as negatives, in parentheses, or with a sign). */
export function feeOf(...cells: string[]): number {
  let fee = 0;
  for (const c of cells) fee += Math.abs(parseNumber(c) ?? 0);
  return fee;
}

/** One line of a corporate action: a security's shares going out (negative) or coming in (positive). */
export interface Leg {
  security: Security;
  quantity: number;
  account: string;
  at: string;
  line?: number;
  /** legs of one action share a group (the action and its date, a reorganisation number, an action id) */
  group: string;
}

/**
 * Legs of corporate actions → ledger entries. In each group, an outgoing leg and an incoming one are an
 * exchange (the old shares become the new, with their cost); incoming legs without an outgoing one are
 * shares received for nothing (a spin-off, a stock dividend); outgoing legs without an incoming one leave
 * the account (a merger for cash), as a sale at no stated price.
 */
export function entriesFromLegs(legs: Leg[]): Entry[] {
  const groups = new Map<string, Leg[]>();
  for (const l of legs) groups.set(l.group, [...(groups.get(l.group) ?? []), l]);
  const out: Entry[] = [];
  for (const group of groups.values()) {
    const gone = group.filter((l) => l.quantity < 0);
    const came = group.filter((l) => l.quantity > 0);
    came.forEach((c, i) => {
      const base = { ...c.security, account: c.account, at: c.at, line: c.line };
      const from = gone[i];
      if (from) out.push({ ...base, kind: "exchange", from: from.security, fromQuantity: -from.quantity, quantity: c.quantity });
      else out.push({ ...base, kind: "bonus", quantity: c.quantity });
    });
    for (const g of gone.slice(came.length)) {
      out.push({ ...g.security, account: g.account, at: g.at, line: g.line, kind: "sell", quantity: -g.quantity, price: null });
    }
  }
  return out;
}

/** Parses a number that may carry a trailing marker letter (Robinhood's `10S` for surrendered shares). */
export function markedNumber(cell: string): { value: number | null; marker: string } {
  const m = /^(.*?)([A-Za-z])$/.exec(cell.trim());
  if (m && parseNumber(m[1]) !== null) return { value: parseNumber(m[1]), marker: m[2].toUpperCase() };
  return { value: parseNumber(cell), marker: "" };
}

/** ISO date plus time for ordering: `2024-03-05T10:30:00`; the date alone when the cell has no time. */
export function stamp(date: string, raw: string): string {
  const time = /(\d{1,2}:\d{2}(?::\d{2})?)/.exec(raw.replace(/^\d{4}-\d{2}-\d{2}/, ""));
  return time ? `${date}T${time[1].padStart(5, "0")}` : date;
}

/** The earliest date among cells (a file's first day, cash lines included); null when none reads as a date. */
export function earliestDate(cells: string[], order: DateOrder): string | null {
  let first: string | null = null;
  for (const c of cells) {
    const d = parseDate(c, order);
    if (d && (!first || d < first)) first = d;
  }
  return first;
}

/**
 * Yahoo's suffix for a market, from the listing exchange a file names (IBKR's codes, MIC codes, plain names)
 * or, failing that, its quote currency: pence and pounds are London's. A US listing (or an unknown venue)
 * has none.
 */
const EXCHANGE_SUFFIX: Array<[RegExp, string]> = [
  [/^(LSE|LSEETF|LSEIOB1|XLON|LON|LONDON( STOCK EXCHANGE)?)$/, ".L"],
  [/^(AEB|XAMS|EAM|AMS|EURONEXT AMSTERDAM)$/, ".AS"],
  [/^(SBF|XPAR|EPA|PAR|EURONEXT PARIS)$/, ".PA"],
  [/^(ENEXT\.BE|XBRU|EBR|EURONEXT BRUSSELS)$/, ".BR"],
  [/^(IBIS2?|XETRA|XETR|XET|FWB2?|GETTEX|TGATE|FRA|XFRA)$/, ".DE"],
  [/^(BVME(\.ETF)?|XMIL|MIL|BORSA ITALIANA)$/, ".MI"],
  [/^(EBS|SWX|XSWX|VIRTX|SIX)$/, ".SW"],
  [/^(BM|BME|XMAD|MCE)$/, ".MC"],
  [/^(SFB|XSTO|STO)$/, ".ST"],
  [/^(CPH|XCSE|KFB)$/, ".CO"],
  [/^(OSE|XOSL|OSL)$/, ".OL"],
  [/^(HEX|XHEL|HEL)$/, ".HE"],
  [/^(VSE|XWBO)$/, ".VI"],
  [/^(ISED|XDUB|ISE)$/, ".IR"],
  [/^(TSE|TSX|XTSE)$/, ".TO"],
  [/^(VENTURE|TSXV|XTSX)$/, ".V"],
  [/^(ASX|XASX)$/, ".AX"],
  [/^(SEHK|XHKG|HKEX)$/, ".HK"],
  [/^(TSEJ|XTKS|JPX)$/, ".T"],
];

export function marketTicker(symbol: string, market: { exchange?: string; currency?: string }): string {
  // London's notation ends some symbols with a dot (`BP.`, `RR.`): the suffix takes its place
  const ticker = symbol.replace(/\.$/, "");
  if (!ticker || /\.[A-Z]{1,3}$/.test(ticker) || /-USD$/.test(ticker)) return ticker;
  const exchange = (market.exchange ?? "").trim().toUpperCase();
  if (exchange) {
    const hit = EXCHANGE_SUFFIX.find(([re]) => re.test(exchange));
    return hit ? `${ticker}${hit[1]}` : ticker;
  }
  return /^(GBX|GBP)$/i.test((market.currency ?? "").trim()) ? `${ticker}.L` : ticker;
}
