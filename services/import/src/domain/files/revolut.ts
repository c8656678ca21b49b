/**
 * Revolut trading account statement (Stocks → … → Documents → Account statement, Excel/CSV): `Date,Ticker,
 * Type,Quantity,Price per share,Total Amount,Currency,FX Rate`, ISO timestamps, amounts with a currency sign
 * (`$52.07`, `€88.94`), quantities sometimes with a decimal comma (`"0,76672417"`). `BUY - MARKET`/`BUY - LIMIT`
 * buy at Price per share, `SELL - …` sell, `STOCK SPLIT` adds the shares it states (a split: the ratio follows
 * from the holding), `SPINOFF`/`STOCK DIVIDEND` add shares at no cost, `TRANSFER IN/OUT` (to or from another
 * broker) move shares. Transfers between Revolut's own companies (`TRANSFER FROM REVOLUT … TO REVOLUT …`)
 * re-register the same shares and change nothing; cash top-ups, withdrawals, dividends and custody fees are
 * cash.
 */
import { parseNumber } from "../numbers.ts";
import { dateOf, Problems, quantityOf, stamp } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type SourceFile, type Statement } from "./port.ts";

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

  read(file: SourceFile): Statement {
    const t = table(file) as Table;
    const problems = new Problems();
    const entries: Entry[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "Type").toUpperCase();
      if (/^TRANSFER FROM REVOLUT .* TO REVOLUT/.test(type)) continue;
      const kind = type.startsWith("BUY")
        ? "buy"
        : type.startsWith("SELL")
          ? "sell"
          : type === "STOCK SPLIT"
            ? "split"
            : /^(SPINOFF|SPIN-OFF|STOCK DIVIDEND)/.test(type)
              ? "bonus"
              : /^TRANSFER (IN|FROM)/.test(type)
                ? "transferIn"
                : /^TRANSFER (OUT|TO)/.test(type)
                  ? "transferOut"
                  : null;
      if (!kind) continue;
      const ticker = t.get(row, "Ticker").toUpperCase();
      const date = dateOf(t.get(row, "Date"), row, problems, "dmy");
      const raw = parseNumber(t.get(row, "Quantity"));
      const quantity = quantityOf(t.get(row, "Quantity"), row, problems, t.get(row, "Ticker"));
      if (!date || quantity === null || raw === null || !ticker) continue;
      const currency = t.get(row, "Currency").toUpperCase();
      const base = { key: ticker, ticker, name: "", currency, account: "", at: stamp(date, t.get(row, "Date")), line: row.line };
      const price = parseNumber(t.get(row, "Price per share"));
      if (kind === "buy") {
        if (price === null) problems.add(row, `no price for ${ticker}`);
        else entries.push({ ...base, kind, quantity, price });
      } else if (kind === "sell") entries.push({ ...base, kind, quantity, price });
      else if (kind === "split") entries.push({ ...base, kind, shares: raw });
      else if (kind === "bonus") entries.push({ ...base, kind, quantity });
      else if (kind === "transferIn") entries.push({ ...base, kind, quantity, price });
      else entries.push({ ...base, kind, quantity });
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }
}
