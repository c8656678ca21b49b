/**
 * eToro account statement, "Account Activity" sheet saved as CSV: `Date,Type,Details,Amount,Units,Realized
 * Equity Change,Realized Equity,Balance,Position ID,Asset type,NWA`, dates `DD/MM/YYYY HH:MM:SS`, numbers in
 * US or European form (`"4,581.91"`, `" 1 757,95 "`, `(0,10)`). `Open Position` buys Units of the Details
 * instrument (`NKE/USD` → NKE; crypto `BTC/USD` → BTC-USD) at Amount ÷ Units; `Position closed` sells its
 * Units (a partial close sells what it states). CFD positions are contracts, not holdings, and are skipped.
 * Dividends, interest, fees, deposits and withdrawals are cash.
 */
import { parseNumber } from "../numbers.ts";
import { cryptoTicker, dateOf, Problems, quantityOf, stamp } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type SourceFile, type Statement } from "./port.ts";

const table = (file: SourceFile) =>
  findTable(file.rows(), (k) => k[0] === "date" && k.includes("details") && k.includes("units") && k.includes("positionid"), 3);

export class EtoroParser implements BrokerFileParser {
  readonly format = "etoro" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  read(file: SourceFile): Statement {
    const t = table(file) as Table;
    const problems = new Problems();
    const entries: Entry[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "Type").toLowerCase();
      const opens = type === "open position";
      if (!opens && type !== "position closed") continue;
      const assetType = t.get(row, "Asset type");
      if (/cfd/i.test(assetType)) continue;
      const [base] = t.get(row, "Details").toUpperCase().split("/");
      const ticker = /crypto/i.test(assetType) ? cryptoTicker(base) : base;
      const date = dateOf(t.get(row, "Date"), row, problems, "dmy");
      const units = quantityOf(t.get(row, "Units"), row, problems, t.get(row, "Details"));
      if (!date || units === null || !base) continue;
      const common = { key: ticker, ticker, name: "", account: "", at: stamp(date, t.get(row, "Date")), line: row.line };
      const amount = Math.abs(parseNumber(t.get(row, "Amount")) ?? 0);
      if (opens) entries.push({ ...common, kind: "buy", quantity: units, price: amount / units });
      else entries.push({ ...common, kind: "sell", quantity: units, price: null });
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }
}
