/**
 * Revolut trading account statement (Stocks → … → Documents → Account statement, Excel/CSV): `Date,Ticker,
 * Type,Quantity,Price per share,Total Amount,Currency,FX Rate`, ISO timestamps, amounts with a currency sign
 * (`$52.07`, `€88.94`), quantities sometimes with a decimal comma (`"0,76672417"`). `BUY - MARKET`/`BUY - LIMIT`
 * buy at Price per share, `SELL - …` sell, `STOCK SPLIT` adds the given shares at no cost. Transfers between
 * Revolut's own companies (`TRANSFER FROM REVOLUT … TO REVOLUT …`) re-register the same shares and change
 * nothing; cash top-ups, withdrawals, dividends and custody fees are cash.
 */
import { parseNumber } from "../numbers.ts";
import { dateOf, Problems, quantityOf } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import { type Movement, positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ParseResult, SourceFile } from "./port.ts";

const table = (file: SourceFile) =>
  findTable(
    file.rows(),
    (k) => k[0] === "date" && k.includes("ticker") && k.includes("type") && k.includes("pricepershare") && k.includes("totalamount"),
    2,
  );

export class RevolutParser implements BrokerFileParser {
  readonly format = "revolut" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  parse(file: SourceFile): ParseResult {
    const t = table(file) as Table;
    const problems = new Problems();
    const movements: Movement[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "Type").toUpperCase();
      const kind = type.startsWith("BUY") ? "buy" : type.startsWith("SELL") ? "sell" : type === "STOCK SPLIT" ? "split" : null;
      if (!kind) continue;
      const ticker = t.get(row, "Ticker").toUpperCase();
      const date = dateOf(t.get(row, "Date"), row, problems, "dmy");
      const quantity = quantityOf(t.get(row, "Quantity"), row, problems, t.get(row, "Ticker"));
      if (!date || quantity === null || !ticker) continue;
      const base = { key: ticker, ticker, name: "", account: "", at: t.get(row, "Date"), line: row.line };
      if (kind === "buy") {
        const price = parseNumber(t.get(row, "Price per share"));
        if (price === null) problems.add(row, `no price for ${ticker}`);
        else movements.push({ ...base, kind, quantity, price });
      } else if (kind === "sell") movements.push({ ...base, kind, quantity });
      else movements.push({ ...base, kind: "buy", quantity, price: 0 });
    }
    const { rows, errors } = positionsFrom(movements, problems.list);
    return { format: this.format, rows, errors };
  }
}
