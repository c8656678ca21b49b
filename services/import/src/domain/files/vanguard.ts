/**
 * Vanguard's download (Download center → CSV, named `OfxDownload.csv`): up to two tables one after the other,
 * separated by a blank line, rows often ending in a trailing comma:
 * 1. holdings `Account Number,Investment Name,Symbol,Shares,Share Price,Total Value`
 * 2. transactions `Account Number,Trade Date,Settlement Date,Transaction Type,Transaction Description,
 *    Investment Name,Symbol,Shares,Share Price,Principal Amount,Commission(s) (and) Fees,Net Amount,…`
 * The holdings table, when present, gives the quantities; each holding's PoA and DoA come from the
 * transactions when they account for exactly that quantity, else the Share Price and the statement date
 * (today) stand in. Without holdings the transactions are replayed: Buy, Reinvestment, Sell, Transfer and
 * Stock split/Conversion (shares added) move shares; Dividend, Sweep, Funds received… are cash.
 * Format from Vanguard's download as documented by open-source importers (hledger's Vanguard CSV rules,
 * beancount importers).
 */
import { parseNumber, round } from "../numbers.ts";
import { accountLabel, dateOf, Problems, positionRow } from "./common.ts";
import { type CsvRow, headerKey, Table } from "./csv.ts";
import { type Movement, positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ImportedPosition, ParseOptions, ParseResult, SourceFile } from "./port.ts";

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

const BUY = /^(buy|reinvestment|reinvest|purchase|exchange in|conversion \(incoming\)|transfer \(incoming\))/i;
const SELL = /^(sell|redemption|exchange out|conversion \(outgoing\)|transfer \(outgoing\))/i;
const FREE = /^(stock split|spin-off|stock dividend)/i;

export class VanguardParser implements BrokerFileParser {
  readonly format = "vanguard" as const;

  detect(file: SourceFile): boolean {
    const { holdings, transactions } = tables(file);
    return holdings !== null || transactions !== null;
  }

  parse(file: SourceFile, options: ParseOptions): ParseResult {
    const { holdings, transactions } = tables(file);
    const problems = new Problems();
    const replayed = transactions ? this.replay(transactions, problems) : { rows: [], errors: [] };
    if (!holdings) return { format: this.format, rows: replayed.rows, errors: replayed.errors };
    const rows: ImportedPosition[] = [];
    for (const row of holdings.rows) {
      const symbol = holdings.get(row, "Symbol").toUpperCase();
      const quantity = parseNumber(holdings.get(row, "Shares"));
      if (!symbol) continue;
      if (quantity === null || quantity === 0) {
        problems.add(row, `no number of shares for ${symbol}`);
        continue;
      }
      const account = accountLabel(holdings.get(row, "Account Number"));
      const known = replayed.rows.find((r) => r.ticker === symbol && r.account === account && Math.abs(r.quantity - quantity) < 1e-6);
      const price = parseNumber(holdings.get(row, "Share Price"));
      if (!known && price === null) {
        problems.add(row, `no share price for ${symbol}`);
        continue;
      }
      rows.push(
        positionRow(
          {
            ticker: symbol,
            name: holdings.get(row, "Investment Name"),
            quantity,
            PoA: known ? known.PoA : round(price as number, 4),
            account,
            DoA: known?.DoA,
          },
          options.asOf,
        ),
      );
    }
    return { format: this.format, rows, errors: problems.list };
  }

  private replay(t: Table, problems: Problems) {
    const movements: Movement[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "Transaction Type");
      const symbol = t.get(row, "Symbol").toUpperCase();
      const q = parseNumber(t.get(row, "Shares"));
      if (!symbol || q === null || q === 0) continue;
      const date = dateOf(t.get(row, "Trade Date"), row, problems, "mdy");
      if (!date) continue;
      const base = {
        key: symbol,
        ticker: symbol,
        name: t.get(row, "Investment Name"),
        account: accountLabel(t.get(row, "Account Number")),
        at: date,
        line: row.line,
      };
      const price = Math.abs(parseNumber(t.get(row, "Share Price")) ?? 0);
      if (SELL.test(type)) movements.push({ ...base, kind: "sell", quantity: Math.abs(q) });
      else if (BUY.test(type)) movements.push({ ...base, kind: "buy", quantity: Math.abs(q), price });
      else if (FREE.test(type)) movements.push({ ...base, kind: "buy", quantity: Math.abs(q), price: 0 });
      else if (/^transfer/i.test(type))
        movements.push(q > 0 ? { ...base, kind: "buy", quantity: q, price } : { ...base, kind: "sell", quantity: -q });
    }
    return positionsFrom(movements, problems.list);
  }
}
