/**
 * Charles Schwab transaction history (History → Export → CSV): `Date,Action,Symbol,Description,Quantity,Price,
 * Fees & Comm,Amount`, month-first dates (`07/15/2024 as of 07/12/2024`), US numbers with `$`, an optional
 * title line `"Transactions for account XXXX-1234 as of …"` and a closing `Transactions Total` row.
 * Buy, Sell, Reinvest Shares move shares at their price; Stock Split, Stock Div Dist and Spin-off add the
 * given shares at no cost; Reverse Split, Stock Merger, Name Change and Conversion come as a pair on one date
 * (old identifier negative, new positive) and become a conversion; Journaled Shares and Security Transfer add
 * or remove shares. Every other action (dividends, interest, fees, transfers of cash) moves only cash.
 */
import { parseNumber } from "../numbers.ts";
import { accountLabel, dateOf, Problems } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import type { Movement } from "./ledger.ts";
import { positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ParseResult, SourceFile } from "./port.ts";

const HEADER = ["date", "action", "symbol", "description", "quantity", "price"];
const BUYS = new Set(["buy", "reinvest shares", "buy to open", "bought"]);
const SELLS = new Set(["sell", "sell short", "sold"]);
const FREE_SHARES = new Set(["stock split", "stock div dist", "spin-off", "bonus shares"]);
const PAIRED = new Set(["reverse split", "stock merger", "name change", "conversion", "exchange or exercise"]);
const MOVED = new Set(["journaled shares", "security transfer", "internal transfer"]);

function table(file: SourceFile): Table | null {
  return findTable(file.rows(), (keys) => HEADER.every((h) => keys.includes(h)) && keys.includes("feescomm"), 3);
}

export class SchwabParser implements BrokerFileParser {
  readonly format = "schwab" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  parse(file: SourceFile): ParseResult {
    const t = table(file) as Table;
    const problems = new Problems();
    const title = /for account\s+(.+?)\s+as of/i.exec(file.text.slice(0, 300));
    const account = title ? accountLabel(title[1]) : "";
    const movements: Movement[] = [];
    const pairs = new Map<string, { row: (typeof t.rows)[number]; symbol: string; name: string; q: number; date: string }[]>();
    for (const row of t.rows) {
      const action = t.get(row, "Action").toLowerCase();
      const rawDate = t.get(row, "Date");
      if (/total/i.test(rawDate) || !action) continue;
      const symbol = t.get(row, "Symbol").toUpperCase();
      const q = parseNumber(t.get(row, "Quantity"));
      const moves = BUYS.has(action) || SELLS.has(action) || FREE_SHARES.has(action) || PAIRED.has(action) || MOVED.has(action);
      if (!moves) continue;
      if (/ \d{2}\/\d{2}\/\d{4} /.test(symbol)) {
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
      const base = { key: symbol, ticker: symbol.replace(".", "-"), name, account, at: date, line: row.line };
      if (BUYS.has(action)) {
        const price = parseNumber(t.get(row, "Price"));
        if (price === null) problems.add(row, `no price for ${symbol}`);
        else movements.push({ ...base, kind: "buy", quantity: Math.abs(q), price });
      } else if (SELLS.has(action)) movements.push({ ...base, kind: "sell", quantity: Math.abs(q) });
      else if (FREE_SHARES.has(action)) movements.push({ ...base, kind: "buy", quantity: Math.abs(q), price: 0 });
      else if (MOVED.has(action)) {
        const price = parseNumber(t.get(row, "Price")) ?? 0;
        movements.push(q > 0 ? { ...base, kind: "buy", quantity: q, price } : { ...base, kind: "sell", quantity: -q });
      } else {
        const key = `${date}|${action}`;
        pairs.set(key, [...(pairs.get(key) ?? []), { row, symbol, name, q, date }]);
      }
    }
    for (const legs of pairs.values()) {
      const gone = legs.find((l) => l.q < 0);
      const came = legs.find((l) => l.q > 0);
      if (!came) continue;
      movements.push({
        kind: "convert",
        key: came.symbol,
        fromKey: gone?.symbol ?? came.symbol,
        ticker: came.symbol.replace(".", "-"),
        name: came.name,
        account,
        at: came.date,
        line: came.row.line,
        quantity: came.q,
      });
    }
    const { rows, errors } = positionsFrom(movements, problems.list);
    return { format: this.format, rows, errors };
  }
}
