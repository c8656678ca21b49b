/**
 * E*TRADE transaction history (`DownloadTxnHistory.csv`): a `For Account:,####1234` line, a blank line, then
 * `TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,Description` with
 * two-digit-year US dates (`04/05/23`). The newer "All transactions" download has `Activity/Trade Date,
 * Transaction Date,Settlement Date,Activity Type,Description,Symbol,Cusip,Quantity #,Price $,Amount $,…`.
 * Bought/Sold move shares at Price; a Dividend (or Reinvestment) row with shares and a negative Amount is a
 * reinvested dividend, bought at |Amount| ÷ shares; Transfer/Adjustment rows with shares add or remove them;
 * the rest is cash. Options (SecurityType OPTN/OPT) are not imported.
 * Format from E*TRADE's download as shown in open-source importers' fixtures (beancount E*TRADE importers,
 * portfolio importers' tests).
 */
import { parseNumber } from "../numbers.ts";
import { accountLabel, dateOf, Problems } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import { type Movement, positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ParseResult, SourceFile } from "./port.ts";

const table = (file: SourceFile) =>
  findTable(
    file.rows(),
    (k) =>
      (k[0] === "transactiondate" && k.includes("transactiontype") && k.includes("securitytype")) ||
      (k[0] === "activitytradedate" && k.includes("activitytype")),
    6,
  );

export class EtradeParser implements BrokerFileParser {
  readonly format = "etrade" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  parse(file: SourceFile): ParseResult {
    const t = table(file) as Table;
    const problems = new Problems();
    const banner = /^For Account:?,\s*"?([^",\r\n]+)/im.exec(file.text.slice(0, 200));
    const account = banner ? accountLabel(banner[1]) : "";
    const movements: Movement[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "TransactionType", "Activity Type").toLowerCase();
      const symbol = t.get(row, "Symbol").toUpperCase();
      const q = parseNumber(t.get(row, "Quantity", "Quantity #"));
      if (!symbol || q === null || q === 0) continue;
      if (/^opt/i.test(t.get(row, "SecurityType")) || /--/.test(symbol)) {
        problems.add(row, `options are not imported (${symbol})`);
        continue;
      }
      const date = dateOf(t.get(row, "TransactionDate", "Activity/Trade Date"), row, problems, "mdy");
      if (!date) continue;
      const base = {
        key: symbol,
        ticker: symbol,
        name: t.get(row, "Description").replace(/\s{2,}.*/, ""),
        account,
        at: date,
        line: row.line,
      };
      const price = parseNumber(t.get(row, "Price", "Price $")) ?? 0;
      const amount = parseNumber(t.get(row, "Amount", "Amount $")) ?? 0;
      if (/^(bought|buy)/.test(type)) movements.push({ ...base, kind: "buy", quantity: Math.abs(q), price });
      else if (/^(sold|sell)/.test(type)) movements.push({ ...base, kind: "sell", quantity: Math.abs(q) });
      else if (/dividend|reinvest/.test(type) && q > 0)
        movements.push({ ...base, kind: "buy", quantity: q, price: price > 0 ? price : amount < 0 ? -amount / q : 0 });
      else if (/transfer|adjustment|journal/.test(type))
        movements.push(q > 0 ? { ...base, kind: "buy", quantity: q, price } : { ...base, kind: "sell", quantity: -q });
      else if (/split/.test(type) && q > 0) movements.push({ ...base, kind: "buy", quantity: q, price: 0 });
    }
    const { rows, errors } = positionsFrom(movements, problems.list);
    return { format: this.format, rows, errors };
  }
}
