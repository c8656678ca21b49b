/**
 * Interactive Brokers, two kinds of CSV:
 * - Activity statement (Reports → Statements → Activity → CSV): every row starts with its section and row
 *   type, `Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,…` then
 *   `Trades,Data,Order,Stocks,USD,AAPL,"2023-01-15, 10:30:00",100,150.25,…`; sections repeat their header when
 *   columns change. The `Open Positions` section (Summary rows) gives the holdings when present, PoA its
 *   `Cost Price`; DoA comes from the trades when they account for that quantity, else the end of the
 *   statement period. Without it, the Trades section (Order rows; Execution rows when there are no Order
 *   rows) is replayed, a negative quantity being a sale. Only Stocks, Funds and Crypto are holdings; Forex
 *   is currency exchange, options are not imported. SubTotal/Total rows are skipped.
 * - Flex query CSV (one table, columns chosen by the user): trades with `Buy/Sell`, `TradeDate`, `Quantity`,
 *   `TradePrice` and `Symbol` and/or `ISIN` (the ISIN stands in for the ticker when there is no symbol);
 *   rows without either are currency conversions. A flex file of only dividends/taxes has no holdings.
 * Formats: IBKR's activity statement and flex query CSVs as in the samples in shared/import-samples and
 * open-source parsers' fixtures (ibkr activity-statement test data).
 */
import { parseDate } from "../dates.ts";
import { parseNumber, round } from "../numbers.ts";
import { accountLabel, dateOf, Problems, positionRow } from "./common.ts";
import { type CsvRow, findTable, headerKey, Table } from "./csv.ts";
import { type Movement, positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ImportedPosition, ParseOptions, ParseResult, SourceFile } from "./port.ts";

const HOLDING_CLASSES = /^(stocks?|stk|etfs?|funds?|fund|crypto(currency)?|crypto)$/i;
const OPTION_CLASSES = /option|opt|fop|war/i;

const flexTable = (file: SourceFile) =>
  findTable(
    file.rows(),
    (k) =>
      (k.includes("buysell") && k.includes("tradeprice")) ||
      k.includes("currencyprimary") ||
      k.includes("ibcommission") ||
      k.includes("clientaccountid"),
    2,
  );
const isStatement = (file: SourceFile) =>
  /^\uFEFF?"?(Statement|Trades|Account Information|Open Positions)"?,"?Header"?,/m.test(file.text.slice(0, 5000));

export class IbkrParser implements BrokerFileParser {
  readonly format = "ibkr" as const;

  detect(file: SourceFile): boolean {
    return isStatement(file) || flexTable(file) !== null;
  }

  parse(file: SourceFile, options: ParseOptions): ParseResult {
    return isStatement(file) ? this.statement(file, options) : this.flex(flexTable(file) as Table);
  }

  private flex(t: Table): ParseResult {
    const problems = new Problems();
    const movements: Movement[] = [];
    for (const row of t.rows) {
      const side = t.get(row, "Buy/Sell").toUpperCase();
      const symbol = t.get(row, "Symbol").toUpperCase();
      const isin = t.get(row, "ISIN").toUpperCase();
      const assetClass = t.get(row, "AssetClass");
      if (!side || (!symbol && !isin)) continue;
      if (assetClass && !/^(STK|FUND|CRYPTO|ETF)$/i.test(assetClass)) {
        if (OPTION_CLASSES.test(assetClass)) problems.add(row, `options are not imported (${symbol || isin})`);
        continue;
      }
      const quantity = Math.abs(parseNumber(t.get(row, "Quantity")) ?? 0);
      const date = dateOf(t.get(row, "TradeDate", "DateTime", "Date/Time"), row, problems, "mdy");
      if (!date || quantity === 0) {
        if (date) problems.add(row, `no quantity for ${symbol || isin}`);
        continue;
      }
      const base = {
        key: isin || symbol,
        ticker: symbol ? symbol.replace(" ", "-") : isin,
        name: t.get(row, "Description"),
        account: accountLabel(t.get(row, "ClientAccountID", "AccountAlias")),
        at: date,
        line: row.line,
      };
      const price = parseNumber(t.get(row, "TradePrice", "Price")) ?? 0;
      if (side.startsWith("BUY")) movements.push({ ...base, kind: "buy", quantity, price });
      else if (side.startsWith("SELL")) movements.push({ ...base, kind: "sell", quantity });
    }
    const { rows, errors } = positionsFrom(movements, problems.list);
    return { format: this.format, rows, errors };
  }

  private statement(file: SourceFile, options: ParseOptions): ParseResult {
    const problems = new Problems();
    const sections = new Map<string, { table: Table; row: CsvRow }[]>();
    let account = "";
    let periodEnd: string | null = null;
    const headers = new Map<string, Table>();
    for (const row of file.rows()) {
      const [section, kind] = row.cells;
      if (kind === "Header") {
        headers.set(section, new Table({ line: row.line, cells: row.cells.slice(2) }, []));
        continue;
      }
      if (kind !== "Data") continue;
      const table = headers.get(section);
      if (!table) continue;
      const data = { line: row.line, cells: row.cells.slice(2) };
      if (section === "Account Information" && headerKey(data.cells[0] ?? "") === "account") account = accountLabel(data.cells[1] ?? "");
      if (section === "Statement" && headerKey(data.cells[0] ?? "") === "period")
        periodEnd = parseDate((data.cells[1] ?? "").split(" - ").pop(), "mdy");
      sections.set(section, [...(sections.get(section) ?? []), { table, row: data }]);
    }
    const asOf = periodEnd ?? options.asOf;
    const trades = sections.get("Trades") ?? [];
    const hasOrders = trades.some(({ table, row }) => /^(order|trade)$/i.test(table.get(row, "DataDiscriminator")));
    const movements: Movement[] = [];
    for (const { table, row } of trades) {
      const discriminator = table.get(row, "DataDiscriminator");
      if (hasOrders ? !/^(order|trade)$/i.test(discriminator) : !/^execution$/i.test(discriminator)) continue;
      const category = table.get(row, "Asset Category");
      const symbol = table.get(row, "Symbol").toUpperCase();
      if (!HOLDING_CLASSES.test(category)) {
        if (OPTION_CLASSES.test(category)) problems.add(row, `options are not imported (${symbol})`);
        continue;
      }
      const q = parseNumber(table.get(row, "Quantity"));
      const date = dateOf(table.get(row, "Date/Time"), row, problems, "mdy");
      if (!date || !q) continue;
      const base = {
        key: symbol,
        ticker: symbol.replace(" ", "-"),
        name: "",
        account: accountLabel(table.get(row, "Account")) || account,
        at: date,
        line: row.line,
      };
      if (q > 0) movements.push({ ...base, kind: "buy", quantity: q, price: parseNumber(table.get(row, "T. Price")) ?? 0 });
      else movements.push({ ...base, kind: "sell", quantity: -q });
    }
    const replayed = positionsFrom(movements, []);
    const open = (sections.get("Open Positions") ?? []).filter(({ table, row }) => {
      const d = table.get(row, "DataDiscriminator");
      return (!d || /^summary$/i.test(d)) && HOLDING_CLASSES.test(table.get(row, "Asset Category"));
    });
    if (open.length === 0) return { format: this.format, rows: replayed.rows, errors: [...problems.list, ...replayed.errors] };
    const names = new Map<string, string>();
    for (const { table, row } of sections.get("Financial Instrument Information") ?? [])
      names.set(table.get(row, "Symbol").toUpperCase(), table.get(row, "Description"));
    const rows: ImportedPosition[] = [];
    for (const { table, row } of open) {
      const symbol = table.get(row, "Symbol").toUpperCase();
      const quantity = parseNumber(table.get(row, "Quantity"));
      if (!quantity || quantity < 0) {
        if (quantity) problems.add(row, `short position in ${symbol} not imported`);
        continue;
      }
      const ticker = symbol.replace(" ", "-");
      const known = replayed.rows.find((r) => r.ticker === ticker && Math.abs(r.quantity - quantity) < 1e-6);
      const cost = parseNumber(table.get(row, "Cost Price")) ?? (parseNumber(table.get(row, "Cost Basis")) ?? 0) / quantity;
      rows.push(positionRow({ ticker, name: names.get(symbol) ?? "", quantity, PoA: round(cost, 4), account, DoA: known?.DoA }, asOf));
    }
    return { format: this.format, rows, errors: problems.list };
  }
}
