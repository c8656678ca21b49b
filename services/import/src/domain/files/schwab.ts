/**
 * Charles Schwab, two downloads:
 * - History (History → Export → CSV): `Date,Action,Symbol,Description,Quantity,Price,Fees & Comm,Amount`,
 *   month-first dates (`07/15/2024 as of 07/12/2024`), US numbers with `$`, an optional title line
 *   `"Transactions for account XXXX-1234 as of …"` and a closing `Transactions Total` row (the sum of the
 *   Amount column: checked against the rows read). Buy and Reinvest Shares buy at Price (Fees & Comm kept as
 *   the fee); Sell sells; Stock Split and Reverse Split state the shares added (negative: removed); Stock Div
 *   Dist, Bonus and Spin-off add shares at no cost; Stock Merger, Name Change, Conversion, Mandatory Reorg and
 *   Exchange come as legs on one date (old identifier negative, new positive) and become exchanges (a
 *   reverse split under a new CUSIP likewise); Journaled Shares, Security Transfer, Stock Plan Activity and
 *   Internal Transfer with shares move them in or out by their sign. Every other action (dividends,
 *   interest, fees, cash in lieu, transfers of cash) moves only cash. Options are not imported.
 * - Positions (Accounts → Positions → Export): a title `"Positions for account Individual ...123 as of
 *   10:44 AM ET, 2024/03/15"` (the all-accounts export: one such block per account, or the account's name on
 *   a line of its own), then `Symbol,Description,Quantity|Qty (Quantity),Price,…,Market Value|Mkt Val
 *   (Market Value),…,Cost Basis,…,Security Type`, `Cash & Cash Investments` and `Account Total` rows. Each
 *   holding is a position (PoA: Cost Basis ÷ Quantity); Account Total is checked against the rows.
 * Formats from Schwab's downloads as documented by open-source importers (beancount-import's schwab_csv,
 * beancount-reds-importers' Schwab positions, Export-To-Ghostfolio) and the sample in shared/import-samples.
 */
import { parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import { accountLabel, dateOf, earliestDate, entriesFromLegs, feeOf, type Leg, Problems, security, yahooTicker } from "./common.ts";
import { type CsvRow, findTable, headerKey, Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import {
  type BrokerFileParser,
  type CashTotal,
  emptyStatement,
  type PositionLine,
  type SourceFile,
  type Statement,
  type ValueTotal,
} from "./port.ts";

const HEADER = ["date", "action", "symbol", "description", "quantity", "price"];
const BUYS = new Set(["buy", "reinvest shares", "bought"]);
const SELLS = new Set(["sell", "sold"]);
const FREE = new Set(["stock div dist", "spin-off", "bonus shares", "stock dividend"]);
const SPLITS = new Set(["stock split", "reverse split"]);
const LEGS = /merger|name change|conversion|reorg|exchange|tender|redemption|symbol change/;
const MOVED = new Set(["journaled shares", "security transfer", "internal transfer", "stock plan activity", "shares in", "shares out"]);
const OPTION = / \d{2}\/\d{2}\/\d{4} [\d.]+ [CP]$/;
const CUSIP = /^[0-9]{3}[0-9A-Z]{5}[0-9]$/;

function table(file: SourceFile): Table | null {
  return findTable(file.rows(), (keys) => HEADER.every((h) => keys.includes(h)) && keys.includes("feescomm"), 3);
}

export class SchwabParser implements BrokerFileParser {
  readonly format = "schwab" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  read(file: SourceFile): Statement {
    const t = table(file) as Table;
    const problems = new Problems();
    const title = /for account\s+(.+?)\s+as of/i.exec(file.text.slice(0, 300));
    const account = title ? accountLabel(title[1]) : "";
    const entries: Entry[] = [];
    const legs: Leg[] = [];
    const statement = emptyStatement(this.format);
    let amounts = 0;
    for (const row of t.rows) {
      const rawDate = t.get(row, "Date");
      if (/total/i.test(rawDate)) {
        const stated = parseNumber(t.get(row, "Amount"));
        if (stated !== null) {
          statement.cash.push({
            account,
            label: "Transactions Total (sum of the Amount column)",
            stated,
            computed: amounts,
            line: row.line,
          });
        }
        continue;
      }
      amounts += parseNumber(t.get(row, "Amount")) ?? 0;
      const action = t.get(row, "Action").toLowerCase().replace(/\s+/g, " ");
      if (!action) continue;
      const symbol = t.get(row, "Symbol").toUpperCase();
      const q = parseNumber(t.get(row, "Quantity"));
      const moves =
        BUYS.has(action) ||
        SELLS.has(action) ||
        FREE.has(action) ||
        SPLITS.has(action) ||
        LEGS.test(action) ||
        MOVED.has(action) ||
        /to (open|close)$/.test(action);
      if (!moves) continue;
      if (OPTION.test(symbol) || /to (open|close)$/.test(action)) {
        problems.add(row, `options are not imported (${symbol})`);
        continue;
      }
      if (!symbol || q === null || q === 0) {
        // a journal or transfer without shares moves cash
        if (BUYS.has(action) || SELLS.has(action)) problems.add(row, `"${t.get(row, "Action")}" without a symbol or quantity`);
        continue;
      }
      const date = dateOf(rawDate, row, problems, "mdy");
      if (!date) continue;
      const name = t.get(row, "Description");
      const s = security(symbol, CUSIP.test(symbol) ? symbol : yahooTicker(symbol), name);
      const base = { ...s, account, at: date, line: row.line };
      const price = parseNumber(t.get(row, "Price"));
      const fee = feeOf(t.get(row, "Fees & Comm"));
      if (BUYS.has(action)) {
        if (price === null) problems.add(row, `no price for ${symbol}`);
        else entries.push({ ...base, kind: "buy", quantity: Math.abs(q), price, fee });
      } else if (SELLS.has(action)) entries.push({ ...base, kind: "sell", quantity: Math.abs(q), price, fee });
      else if (FREE.has(action)) entries.push({ ...base, kind: "bonus", quantity: Math.abs(q) });
      else if (SPLITS.has(action) && !(action === "reverse split" && t.rows.some((r) => isOtherLeg(t, r, row)))) {
        entries.push({ ...base, kind: "split", shares: q });
      } else if (MOVED.has(action)) {
        entries.push(q > 0 ? { ...base, kind: "transferIn", quantity: q, price } : { ...base, kind: "transferOut", quantity: -q });
      } else legs.push({ security: s, quantity: q, account, at: date, line: row.line, group: `${date}|${action}` });
    }
    entries.push(...entriesFromLegs(legs));
    const since = earliestDate(
      t.rows.map((r) => t.get(r, "Date")),
      "mdy",
    );
    return { ...statement, entries, since, errors: problems.list };
  }
}

/** A reverse split written as two legs: the new line positive, the old CUSIP negative, on one date. */
function isOtherLeg(t: Table, other: CsvRow, row: CsvRow): boolean {
  if (other === row) return false;
  return (
    t.get(other, "Action").toLowerCase() === t.get(row, "Action").toLowerCase() &&
    t.get(other, "Date") === t.get(row, "Date") &&
    Math.sign(parseNumber(t.get(other, "Quantity")) ?? 0) === -Math.sign(parseNumber(t.get(row, "Quantity")) ?? 0)
  );
}

const isPositionsHeader = (keys: string[]) =>
  keys[0] === "symbol" &&
  keys.includes("description") &&
  (keys.includes("quantity") || keys.includes("qtyquantity") || keys.includes("qty")) &&
  keys.some((k) => k === "marketvalue" || k === "mktvalmarketvalue" || k === "mktval");

export class SchwabPositionsParser implements BrokerFileParser {
  readonly format = "schwab" as const;

  detect(file: SourceFile): boolean {
    return (
      /^"?Positions for (account|all-accounts)/im.test(file.text.slice(0, 500)) && findTable(file.rows(), isPositionsHeader, 8) !== null
    );
  }

  read(file: SourceFile): Statement {
    const problems = new Problems();
    const positions: PositionLine[] = [];
    const values: ValueTotal[] = [];
    const cash: CashTotal[] = [];
    let account = "";
    let asOf: string | null = null;
    let t: Table | null = null;
    let besides = 0;
    const accounts: string[] = [];
    for (const row of file.rows()) {
      const first = row.cells[0] ?? "";
      const title = /Positions for (?:account\s+)?(.+?)\s+as of\s+(.+)$/i.exec(first);
      if (title) {
        account = /all-accounts/i.test(title[1]) ? "" : accountLabel(title[1]);
        const dates = title[2].match(/\d{4}\/\d{1,2}\/\d{1,2}|\d{1,2}\/\d{1,2}\/\d{4}/g);
        asOf = dates ? parseDate(dates[dates.length - 1], "mdy") : asOf;
        continue;
      }
      const keys = row.cells.map(headerKey);
      if (isPositionsHeader(keys)) {
        t = new Table(row, []);
        besides = 0;
        if (!accounts.includes(account)) accounts.push(account);
        continue;
      }
      if (row.cells.filter((c) => c !== "").length === 1 && !/total/i.test(first)) {
        // the all-accounts export names each account on a line of its own
        account = accountLabel(first);
        continue;
      }
      if (!t) continue;
      const value = parseNumber(t.get(row, "Market Value", "Mkt Val (Market Value)", "Mkt Val"));
      if (/^account total/i.test(first)) {
        if (value !== null) values.push({ account, label: "Account Total", stated: value, besides, line: row.line });
        continue;
      }
      const type = t.get(row, "Security Type");
      if (/^cash/i.test(first) || /cash and money market/i.test(type)) {
        if (value !== null) {
          besides += value;
          cash.push({ account, label: first, stated: value, computed: null, line: row.line });
        }
        continue;
      }
      const symbol = first.toUpperCase();
      const quantity = parseNumber(t.get(row, "Quantity", "Qty (Quantity)", "Qty"));
      if (/option/i.test(type) || OPTION.test(symbol)) {
        besides += value ?? 0;
        problems.add(row, `options are not imported (${symbol})`);
        continue;
      }
      if (quantity === null || quantity === 0) {
        besides += value ?? 0;
        problems.add(row, `no quantity for ${symbol}`);
        continue;
      }
      if (quantity < 0) {
        besides += value ?? 0;
        problems.add(row, `short position in ${symbol} not imported`);
        continue;
      }
      const costBasis = parseNumber(t.get(row, "Cost Basis"));
      positions.push({
        account,
        key: symbol,
        ticker: yahooTicker(symbol),
        name: t.get(row, "Description"),
        quantity,
        averageCost: costBasis !== null && costBasis > 0 ? costBasis / quantity : null,
        price: parseNumber(t.get(row, "Price")),
        value,
        line: row.line,
      });
    }
    return {
      ...emptyStatement(this.format),
      positions,
      positionAccounts: accounts,
      asOf,
      values,
      cash,
      errors: problems.list,
    };
  }
}
