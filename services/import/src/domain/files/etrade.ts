/**
 * E*TRADE, two downloads:
 * - Transaction history (`DownloadTxnHistory.csv`): a `For Account:,####1234` line, a blank line, then
 *   `TransactionDate,TransactionType,SecurityType,Symbol,Quantity,Amount,Price,Commission,Description` with
 *   two-digit-year US dates (`04/05/23`). The newer "All transactions" download has `Activity/Trade Date,
 *   Transaction Date,Settlement Date,Activity Type,Description,Symbol,Cusip,Quantity #,Price $,Amount $,
 *   Commission,…`. Bought/Sold move shares at Price (Commission kept as the fee); a Dividend or Reinvestment
 *   row with shares is a reinvested dividend, bought at Price (else |Amount| ÷ shares); Split/Stock split adds
 *   the shares it names; Transfer, Adjustment, Journal and Receive/Deliver rows with shares move them by
 *   their sign; Reorganization, Merger, Exchange, Spin-off and Conversion rows are corporate-action legs
 *   signed by their quantity; the rest is cash. Options (SecurityType OPTN/OPT) are not imported.
 * - Portfolio download (`PortfolioDownload.csv`): an `Account Summary` block (`Account,Net Account Value,…`),
 *   then `Symbol,Last Price $,Change $,Change %,Quantity,Price Paid $,Day's Gain $,Total Gain $,Total Gain %,
 *   Value $` rows, a `CASH` row and a `TOTAL` row, and `Generated at Mar 15 2024 10:44 AM ET`. Each holding is
 *   a position at its Price Paid; TOTAL (and the Net Account Value) are checked against the rows.
 * Formats from E*TRADE's downloads as shown in open-source importers' fixtures (beancount E*TRADE importers,
 * portfolio tools that read PortfolioDownload.csv).
 */
import { parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import { accountLabel, dateOf, earliestDate, entriesFromLegs, feeOf, type Leg, Problems, security, yahooTicker } from "./common.ts";
import { findTable, headerKey, type Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type PositionLine, type SourceFile, type Statement, type ValueTotal } from "./port.ts";

const table = (file: SourceFile) =>
  findTable(
    file.rows(),
    (k) =>
      (k[0] === "transactiondate" && k.includes("transactiontype") && k.includes("securitytype")) ||
      (k[0] === "activitytradedate" && k.includes("activitytype")),
    6,
  );

const CORPORATE = /reorg|merger|exchange|spin|conversion|name change|symbol change/;

export class EtradeParser implements BrokerFileParser {
  readonly format = "etrade" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  read(file: SourceFile): Statement {
    const t = table(file) as Table;
    const problems = new Problems();
    const banner = /^For Account:?,\s*"?([^",\n]+)/im.exec(file.text.slice(0, 200));
    const account = banner ? accountLabel(banner[1]) : "";
    const entries: Entry[] = [];
    const legs: Leg[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "TransactionType", "Activity Type").toLowerCase();
      const symbol = t.get(row, "Symbol").toUpperCase();
      const q = parseNumber(t.get(row, "Quantity", "Quantity #"));
      if (!symbol || q === null || q === 0) continue;
      if (/^opt/i.test(t.get(row, "SecurityType")) || /--/.test(symbol) || /\b(call|put)\b/i.test(t.get(row, "Description"))) {
        problems.add(row, `options are not imported (${symbol})`);
        continue;
      }
      const date = dateOf(t.get(row, "TransactionDate", "Activity/Trade Date"), row, problems, "mdy");
      if (!date) continue;
      const s = security(symbol, yahooTicker(symbol), t.get(row, "Description").replace(/\s{2,}.*/, ""));
      const base = { ...s, account, at: date, line: row.line };
      const price = parseNumber(t.get(row, "Price", "Price $"));
      const amount = parseNumber(t.get(row, "Amount", "Amount $")) ?? 0;
      const fee = feeOf(t.get(row, "Commission"));
      if (/^(bought|buy)/.test(type)) entries.push({ ...base, kind: "buy", quantity: Math.abs(q), price: price ?? 0, fee });
      else if (/^(sold|sell)/.test(type)) entries.push({ ...base, kind: "sell", quantity: Math.abs(q), price, fee });
      else if (/dividend|reinvest/.test(type) && q > 0)
        entries.push({ ...base, kind: "buy", quantity: q, price: price && price > 0 ? price : amount < 0 ? -amount / q : 0 });
      else if (/split/.test(type)) entries.push({ ...base, kind: "split", shares: q });
      else if (CORPORATE.test(type)) legs.push({ security: s, quantity: q, account, at: date, line: row.line, group: `${date}|${type}` });
      else if (/transfer|adjustment|journal|receive|deliver/.test(type))
        entries.push(q > 0 ? { ...base, kind: "transferIn", quantity: q, price } : { ...base, kind: "transferOut", quantity: -q });
    }
    entries.push(...entriesFromLegs(legs));
    const since = earliestDate(
      t.rows.map((r) => t.get(r, "TransactionDate", "Activity/Trade Date")),
      "mdy",
    );
    return { ...emptyStatement(this.format), entries, since, errors: problems.list };
  }
}

const positionsTable = (file: SourceFile) =>
  findTable(file.rows(), (k) => k[0] === "symbol" && k.includes("lastprice") && k.includes("quantity") && k.includes("pricepaid"), 30);

export class EtradePortfolioParser implements BrokerFileParser {
  readonly format = "etrade" as const;

  detect(file: SourceFile): boolean {
    return positionsTable(file) !== null;
  }

  read(file: SourceFile): Statement {
    const t = positionsTable(file) as Table;
    const problems = new Problems();
    const statement = emptyStatement(this.format);
    const rows = file.rows();
    // the Account Summary block: its first data row names the account and its net value
    let account = "";
    const summary = rows.findIndex((r) => headerKey(r.cells[0] ?? "") === "account" && r.cells.map(headerKey).includes("netaccountvalue"));
    const values: ValueTotal[] = [];
    let netValue: { stated: number; line: number } | null = null;
    if (summary >= 0 && rows[summary + 1]) {
      const header = rows[summary].cells.map(headerKey);
      const data = rows[summary + 1];
      account = accountLabel(data.cells[0] ?? "");
      const v = parseNumber(data.cells[header.indexOf("netaccountvalue")] ?? "");
      if (v !== null) netValue = { stated: v, line: data.line };
    }
    const generated = /Generated at\s+([A-Za-z]{3}) (\d{1,2}),? (\d{4})/i.exec(file.text);
    statement.asOf = generated ? parseDate(`${generated[1]} ${generated[2]} ${generated[3]}`) : null;
    const positions: PositionLine[] = [];
    let besides = 0;
    for (const row of t.rows) {
      const symbol = t.get(row, "Symbol").toUpperCase();
      const value = parseNumber(t.get(row, "Value $", "Value"));
      if (!symbol || /^generated/i.test(symbol)) continue;
      if (symbol === "TOTAL") {
        if (value !== null) values.push({ account, label: "TOTAL", stated: value, besides, line: row.line });
        continue;
      }
      if (symbol === "CASH") {
        besides += value ?? 0;
        if (value !== null) statement.cash.push({ account, label: "CASH", stated: value, computed: null, line: row.line });
        continue;
      }
      const quantity = parseNumber(t.get(row, "Quantity"));
      if (quantity === null || quantity <= 0 || /\b(call|put)\b/i.test(symbol)) {
        besides += value ?? 0;
        problems.add(row, quantity !== null && quantity < 0 ? `short position in ${symbol} not imported` : `${symbol} is not imported`);
        continue;
      }
      positions.push({
        account,
        key: symbol,
        ticker: yahooTicker(symbol),
        name: "",
        quantity,
        averageCost: parseNumber(t.get(row, "Price Paid $", "Price Paid")),
        price: parseNumber(t.get(row, "Last Price $", "Last Price")),
        value,
        line: row.line,
      });
    }
    if (netValue) values.push({ account, label: "Net Account Value", stated: netValue.stated, besides, line: netValue.line });
    return { ...statement, positions, positionAccounts: [account], values, errors: problems.list };
  }
}
