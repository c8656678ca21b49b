/**
 * Fidelity, two downloads (header spellings vary in case between years; both are matched loosely):
 * - Positions (Accounts → Positions → Download): `Account Number,Account Name,Symbol,Description,Quantity,
 *   Last Price,…,Current Value,…,Cost Basis Total,Average Cost Basis,Type`, then disclaimers and
 *   `Date downloaded Jul-12-2026 …`. Money-market cash (`SPAXX**`: a symbol ending in `**`) and `Pending Activity` rows are
 *   not holdings. PoA is the Average Cost Basis (else Cost Basis Total ÷ Quantity, else the Last Price); the
 *   file gives no purchase dates, so DoA is the download date (else today).
 * - History (Activity & Orders → Download): `Run Date,Action,Symbol,Description,Type,Quantity,Price ($),…,
 *   Amount ($),…,Settlement Date`, where Action is a sentence: `YOU BOUGHT …`, `YOU SOLD …`, `REINVESTMENT …`
 *   move shares at Price; `DISTRIBUTION …`/`STOCK SPLIT` with shares add them at no cost; `TRANSFERRED …`
 *   adds or removes by the sign; dividends, interest and cash transfers are ignored.
 * Formats from Fidelity's downloads as documented by open-source importers (beancount-reds-importers'
 * fidelity positions importer, and the column lists in their tests).
 */
import { parseDate } from "../dates.ts";
import { parseNumber, round } from "../numbers.ts";
import { accountLabel, dateOf, Problems, positionRow } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import { type Movement, positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ImportedPosition, ParseOptions, ParseResult, SourceFile } from "./port.ts";

const positionsTable = (file: SourceFile) =>
  findTable(
    file.rows(),
    (k) =>
      k[0] === "accountnumber" && k.includes("symbol") && k.includes("quantity") && (k.includes("lastprice") || k.includes("currentvalue")),
  );
const historyTable = (file: SourceFile) =>
  findTable(file.rows(), (k) => k[0] === "rundate" && k.includes("action") && k.includes("symbol"));

export class FidelityParser implements BrokerFileParser {
  readonly format = "fidelity" as const;

  detect(file: SourceFile): boolean {
    return positionsTable(file) !== null || historyTable(file) !== null;
  }

  parse(file: SourceFile, options: ParseOptions): ParseResult {
    const positions = positionsTable(file);
    return positions ? this.positions(file, positions, options) : this.history(historyTable(file) as Table);
  }

  private positions(file: SourceFile, t: Table, options: ParseOptions): ParseResult {
    const problems = new Problems();
    const downloaded = /Date downloaded\s+(\S+)/i.exec(file.text);
    const asOf = (downloaded && parseDate(downloaded[1], "mdy")) || options.asOf;
    const rows: ImportedPosition[] = [];
    for (const row of t.rows) {
      const symbol = t.get(row, "Symbol").toUpperCase();
      if (row.cells.length < 5 || !symbol || symbol.endsWith("**") || /pending/i.test(symbol)) continue;
      const quantity = parseNumber(t.get(row, "Quantity"));
      if (quantity === null || quantity === 0) {
        problems.add(row, `no quantity for ${symbol}`);
        continue;
      }
      const average = parseNumber(t.get(row, "Average Cost Basis"));
      const total = parseNumber(t.get(row, "Cost Basis Total"));
      const last = parseNumber(t.get(row, "Last Price"));
      const PoA = average ?? (total !== null ? total / quantity : last);
      if (PoA === null) {
        problems.add(row, `no cost basis or price for ${symbol}`);
        continue;
      }
      rows.push(
        positionRow(
          {
            ticker: symbol.replace(".", "-"),
            name: t.get(row, "Description"),
            quantity,
            PoA: round(PoA, 4),
            account: accountLabel(t.get(row, "Account Name") || t.get(row, "Account Number")),
          },
          asOf,
        ),
      );
    }
    return { format: this.format, rows, errors: problems.list };
  }

  private history(t: Table): ParseResult {
    const problems = new Problems();
    const movements: Movement[] = [];
    for (const row of t.rows) {
      const action = t.get(row, "Action").toUpperCase();
      const symbol = t.get(row, "Symbol").toUpperCase();
      const q = parseNumber(t.get(row, "Quantity"));
      if (!symbol || q === null || q === 0) continue;
      const date = dateOf(t.get(row, "Run Date"), row, problems, "mdy");
      if (!date) continue;
      const base = {
        key: symbol,
        ticker: symbol.replace(".", "-"),
        name: t.get(row, "Description", "Security Description"),
        account: accountLabel(t.get(row, "Account")),
        at: date,
        line: row.line,
      };
      const price = parseNumber(t.get(row, "Price ($)", "Price")) ?? 0;
      if (/^(YOU BOUGHT|BOUGHT|REINVESTMENT|PURCHASE)/.test(action)) movements.push({ ...base, kind: "buy", quantity: Math.abs(q), price });
      else if (/^(YOU SOLD|SOLD)/.test(action)) movements.push({ ...base, kind: "sell", quantity: Math.abs(q) });
      else if (/DISTRIBUTION|STOCK SPLIT|STOCK DIVIDEND/.test(action) && q > 0)
        movements.push({ ...base, kind: "buy", quantity: q, price: 0 });
      else if (/TRANSFER|JOURNAL/.test(action))
        movements.push(q > 0 ? { ...base, kind: "buy", quantity: q, price } : { ...base, kind: "sell", quantity: -q });
      else if (/REVERSE SPLIT|MERGER|EXCHANGE/.test(action))
        problems.add(row, `"${t.get(row, "Action")}" is not imported: check ${symbol}'s quantity`);
    }
    const { rows, errors } = positionsFrom(movements, problems.list);
    return { format: this.format, rows, errors };
  }
}
