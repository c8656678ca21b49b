/**
 * Trading 212 history export (History → Export CSV): `Action,Time,ISIN,Ticker,Name,No. of shares,
 * Price / share,Currency (Price / share),…` (columns vary with the options chosen; they are found by name).
 * `Market buy`, `Limit buy`, `Stop buy`… buy at Price / share; `… sell` sells; `Stock distribution` adds shares
 * at no cost; `Stock split close` / `Stock split open` on one ticker become a split by new ÷ old shares;
 * `Transfer in`/`Transfer out` add or remove shares. Deposits, withdrawals, dividends, interest on cash and
 * currency conversion are cash.
 */
import { parseNumber } from "../numbers.ts";
import { dateOf, Problems, quantityOf } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import { type Movement, positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ParseResult, SourceFile } from "./port.ts";

const table = (file: SourceFile) =>
  findTable(file.rows(), (k) => k[0] === "action" && k.includes("time") && k.includes("noofshares") && k.includes("priceshare"), 2);

export class Trading212Parser implements BrokerFileParser {
  readonly format = "trading212" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  parse(file: SourceFile): ParseResult {
    const t = table(file) as Table;
    const problems = new Problems();
    const movements: Movement[] = [];
    const splitClose = new Map<string, number>();
    for (const row of t.rows) {
      const action = t.get(row, "Action").toLowerCase();
      const movesShares = /( buy| sell)$|^stock distribution|^stock split (open|close)|^transfer (in|out)/.test(action);
      if (!movesShares) continue;
      const ticker = t.get(row, "Ticker").toUpperCase();
      const date = dateOf(t.get(row, "Time"), row, problems, "dmy");
      const quantity = quantityOf(t.get(row, "No. of shares"), row, problems, `${t.get(row, "Action")} ${t.get(row, "Ticker")}`);
      if (!date || quantity === null || !ticker) continue;
      const at = t.get(row, "Time").replace(" ", "T");
      const base = {
        key: t.get(row, "ISIN") || ticker,
        ticker,
        name: t.get(row, "Name"),
        account: "",
        at: at.startsWith(date) ? at : date,
        line: row.line,
      };
      const price = parseNumber(t.get(row, "Price / share")) ?? 0;
      if (action.endsWith(" buy") || action === "transfer in") movements.push({ ...base, kind: "buy", quantity, price });
      else if (action.endsWith(" sell") || action === "transfer out") movements.push({ ...base, kind: "sell", quantity });
      else if (action === "stock distribution") movements.push({ ...base, kind: "buy", quantity, price: 0 });
      else if (action === "stock split close") splitClose.set(base.key, quantity);
      else {
        const old = splitClose.get(base.key);
        if (old) movements.push({ ...base, kind: "split", ratio: quantity / old });
        else problems.add(row, `a split of ${ticker} without the matching "Stock split close" row`);
      }
    }
    const { rows, errors } = positionsFrom(movements, problems.list);
    return { format: this.format, rows, errors };
  }
}
