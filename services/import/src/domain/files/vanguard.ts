/**
 * Vanguard's download (Download center → CSV, named `OfxDownload.csv`): up to two tables one after the other,
 * separated by a blank line, rows often ending in a trailing comma:
 * 1. holdings `Account Number,Investment Name,Symbol,Shares,Share Price,Total Value`
 * 2. transactions `Account Number,Trade Date,Settlement Date,Transaction Type,Transaction Description,
 *    Investment Name,Symbol,Shares,Share Price,Principal Amount,Commission(s) (and) Fees,Net Amount,…`
 * The holdings table is the positions section (it covers its accounts completely); the transactions are
 * the history: Buy, Reinvestment, Purchase, Exchange in, Conversion and Transfer (incoming), Sweep in buy;
 * Sell, Redemption, Exchange out, Conversion and Transfer (outgoing), Sweep out sell; Stock split adds the
 * shares it names; Spin-off and Stock dividend add shares at no cost; Corporate action legs (merger,
 * exchange of shares) are signed by their shares. Dividends, capital gains, funds received and fees are cash.
 * The Total Value column, summed per account, is checked against the holdings read × Share Price.
 * Format from Vanguard's download as documented by open-source importers (hledger's Vanguard CSV rules,
 * beancount importers).
 */
import { parseNumber } from "../numbers.ts";
import { accountLabel, dateOf, earliestDate, entriesFromLegs, feeOf, type Leg, Problems, security, yahooTicker } from "./common.ts";
import { type CsvRow, headerKey, Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type PositionLine, type SourceFile, type Statement, type ValueTotal } from "./port.ts";

function tables(file: SourceFile): { holdings: Table | null; transactions: Table | null } {
  const rows = file.rows();
  const isHoldings = (r: CsvRow) => {
    const k = r.cells.map(headerKey);
    return k[0] === "accountnumber" && k[1] === "investmentname" && k.includes("shares") && k.includes("shareprice");
  };
  const isTransactions = (r: CsvRow) => {
    const k = r.cells.map(headerKey);
    return k[0] === "accountnumber" && k[1] === "tradedate" && k.includes("transactiontype") && k.includes("shares");
  };
  const h = rows.findIndex(isHoldings);
  const t = rows.findIndex(isTransactions);
  const slice = (start: number, other: number) => rows.slice(start + 1, other > start ? other : rows.length);
  return {
    holdings: h >= 0 ? new Table(rows[h], slice(h, t)) : null,
    transactions: t >= 0 ? new Table(rows[t], slice(t, h)) : null,
  };
}

const BUY = /^(buy|reinvestment|reinvest|purchase|exchange in|conversion \(incoming\)|sweep in)/i;
const SELL = /^(sell|redemption|exchange out|conversion \(outgoing\)|sweep out)/i;
const FREE = /^(spin-?off|stock dividend)/i;
const CORPORATE = /^(corp(orate)? action|merger|exchange of shares|reorg)/i;

export class VanguardParser implements BrokerFileParser {
  readonly format = "vanguard" as const;

  detect(file: SourceFile): boolean {
    const { holdings, transactions } = tables(file);
    return holdings !== null || transactions !== null;
  }

  read(file: SourceFile): Statement {
    const { holdings, transactions } = tables(file);
    const problems = new Problems();
    const statement = emptyStatement(this.format);
    if (transactions) {
      statement.entries = this.history(transactions, problems);
      statement.since = earliestDate(
        transactions.rows.map((r) => transactions.get(r, "Trade Date")),
        "mdy",
      );
    }
    if (holdings) {
      const positions: PositionLine[] = [];
      const totals = new Map<string, ValueTotal>();
      for (const row of holdings.rows) {
        const symbol = holdings.get(row, "Symbol").toUpperCase();
        const name = holdings.get(row, "Investment Name");
        const account = accountLabel(holdings.get(row, "Account Number"));
        const value = parseNumber(holdings.get(row, "Total Value"));
        if (!account && !symbol && !name) continue;
        const total = totals.get(account) ?? { account, label: "Total Value column", stated: 0, besides: 0, line: row.line };
        totals.set(account, total);
        total.stated += value ?? 0;
        const quantity = parseNumber(holdings.get(row, "Shares"));
        if (!symbol || quantity === null || quantity <= 0) {
          total.besides += value ?? 0;
          if (quantity !== 0 && (symbol || name)) problems.add(row, `no number of shares for ${symbol || name}`);
          continue;
        }
        positions.push({
          account,
          key: symbol,
          ticker: yahooTicker(symbol),
          name,
          quantity,
          averageCost: null,
          price: parseNumber(holdings.get(row, "Share Price")),
          value,
          line: row.line,
        });
      }
      statement.positions = positions;
      statement.positionAccounts = [...totals.keys()];
      statement.values = [...totals.values()];
    }
    return { ...statement, errors: problems.list };
  }

  private history(t: Table, problems: Problems): Entry[] {
    const entries: Entry[] = [];
    const legs: Leg[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "Transaction Type");
      const symbol = t.get(row, "Symbol").toUpperCase();
      const q = parseNumber(t.get(row, "Shares"));
      if (!symbol || q === null || q === 0) continue;
      const date = dateOf(t.get(row, "Trade Date"), row, problems, "mdy");
      if (!date) continue;
      const s = security(symbol, yahooTicker(symbol), t.get(row, "Investment Name"));
      const account = accountLabel(t.get(row, "Account Number"));
      const base = { ...s, account, at: date, line: row.line };
      const price = Math.abs(parseNumber(t.get(row, "Share Price")) ?? 0);
      const fee = feeOf(t.get(row, "Commission Fees", "Commissions and Fees", "Commission(s) and Fees"));
      if (SELL.test(type)) entries.push({ ...base, kind: "sell", quantity: Math.abs(q), price, fee });
      else if (BUY.test(type)) entries.push({ ...base, kind: "buy", quantity: Math.abs(q), price, fee });
      else if (/^stock split/i.test(type)) entries.push({ ...base, kind: "split", shares: q });
      else if (FREE.test(type)) entries.push({ ...base, kind: "bonus", quantity: Math.abs(q) });
      else if (CORPORATE.test(type))
        legs.push({ security: s, quantity: q, account, at: date, line: row.line, group: `${date}|${account}|${type}` });
      else if (/^transfer/i.test(type)) {
        const incoming = /incoming/i.test(type) || (!/outgoing/i.test(type) && q > 0);
        entries.push(
          incoming
            ? { ...base, kind: "transferIn", quantity: Math.abs(q), price: price || null }
            : { ...base, kind: "transferOut", quantity: Math.abs(q) },
        );
      }
    }
    entries.push(...entriesFromLegs(legs));
    return entries;
  }
}
