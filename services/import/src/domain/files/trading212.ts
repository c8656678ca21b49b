/**
 * Trading 212 history export (History → Export CSV): `Action,Time,ISIN,Ticker,Name,No. of shares,
 * Price / share,Currency (Price / share),…` (columns vary with the options chosen; they are found by name).
 * `Market buy`, `Limit buy`, `Stop buy`… buy at Price / share; `… sell` sells; `Stock distribution` adds
 * shares at no cost; `Stock split close` / `Stock split open` on one security state the share count before and
 * after: an exchange of the one for the other (right even when the history starts after the first buy);
 * `Transfer in`/`Transfer out` add or remove shares. Deposits, withdrawals, dividends, interest on cash and
 * currency conversion are cash. The ISIN is the key (a ticker can change), the Ticker the ticker (with Yahoo's
 * `.L` for a London line: one quoted in pence or pounds).
 */
import { parseNumber } from "../numbers.ts";
import { dateOf, feeOf, marketTicker, Problems, quantityOf, stamp } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type SourceFile, type Statement } from "./port.ts";

const table = (file: SourceFile) =>
  findTable(file.rows(), (k) => k[0] === "action" && k.includes("time") && k.includes("noofshares") && k.includes("priceshare"), 2);

export class Trading212Parser implements BrokerFileParser {
  readonly format = "trading212" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  read(file: SourceFile): Statement {
    const t = table(file) as Table;
    const problems = new Problems();
    const entries: Entry[] = [];
    const splitClose = new Map<string, Entry & { kind: "sell" }>();
    for (const row of t.rows) {
      const action = t.get(row, "Action").toLowerCase();
      const movesShares = /( buy| sell)$|^stock distribution|^stock split (open|close)|^transfer (in|out)/.test(action);
      if (!movesShares) continue;
      const ticker = t.get(row, "Ticker").toUpperCase();
      const date = dateOf(t.get(row, "Time"), row, problems, "dmy");
      const quantity = quantityOf(t.get(row, "No. of shares"), row, problems, `${t.get(row, "Action")} ${t.get(row, "Ticker")}`);
      if (!date || quantity === null || !ticker) continue;
      const base = {
        key: t.get(row, "ISIN") || ticker,
        ticker: marketTicker(ticker, { currency: t.get(row, "Currency (Price / share)") }),
        currency: t.get(row, "Currency (Price / share)").toUpperCase().replace("GBX", "GBP"),
        name: t.get(row, "Name"),
        account: "",
        at: stamp(date, t.get(row, "Time")),
        line: row.line,
      };
      const price = parseNumber(t.get(row, "Price / share"));
      const fee = feeOf(t.get(row, "Currency conversion fee"), t.get(row, "Stamp duty reserve tax"), t.get(row, "Transaction fee"));
      if (action.endsWith(" buy")) entries.push({ ...base, kind: "buy", quantity, price: price ?? 0, fee });
      else if (action === "transfer in") entries.push({ ...base, kind: "transferIn", quantity, price: price || null });
      else if (action.endsWith(" sell")) entries.push({ ...base, kind: "sell", quantity, price, fee });
      else if (action === "transfer out") entries.push({ ...base, kind: "transferOut", quantity });
      else if (action === "stock distribution") entries.push({ ...base, kind: "bonus", quantity });
      else if (action === "stock split close") splitClose.set(base.key, { ...base, kind: "sell", quantity });
      else {
        const old = splitClose.get(base.key);
        if (old) {
          entries.push({
            ...base,
            kind: "exchange",
            from: { key: old.key, ticker: old.ticker, name: old.name },
            fromQuantity: old.quantity,
            quantity,
          });
          splitClose.delete(base.key);
        } else problems.add(row, `a split of ${ticker} without the matching "Stock split close" row`);
      }
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }
}
