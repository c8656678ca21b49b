/**
 * Any other CSV: a table with a header row, read through a column mapping the user confirms (and may save
 * and reuse: the service keeps saved mappings per user).
 * The parser proposes a mapping from the header names (ticker/symbol/code/ISIN, name/description,
 * quantity/shares/units, price/cost/average cost, date/trade date/purchase date, action/type/side, account,
 * fee/commission, in English, Dutch, German, French and Spanish); the caller shows it and passes back the
 * confirmed one. Rows are transactions: an action column decides buy, sell (a reinvested dividend is a buy),
 * transfer in/out, split (the shares it adds) and stock dividend (shares at no cost), and leaves cash actions
 * (dividend, interest, fee, deposit, withdrawal, tax) out; without an action column a positive quantity is a
 * buy and a negative one a sale, so a plain holdings list (one row per ticker) gives its rows back. Missing
 * dates take today, a missing price column leaves PoA 0 for the user to fill in.
 * Numbers: the mapping's decimal mark, else the one most quantity/price cells use decides ambiguous ones
 * (`1,234`); dates: the mapping's order, else day-first when any date's first part is above 12 or the file
 * uses `;`, else month-first.
 */
import { type DateOrder, parseDate } from "../dates.ts";
import { type DecimalMark, dominantDecimal, parseNumber } from "../numbers.ts";
import { accountLabel, feeOf, Problems, yahooTicker } from "./common.ts";
import { type CsvRow, headerKey, sniffSeparator, Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFormat, emptyStatement, type ParseOptions, type SourceFile, type Statement } from "./port.ts";

/** Header names (as in the file) for each field; `ticker` and `quantity` are required. */
export interface ColumnMapping {
  ticker: string;
  quantity: string;
  name?: string;
  price?: string;
  date?: string;
  action?: string;
  account?: string;
  fee?: string;
  /** how the file writes dates whose day and month are both 12 or less */
  dateOrder?: DateOrder;
  /** the decimal mark of numbers like `1,234` */
  decimal?: DecimalMark;
}

export type Field = "ticker" | "quantity" | "name" | "price" | "date" | "action" | "account" | "fee";
export const FIELDS: readonly Field[] = ["ticker", "quantity", "name", "price", "date", "action", "account", "fee"];

const ALIASES: Record<Field, string[]> = {
  ticker: ["ticker", "symbol", "code", "tickersymbol", "instrument", "isin", "securityid", "symbool", "wkn", "ticket"],
  name: [
    "name",
    "description",
    "security",
    "securityname",
    "investmentname",
    "product",
    "produkt",
    "company",
    "naam",
    "nom",
    "nombre",
    "title",
  ],
  quantity: [
    "quantity",
    "qty",
    "shares",
    "units",
    "noofshares",
    "numberofshares",
    "amountofshares",
    "aantal",
    "anzahl",
    "stuck",
    "stueck",
    "quantite",
    "cantidad",
    "position",
  ],
  price: [
    "poa",
    "price",
    "purchaseprice",
    "averagecost",
    "avgcost",
    "averageprice",
    "avgprice",
    "costpershare",
    "costbasispershare",
    "unitprice",
    "buyprice",
    "cost",
    "kurs",
    "koers",
    "prix",
    "precio",
    "tradeprice",
  ],
  date: ["doa", "date", "tradedate", "purchasedate", "dateacquired", "acquired", "opendate", "transactiondate", "datum", "fecha"],
  action: ["action", "type", "transactiontype", "side", "buysell", "activity", "operation", "transactie", "aktion", "tipo"],
  account: ["account", "accountname", "accountnumber", "portfolio", "rekening", "konto", "compte", "cuenta"],
  fee: ["fee", "fees", "commission", "commissions", "brokerage", "kosten", "gebuhr", "gebuehr", "frais", "comision"],
};

export function proposeMapping(header: string[]): Partial<ColumnMapping> {
  const keys = header.map(headerKey);
  const mapping: Partial<ColumnMapping> = {};
  const taken = new Set<number>();
  for (const field of FIELDS) {
    for (const alias of ALIASES[field]) {
      const i = keys.findIndex((k, idx) => k === alias && !taken.has(idx));
      if (i >= 0) {
        mapping[field] = header[i];
        taken.add(i);
        break;
      }
    }
  }
  return mapping;
}

const BUY =
  /^(buy|bought|purchase|purchased|market buy|limit buy|reinvest|dividend reinvest|drip|koop|aankoop|kauf|einkauf|achat|compra|acquisto|b)$/i;
const SELL = /^(sell|sold|sale|market sell|limit sell|verkoop|verkauf|vente|venta|vendita|s)$/i;
const CASH = /dividend|interest|fee|deposit|withdraw|tax|cash|item|liability|commission|rente|zinsen/i;

export type ActionKind = "buy" | "sell" | "transferIn" | "transferOut" | "split" | "bonus";

/** What an action moves; null for actions that move only cash; undefined when the action is not understood */
export function actionKind(action: string): ActionKind | null | undefined {
  const a = action.trim().replace(/\s+/g, " ");
  if (BUY.test(a) || /reinvest/i.test(a)) return "buy";
  if (SELL.test(a)) return "sell";
  if (/^(stock )?split/i.test(a)) return "split";
  if (/stock dividend|bonus|spin-?off|free share/i.test(a)) return "bonus";
  if (/transfer(red)? in|shares in|deposit of shares|receive/i.test(a)) return "transferIn";
  if (/transfer(red)? out|shares out|deliver/i.test(a)) return "transferOut";
  if (CASH.test(a) || /transfer/i.test(a)) return null;
  return undefined;
}

export function headerRow(file: SourceFile): CsvRow | undefined {
  return file.rows().find((r) => r.cells.filter((c) => c.trim() !== "").length >= 2);
}

export interface GenericStatement extends Statement {
  /** the mapping used: the caller's, or the proposed one to confirm */
  mapping: Partial<ColumnMapping>;
  columns: string[];
  /** the ticker or quantity column is not known yet: the user has to choose */
  needsMapping: boolean;
}

export function parseWithMapping(
  file: SourceFile,
  options: ParseOptions & { mapping?: ColumnMapping; dayFirst?: boolean },
  format: BrokerFormat = "csv",
): GenericStatement {
  const header = headerRow(file);
  const problems = new Problems();
  const statement = emptyStatement(format);
  if (!header) return { ...statement, errors: [{ message: "the file has no header row" }], mapping: {}, columns: [], needsMapping: true };
  const t = new Table(header, file.rows().slice(file.rows().indexOf(header) + 1));
  const mapping = options.mapping ?? proposeMapping(header.cells);
  const columns = header.cells;
  const missing = (["ticker", "quantity"] as Field[]).filter((f) => !mapping[f] || t.column(mapping[f] as string) < 0);
  if (missing.length) {
    return { ...statement, errors: [{ message: `choose the column for ${missing.join(" and ")}` }], mapping, columns, needsMapping: true };
  }
  const cell = (row: CsvRow, field: Field) => (mapping[field] ? t.get(row, mapping[field] as string) : "");
  const decimal = mapping.decimal ?? dominantDecimal(t.rows.flatMap((r) => [cell(r, "quantity"), cell(r, "price")]));
  const order: DateOrder =
    mapping.dateOrder ??
    (options.dayFirst
      ? "dmy"
      : dateOrder(
          t.rows.map((r) => cell(r, "date")),
          sniffSeparator(file.text) === ";" ? "dmy" : "mdy",
        ));
  const entries: Entry[] = [];
  for (const row of t.rows) {
    const rawTicker = cell(row, "ticker").toUpperCase();
    const rawQuantity = cell(row, "quantity");
    const q = parseNumber(rawQuantity, decimal);
    const action = cell(row, "action");
    let kind: ActionKind | null | undefined = action ? actionKind(action) : q !== null && q < 0 ? "sell" : "buy";
    if (kind === null) continue;
    if (!rawTicker) {
      if (q) problems.add(row, "no ticker");
      continue;
    }
    if (kind === undefined) {
      problems.add(row, `action "${action}" not understood; use buy or sell`);
      continue;
    }
    if (q === null || q === 0) {
      problems.add(row, `no number of shares for ${rawTicker} ("${rawQuantity}")`);
      continue;
    }
    if (!action && q < 0) kind = "sell";
    const rawDate = cell(row, "date");
    const date = rawDate ? parseDate(rawDate, order) : options.asOf;
    if (!date) {
      problems.add(row, `unreadable date "${rawDate}"`);
      continue;
    }
    if (date > options.asOf) {
      problems.add(row, `date ${date} is in the future`);
      continue;
    }
    const price = mapping.price ? parseNumber(cell(row, "price"), decimal) : 0;
    if (price === null || price < 0) {
      if (kind === "buy") {
        problems.add(row, `unreadable price "${cell(row, "price")}" for ${rawTicker}`);
        continue;
      }
    }
    const base = {
      key: rawTicker,
      ticker: yahooTicker(rawTicker),
      name: cell(row, "name"),
      account: accountLabel(cell(row, "account")),
      at: date,
      line: row.line,
    };
    const fee = feeOf(cell(row, "fee"));
    const quantity = Math.abs(q);
    if (kind === "buy") entries.push({ ...base, kind, quantity, price: price ?? 0, fee });
    else if (kind === "sell") entries.push({ ...base, kind, quantity, price: price ?? null, fee });
    else if (kind === "transferIn") entries.push({ ...base, kind, quantity, price: price || null });
    else if (kind === "transferOut") entries.push({ ...base, kind, quantity });
    else if (kind === "bonus") entries.push({ ...base, kind, quantity });
    else entries.push({ ...base, kind: "split", shares: q });
  }
  return { ...statement, entries, errors: problems.list, mapping, columns, needsMapping: false };
}

function dateOrder(samples: string[], fallback: DateOrder): DateOrder {
  for (const s of samples) {
    const m = /^(\d{1,2})[-/.](\d{1,2})[-/.]\d{2,4}/.exec(s.trim());
    if (m && +m[1] > 12) return "dmy";
    if (m && +m[2] > 12) return "mdy";
  }
  return fallback;
}
