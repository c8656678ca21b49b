/**
 * Fidelity, two downloads (header spellings vary in case between years; both are matched loosely):
 * - Positions (Accounts → Positions → Download): `Account Number,Account Name,Symbol,Description,Quantity,
 *   Last Price,…,Current Value,…,Cost Basis Total,Average Cost Basis,Type`, then disclaimers and
 *   `Date downloaded Jul-12-2026 …`. Money-market cash (`SPAXX**`: a symbol ending in `**`), `Pending
 *   Activity` and options are not holdings; the same symbol in two lots (Cash and Margin) is one holding.
 *   PoA is the Average Cost Basis (else Cost Basis Total ÷ Quantity); the file gives no purchase dates, so DoA
 *   is the download date (else today). The Current Value column, summed per account, is checked against the
 *   holdings read × Last Price plus the lines that are not holdings.
 * - History (Activity & Orders → Download): `Run Date,[Account,]Action,Symbol,Description,Type,Quantity,
 *   Price ($),Commission ($),Fees ($),…,Amount ($),…,Settlement Date`, where Action is a sentence: `YOU
 *   BOUGHT …`, `REINVESTMENT …` buy at Price (commission and fees kept as the fee); `YOU SOLD …` sells (its
 *   quantity is negative); `DISTRIBUTION …`/`STOCK DIVIDEND` with shares add them at no cost; `STOCK SPLIT`
 *   adds the shares it names; corporate actions (`MERGER …`, `REVERSE SPLIT …`, `SPIN-OFF …`, `EXCHANGED …`,
 *   `NAME CHANGE …`, `CONVERSION …`, `TENDER …`, `REDEMPTION …`) are legs signed by their quantity, paired by date
 *   and kind; a leg that names its security by CUSIP is keyed by the action's `(TICKER)` when it gives one; `TRANSFERRED …`, `JOURNALED …` and ACAT transfers move
 *   shares by their sign; dividends, interest and cash transfers are cash.
 * Formats from Fidelity's downloads as documented by open-source importers (beancount-reds-importers'
 * fidelity importers, portfolio trackers' Fidelity readers and their fixtures).
 */
import { parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import { accountLabel, dateOf, earliestDate, entriesFromLegs, feeOf, type Leg, Problems, security, yahooTicker } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import {
  type BrokerFileParser,
  type CashTotal,
  emptyStatement,
  type ParseOptions,
  type PositionLine,
  type SourceFile,
  type Statement,
} from "./port.ts";

const positionsTable = (file: SourceFile) =>
  findTable(
    file.rows(),
    (k) =>
      k[0] === "accountnumber" && k.includes("symbol") && k.includes("quantity") && (k.includes("lastprice") || k.includes("currentvalue")),
  );
const historyTable = (file: SourceFile) =>
  findTable(file.rows(), (k) => k[0] === "rundate" && k.includes("action") && k.includes("symbol"));

const CORPORATE =
  /^(MERGER|REVERSE SPLIT|SPIN[- ]?OFF|EXCHANGED|EXCHANGE|NAME CHANGE|CONVERSION|CONVERTED|TENDER|REDEMPTION|REORG|SYMBOL CHANGE)/;
const OPTION = /^-?[A-Z]{1,6}\d{6}[CP][\d.]+$/;
const CUSIP = /^[0-9]{3}[0-9A-Z]{5}[0-9]$/;

export class FidelityParser implements BrokerFileParser {
  readonly format = "fidelity" as const;

  detect(file: SourceFile): boolean {
    return positionsTable(file) !== null || historyTable(file) !== null;
  }

  read(file: SourceFile, options: ParseOptions): Statement {
    const positions = positionsTable(file);
    return positions ? this.positions(file, positions, options) : this.history(historyTable(file) as Table);
  }

  private positions(file: SourceFile, t: Table, options: ParseOptions): Statement {
    const problems = new Problems();
    const downloaded = /Date downloaded\s+(\S+)/i.exec(file.text);
    const asOf = (downloaded && parseDate(downloaded[1], "mdy")) || options.asOf;
    const lines: PositionLine[] = [];
    const totals = new Map<string, { stated: number; besides: number; line: number }>();
    const cash: CashTotal[] = [];
    for (const row of t.rows) {
      const symbol = t.get(row, "Symbol").toUpperCase();
      if (row.cells.length < 5 || !symbol) continue;
      const account = accountLabel(t.get(row, "Account Number") || t.get(row, "Account Name"));
      const value = parseNumber(t.get(row, "Current Value"));
      const sum = totals.get(account) ?? { stated: 0, besides: 0, line: row.line };
      totals.set(account, sum);
      sum.stated += value ?? 0;
      const notHolding = (why?: string) => {
        sum.besides += value ?? 0;
        if (why) problems.add(row, why);
      };
      if (symbol.endsWith("**") || /pending/i.test(symbol) || /money market/i.test(t.get(row, "Description"))) {
        notHolding();
        if (value !== null)
          cash.push({
            account,
            label: `${symbol.replace(/\*+$/, "")} ${t.get(row, "Description")}`.trim(),
            stated: value,
            computed: null,
            line: row.line,
          });
        continue;
      }
      if (OPTION.test(symbol.replace(/\s/g, ""))) {
        notHolding(`options are not imported (${symbol})`);
        continue;
      }
      const quantity = parseNumber(t.get(row, "Quantity"));
      if (quantity === null || quantity === 0) {
        notHolding(`no quantity for ${symbol}`);
        continue;
      }
      if (quantity < 0) {
        notHolding(`short position in ${symbol} not imported`);
        continue;
      }
      const average = parseNumber(t.get(row, "Average Cost Basis"));
      const total = parseNumber(t.get(row, "Cost Basis Total"));
      lines.push({
        account,
        key: symbol,
        ticker: yahooTicker(symbol),
        name: t.get(row, "Description"),
        quantity,
        averageCost: average ?? (total !== null ? total / quantity : null),
        price: parseNumber(t.get(row, "Last Price")),
        value,
        line: row.line,
      });
    }
    return {
      ...emptyStatement(this.format),
      positions: lines,
      positionAccounts: [...totals.keys()],
      asOf,
      values: [...totals].map(([account, s]) => ({
        account,
        label: "Current Value column",
        stated: s.stated,
        besides: s.besides,
        line: s.line,
      })),
      cash,
      errors: problems.list,
    };
  }

  private history(t: Table): Statement {
    const problems = new Problems();
    const entries: Entry[] = [];
    const legs: Leg[] = [];
    for (const row of t.rows) {
      const action = t.get(row, "Action").toUpperCase().replace(/\s+/g, " ");
      const symbol = t.get(row, "Symbol").toUpperCase().replace(/\s/g, "");
      const q = parseNumber(t.get(row, "Quantity"));
      if (!symbol || q === null || q === 0) continue;
      if (
        OPTION.test(symbol) ||
        /\b(CALL|PUT)\b/.test(t.get(row, "Description", "Security Description").toUpperCase()) ||
        /^(ASSIGNED|EXPIRED)/.test(action)
      ) {
        problems.add(row, `options are not imported (${symbol})`);
        continue;
      }
      const date = dateOf(t.get(row, "Run Date"), row, problems, "mdy");
      if (!date) continue;
      // corporate actions name the security by CUSIP; the action's "(TICKER)" names it as the rest of the file does
      const named = CUSIP.test(symbol) ? /\(([A-Z][A-Z0-9.]{0,6})\)\s*\((?:CASH|MARGIN|SHORT)\)\s*$/.exec(action)?.[1] : undefined;
      const id = named ?? symbol;
      const s = security(id, CUSIP.test(id) ? id : yahooTicker(id), t.get(row, "Description", "Security Description"));
      const account = accountLabel(t.get(row, "Account", "Account Number", "Account Name"));
      const base = { ...s, account, at: date, line: row.line };
      const price = parseNumber(t.get(row, "Price ($)", "Price"));
      const fee = feeOf(t.get(row, "Commission ($)", "Commission"), t.get(row, "Fees ($)", "Fees"));
      if (/^(YOU BOUGHT|BOUGHT|REINVESTMENT|PURCHASE|BUY)/.test(action)) {
        entries.push({ ...base, kind: "buy", quantity: Math.abs(q), price: price ?? 0, fee });
      } else if (/^(YOU SOLD|SOLD|SELL)/.test(action)) entries.push({ ...base, kind: "sell", quantity: Math.abs(q), price, fee });
      else if (CORPORATE.test(action)) {
        const kind = CORPORATE.exec(action)?.[1] ?? "";
        legs.push({ security: s, quantity: q, account, at: date, line: row.line, group: `${date}|${account}|${kind}` });
      } else if (/STOCK SPLIT|SPLIT/.test(action)) entries.push({ ...base, kind: "split", shares: q });
      else if (/DISTRIBUTION|STOCK DIVIDEND|BONUS/.test(action) && q > 0) entries.push({ ...base, kind: "bonus", quantity: q });
      else if (/TRANSFER|JOURNAL|ACAT|RECEIVED|DELIVERED|SHARES (IN|OUT)/.test(action))
        entries.push(q > 0 ? { ...base, kind: "transferIn", quantity: q, price } : { ...base, kind: "transferOut", quantity: -q });
      else problems.add(row, `"${t.get(row, "Action")}" moves ${q} ${symbol} and is not understood: check ${symbol}'s quantity`);
    }
    entries.push(...entriesFromLegs(legs));
    const since = earliestDate(
      t.rows.map((r) => t.get(r, "Run Date")),
      "mdy",
    );
    return { ...emptyStatement(this.format), entries, since, errors: problems.list };
  }
}
