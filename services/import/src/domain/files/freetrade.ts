/**
 * Freetrade activity export (Activity → Export CSV): `Title,Type,Timestamp,Account Currency,Total Amount,
 * Buy / Sell,Ticker,ISIN,Price per Share in Account Currency,Stamp Duty,Quantity,…,Price per Share,…`.
 * `ORDER` and `FREESHARE_ORDER` rows buy or sell Quantity (by `Buy / Sell`) at Price per Share (the
 * instrument's currency, matching its quoted price); a free share is bought at its price on the day; stamp
 * duty and the FX fee are the fee. Top-ups, withdrawals, dividends, interest, statements and other cash rows
 * are ignored. A line on the London Stock Exchange (its Venue, else a price in pounds) gets Yahoo's `.L`.
 */
import { parseNumber } from "../numbers.ts";
import { dateOf, feeOf, marketTicker, Problems, quantityOf, stamp } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type SourceFile, type Statement } from "./port.ts";

const table = (file: SourceFile) =>
  findTable(file.rows(), (k) => k[0] === "title" && k.includes("type") && k.includes("buysell") && k.includes("ticker"), 2);

export class FreetradeParser implements BrokerFileParser {
  readonly format = "freetrade" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  read(file: SourceFile): Statement {
    const t = table(file) as Table;
    const problems = new Problems();
    const entries: Entry[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "Type").toUpperCase();
      if (type !== "ORDER" && type !== "FREESHARE_ORDER") continue;
      const ticker = t.get(row, "Ticker").toUpperCase();
      const side = t.get(row, "Buy / Sell").toUpperCase();
      const date = dateOf(t.get(row, "Timestamp"), row, problems, "dmy");
      const quantity = quantityOf(t.get(row, "Quantity"), row, problems, t.get(row, "Ticker"));
      if (!date || quantity === null || !ticker) continue;
      const venue = t.get(row, "Venue");
      const base = {
        key: t.get(row, "ISIN") || ticker,
        ticker: marketTicker(ticker, { exchange: /multiple/i.test(venue) ? "US" : venue, currency: t.get(row, "Instrument Currency") }),
        currency: t.get(row, "Instrument Currency").toUpperCase(),
        name: t.get(row, "Title"),
        account: "",
        at: stamp(date, t.get(row, "Timestamp").replace("T", " ")),
        line: row.line,
      };
      const price = parseNumber(t.get(row, "Price per Share")) ?? parseNumber(t.get(row, "Price per Share in Account Currency"));
      const fee = feeOf(t.get(row, "Stamp Duty"), t.get(row, "FX Fee Amount"));
      if (side === "SELL") entries.push({ ...base, kind: "sell", quantity, price, fee });
      else if (price === null) problems.add(row, `no price for ${ticker}`);
      else entries.push({ ...base, kind: "buy", quantity, price, fee });
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }
}
