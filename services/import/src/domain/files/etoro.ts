/**
 * eToro account statement, "Account Activity" sheet saved as CSV: `Date,Type,Details,Amount,Units,Realized
 * Equity Change,Realized Equity,Balance,Position ID,Asset type,NWA`, dates `DD/MM/YYYY HH:MM:SS`, numbers in
 * US or European form (`"4,581.91"`, `" 1 757,95 "`, `(0,10)`). `Open Position` buys Units of the Details
 * instrument (`NKE/USD` → NKE; crypto `BTC/USD` → BTC-USD) at Amount ÷ Units; `Position closed` sells its
 * Units. CFD positions are contracts, not holdings, and are skipped. Dividends, interest, fees, deposits and
 * withdrawals are cash.
 */
import { parseNumber } from "../numbers.ts";
import { dateOf, Problems, quantityOf } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import { type Movement, positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ParseResult, SourceFile } from "./port.ts";

const table = (file: SourceFile) =>
  findTable(file.rows(), (k) => k[0] === "date" && k.includes("details") && k.includes("units") && k.includes("positionid"), 3);

export class EtoroParser implements BrokerFileParser {
  readonly format = "etoro" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  parse(file: SourceFile): ParseResult {
    const t = table(file) as Table;
    const problems = new Problems();
    const movements: Movement[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "Type").toLowerCase();
      const opens = type === "open position";
      if (!opens && type !== "position closed") continue;
      const assetType = t.get(row, "Asset type");
      if (/cfd/i.test(assetType)) continue;
      const [base, quote] = t.get(row, "Details").toUpperCase().split("/");
      const ticker = /crypto/i.test(assetType) ? `${base}-${quote || "USD"}` : base;
      const date = dateOf(t.get(row, "Date"), row, problems, "dmy");
      const units = quantityOf(t.get(row, "Units"), row, problems, t.get(row, "Details"));
      if (!date || units === null || !base) continue;
      const at = `${date}T${t.get(row, "Date").split(" ")[1] ?? ""}`;
      const common = { key: ticker, ticker, name: "", account: "", at, line: row.line };
      if (opens) {
        const amount = Math.abs(parseNumber(t.get(row, "Amount")) ?? 0);
        movements.push({ ...common, kind: "buy", quantity: units, price: amount / units });
      } else movements.push({ ...common, kind: "sell", quantity: units });
    }
    const { rows, errors } = positionsFrom(movements, problems.list);
    return { format: this.format, rows, errors };
  }
}
