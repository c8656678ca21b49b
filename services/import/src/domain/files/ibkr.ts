/**
 * Interactive Brokers, three kinds of file:
 * - Activity statement CSV (Reports → Statements → Activity → CSV): every row starts with its section and row
 *   type, `Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,…,
 *   Comm/Fee,…` then `Trades,Data,Order,Stocks,USD,AAPL,"2023-01-15, 10:30:00",100,150.25,…`; sections repeat
 *   their header when columns change. Trades (Order rows; Execution rows when there are no Order rows) buy
 *   or sell by the quantity's sign. Corporate Actions rows are legs signed by Quantity, the security named
 *   by the description's closing `(SYMBOL, NAME, ISIN)`; a split's single line adds the shares it names.
 *   Transfers move Qty in or out by Direction. `Open Positions` (Summary rows) is the positions section, PoA
 *   its Cost Price; `Net Asset Value` (its Total, minus the asset classes that are not holdings) and `Cash
 *   Report` (Ending Cash) are the stated totals. Only Stocks, Funds, ETFs and Crypto are holdings; Forex is
 *   currency exchange; options and futures are not imported. SubTotal/Total rows are skipped.
 * - Flex query CSV (one table, columns chosen by the user): trades with `Buy/Sell`, `TradeDate`, `Quantity`,
 *   `TradePrice` and `Symbol` and/or `ISIN` (the ISIN stands in for the ticker when there is no symbol);
 *   rows without either are currency conversions. A flex file of only dividends/taxes has no holdings.
 * - Flex query XML (`<FlexQueryResponse>`): per `<FlexStatement accountId=… toDate=…>`, `<Trade>` (EXECUTION
 *   rows, else ORDER rows), `<CorporateAction>` (legs grouped by actionID), `<Transfer>` (direction IN/OUT),
 *   `<OpenPosition>` (SUMMARY rows: the positions section), `<CashReportCurrency currency="BASE_SUMMARY">`
 *   (endingCash) and `<EquitySummaryByReportDateInBase>` (the last one's total). Read with saxes, at most
 *   32 elements deep.
 * Formats: IBKR's activity statement and flex query CSVs as in the samples in shared/import-samples and
 * open-source parsers' fixtures (ibflex, ibkr activity-statement test data); the Flex XML element and
 * attribute names from IBKR's Flex Queries reference as ibflex types them.
 */
import { SaxesParser } from "saxes";
import { parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import { accountLabel, dateOf, entriesFromLegs, feeOf, type Leg, marketTicker, Problems, stamp } from "./common.ts";
import { type CsvRow, findTable, headerKey, Table } from "./csv.ts";
import type { Entry, Security } from "./ledger.ts";
import {
  type BrokerFileParser,
  emptyStatement,
  FileProblem,
  type ParseOptions,
  type PositionLine,
  type SourceFile,
  type Statement,
} from "./port.ts";

const HOLDING_CLASSES = /^(stocks?|stk|etfs?|funds?|fund|crypto(currency)?)$/i;
const OPTION_CLASSES = /option|^opt$|fop|war|futures?|^fut$/i;
const MAX_XML_DEPTH = 32;

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
  /^"?(Statement|Trades|Account Information|Open Positions)"?,"?Header"?,/m.test(file.text.slice(0, 5000));
const isFlexXml = (file: SourceFile) => /<FlexQueryResponse[\s>]/.test(file.text.slice(0, 2000));

/** IBKR writes share classes with a space: `BRK B` → Yahoo's BRK-B. */
const tickerOf = (symbol: string) => symbol.trim().toUpperCase().replace(/ /g, "-");

/** `AAPL(US0378331005) Split 4 for 1 (AAPL, APPLE INC, US0378331005)`: the security the line moves, and the action. */
function corporateLine(description: string): { symbol: string; name: string; action: string } | null {
  const tail = /\(([^,()]+),\s*(.*?),\s*([A-Z]{2}[A-Z0-9]{9}\d)\)\s*$/.exec(description);
  const head = /^([A-Z0-9.\s]+?)\(([A-Z0-9]+)\)\s*(.*?)\s*(\([^()]*\))?\s*$/.exec(description);
  const symbol = (tail?.[1] ?? head?.[1] ?? "").trim();
  if (!symbol) return null;
  const action = (head?.[3] ?? description).replace(/\([^()]*\)\s*$/, "").trim();
  return { symbol, name: tail?.[2] ?? "", action };
}

export class IbkrParser implements BrokerFileParser {
  readonly format = "ibkr" as const;

  detect(file: SourceFile): boolean {
    return isFlexXml(file) || isStatement(file) || flexTable(file) !== null;
  }

  read(file: SourceFile, options: ParseOptions): Statement {
    if (isFlexXml(file)) return flexXml(file.text, options);
    return isStatement(file) ? this.statement(file, options) : this.flex(flexTable(file) as Table);
  }

  private flex(t: Table): Statement {
    const problems = new Problems();
    const entries: Entry[] = [];
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
        ticker: symbol
          ? marketTicker(tickerOf(symbol), {
              exchange: t.get(row, "ListingExchange"),
              currency: t.get(row, "ListingExchange") ? "" : t.get(row, "CurrencyPrimary"),
            })
          : isin,
        name: t.get(row, "Description"),
        account: accountLabel(t.get(row, "ClientAccountID", "AccountAlias")),
        at: stamp(date, t.get(row, "DateTime")),
        line: row.line,
      };
      const price = parseNumber(t.get(row, "TradePrice", "Price")) ?? 0;
      const fee = feeOf(t.get(row, "IBCommission"));
      if (side.startsWith("BUY")) entries.push({ ...base, kind: "buy", quantity, price, fee });
      else if (side.startsWith("SELL")) entries.push({ ...base, kind: "sell", quantity, price, fee });
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }

  private statement(file: SourceFile, options: ParseOptions): Statement {
    const problems = new Problems();
    const sections = new Map<string, { table: Table; row: CsvRow }[]>();
    let account = "";
    let periodEnd: string | null = null;
    let periodStart: string | null = null;
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
      if (section === "Statement" && headerKey(data.cells[0] ?? "") === "period") {
        const [from, to] = (data.cells[1] ?? "").split(" - ");
        periodEnd = parseDate(to ?? from, "mdy");
        periodStart = parseDate(from, "mdy");
      }
      sections.set(section, [...(sections.get(section) ?? []), { table, row: data }]);
    }
    const statement = emptyStatement(this.format);
    // the listing exchange of each symbol (Yahoo's suffix for one outside the US) and the base currency
    const listing = new Map<string, string>();
    for (const { table, row } of sections.get("Financial Instrument Information") ?? [])
      listing.set(table.get(row, "Symbol").toUpperCase(), table.get(row, "Listing Exch"));
    const base = (sections.get("Account Information") ?? []).find(({ table, row }) =>
      /^base currency$/i.test(table.get(row, "Field Name")),
    );
    const baseCurrency = base ? base.table.get(base.row, "Field Value").toUpperCase() : "";
    const sec = (symbol: string, name = "", currency = ""): Security => ({
      key: symbol.toUpperCase(),
      ticker: marketTicker(tickerOf(symbol), { exchange: listing.get(symbol.toUpperCase()), currency }),
      name,
      ...(currency ? { currency: currency.toUpperCase() } : {}),
    });
    statement.asOf = periodEnd ?? options.asOf;
    statement.since = periodStart;
    const accountOf = (table: Table, row: CsvRow) => accountLabel(table.get(row, "Account")) || account;
    const trades = sections.get("Trades") ?? [];
    const hasOrders = trades.some(({ table, row }) => /^(order|trade)$/i.test(table.get(row, "DataDiscriminator")));
    const entries: Entry[] = [];
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
        ...sec(symbol, "", table.get(row, "Currency")),
        account: accountOf(table, row),
        at: stamp(date, table.get(row, "Date/Time")),
        line: row.line,
      };
      const price = parseNumber(table.get(row, "T. Price")) ?? 0;
      const fee = feeOf(table.get(row, "Comm/Fee", "Comm in USD"));
      if (q > 0) entries.push({ ...base, kind: "buy", quantity: q, price, fee });
      else entries.push({ ...base, kind: "sell", quantity: -q, price, fee });
    }
    const legs: Leg[] = [];
    for (const { table, row } of sections.get("Corporate Actions") ?? []) {
      const category = table.get(row, "Asset Category");
      if (!HOLDING_CLASSES.test(category)) continue;
      const q = parseNumber(table.get(row, "Quantity"));
      const line = corporateLine(table.get(row, "Description"));
      const date = parseDate(table.get(row, "Date/Time") || table.get(row, "Report Date"), "mdy");
      if (!q || !line || !date) continue;
      const group = `${date}|${line.action}`;
      legs.push({
        security: sec(line.symbol, line.name, table.get(row, "Currency")),
        quantity: q,
        account: accountOf(table, row),
        at: date,
        line: row.line,
        group,
      });
    }
    entries.push(...corporateEntries(legs));
    for (const { table, row } of sections.get("Transfers") ?? []) {
      if (!HOLDING_CLASSES.test(table.get(row, "Asset Category"))) continue;
      const symbol = table.get(row, "Symbol").toUpperCase();
      const q = parseNumber(table.get(row, "Qty", "Quantity"));
      const date = parseDate(table.get(row, "Date"), "mdy");
      if (!symbol || !q || !date) continue;
      const out = /^out/i.test(table.get(row, "Direction")) || q < 0;
      const base = { ...sec(symbol, "", table.get(row, "Currency")), account: accountOf(table, row), at: date, line: row.line };
      const price = parseNumber(table.get(row, "Xfer Price"));
      entries.push(
        out ? { ...base, kind: "transferOut", quantity: Math.abs(q) } : { ...base, kind: "transferIn", quantity: Math.abs(q), price },
      );
    }
    statement.entries = entries;

    const open = (sections.get("Open Positions") ?? []).filter(({ table, row }) => {
      const d = table.get(row, "DataDiscriminator");
      return (!d || /^summary$/i.test(d)) && HOLDING_CLASSES.test(table.get(row, "Asset Category"));
    });
    if (open.length) {
      const names = new Map<string, string>();
      for (const { table, row } of sections.get("Financial Instrument Information") ?? [])
        names.set(table.get(row, "Symbol").toUpperCase(), table.get(row, "Description"));
      const positions: PositionLine[] = [];
      for (const { table, row } of open) {
        const symbol = table.get(row, "Symbol").toUpperCase();
        const quantity = parseNumber(table.get(row, "Quantity"));
        if (!quantity || quantity < 0) {
          if (quantity) problems.add(row, `short position in ${symbol} not imported`);
          continue;
        }
        const costPrice = parseNumber(table.get(row, "Cost Price"));
        const costBasis = parseNumber(table.get(row, "Cost Basis"));
        positions.push({
          ...sec(symbol, names.get(symbol) ?? "", table.get(row, "Currency")),
          account: accountOf(table, row),
          quantity,
          averageCost: costPrice ?? (costBasis !== null ? costBasis / quantity : null),
          price: parseNumber(table.get(row, "Close Price")),
          value: parseNumber(table.get(row, "Value")),
          line: row.line,
        });
      }
      statement.positions = positions;
      statement.positionAccounts = [...new Set(positions.map((p) => p.account))];
    }
    // Net Asset Value: the Total, and what it holds besides the holding classes
    const nav = sections.get("Net Asset Value") ?? [];
    const total = nav.find(({ table, row }) => /^total$/i.test(table.get(row, "Asset Class")));
    const oneCurrency = open.every(
      ({ table, row }) => table.get(row, "Currency").toUpperCase() === (baseCurrency || table.get(row, "Currency").toUpperCase()),
    );
    if (total && open.length && oneCurrency) {
      const current = (table: Table, row: CsvRow) => parseNumber(table.get(row, "Current Total", "Total")) ?? 0;
      const stated = current(total.table, total.row);
      const holdings = nav
        .filter(({ table, row }) => HOLDING_CLASSES.test(table.get(row, "Asset Class").replace(/\s/g, "")))
        .reduce((sum, { table, row }) => sum + current(table, row), 0);
      statement.values.push({ account, label: "Net Asset Value: Total", stated, besides: stated - holdings, line: total.row.line });
    }
    for (const { table, row } of sections.get("Cash Report") ?? []) {
      if (!/^ending cash$/i.test(table.get(row, "Currency Summary")) || !/base/i.test(table.get(row, "Currency"))) continue;
      const stated = parseNumber(table.get(row, "Total"));
      if (stated !== null) statement.cash.push({ account, label: "Cash Report: Ending Cash", stated, computed: null, line: row.line });
    }
    return { ...statement, errors: problems.list };
  }
}

/** Corporate-action legs; a split named by one line that adds shares to the same security is a split. */
function corporateEntries(legs: Leg[]): Entry[] {
  const groups = new Map<string, Leg[]>();
  for (const l of legs) groups.set(l.group, [...(groups.get(l.group) ?? []), l]);
  const rest: Leg[] = [];
  const out: Entry[] = [];
  for (const group of groups.values()) {
    const only = group.length === 1 ? group[0] : null;
    if (only && /split/i.test(only.group)) {
      out.push({ ...only.security, account: only.account, at: only.at, line: only.line, kind: "split", shares: only.quantity });
    } else rest.push(...group);
  }
  return [...out, ...entriesFromLegs(rest)];
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
}

/** Elements of a Flex XML file with their attributes, in order; depth and size bounded; no entities beyond XML's own. */
export function readXmlElements(text: string, wanted: Set<string>): XmlElement[] {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const out: XmlElement[] = [];
  let depth = 0;
  let failure: string | null = null;
  parser.on("opentag", (node) => {
    depth++;
    if (depth > MAX_XML_DEPTH)
      throw new FileProblem(`The XML is nested more than ${MAX_XML_DEPTH} elements deep: this is not a broker's export.`);
    if (wanted.has(node.name)) out.push({ name: node.name, attributes: { ...(node.attributes as Record<string, string>) } });
  });
  parser.on("closetag", () => {
    depth--;
  });
  parser.on("doctype", () => {
    throw new FileProblem("The XML declares a document type: a Flex query file has none.");
  });
  parser.on("error", (err) => {
    failure ??= err.message;
  });
  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof FileProblem) throw err;
    failure ??= (err as Error).message;
  }
  if (failure) throw new FileProblem(`The XML could not be read: ${failure.split("\n")[0].slice(0, 160)}`);
  return out;
}

const FLEX_ELEMENTS = new Set([
  "FlexStatement",
  "Trade",
  "CorporateAction",
  "Transfer",
  "OpenPosition",
  "CashReportCurrency",
  "EquitySummaryByReportDateInBase",
]);

/** A Flex element's security: its symbol, with Yahoo's suffix for a listing outside the US. */
const xmlSec = (a: Record<string, string>): Security => ({
  key: (a.symbol ?? "").toUpperCase(),
  ticker: marketTicker(tickerOf(a.symbol ?? ""), { exchange: a.listingExchange, currency: a.listingExchange ? "" : a.currency }),
  name: a.description ?? "",
  ...(a.currency ? { currency: a.currency.toUpperCase() } : {}),
});

function flexXml(text: string, options: ParseOptions): Statement {
  const elements = readXmlElements(text, FLEX_ELEMENTS);
  const statement = emptyStatement("ibkr");
  const errors = new Problems();
  let account = "";
  let toDate: string | null = null;
  let fromDate: string | null = null;
  const trades: XmlElement[] = [];
  const legs: Leg[] = [];
  const positions: PositionLine[] = [];
  const accounts = new Set<string>();
  let equity: { total: number; besides: number } | null = null;
  const num = (a: Record<string, string>, k: string) => parseNumber(a[k] ?? "");
  for (const el of elements) {
    const a = el.attributes;
    const acct = a.accountId ? accountLabel(a.accountId) : account;
    if (el.name === "FlexStatement") {
      account = accountLabel(a.accountId ?? "");
      toDate = parseDate(a.toDate ?? "", "mdy") ?? toDate;
      fromDate = parseDate(a.fromDate ?? "", "mdy") ?? fromDate;
      continue;
    }
    const category = a.assetCategory ?? "";
    if (el.name === "Trade") {
      if (!HOLDING_CLASSES.test(category)) {
        if (OPTION_CLASSES.test(category)) errors.add(undefined, `options are not imported (${a.symbol ?? ""})`);
        continue;
      }
      trades.push(el);
    } else if (el.name === "CorporateAction") {
      if (!HOLDING_CLASSES.test(category)) continue;
      const q = num(a, "quantity");
      const date = parseDate(a.dateTime || a.reportDate || "", "mdy");
      if (!q || !date || !a.symbol) continue;
      const type = a.type ?? "";
      legs.push({
        security: { ...xmlSec(a), name: a.description?.replace(/^.*?\(([^,()]+), (.*?), [A-Z0-9]+\)\s*$/, "$2") ?? "" },
        quantity: q,
        account: acct,
        at: date,
        group: `${a.actionID || `${date}|${type}`}${/^(FS|RS)$/.test(type) ? "|split" : ""}`,
      });
    } else if (el.name === "Transfer") {
      if (!HOLDING_CLASSES.test(category)) continue;
      const q = num(a, "quantity");
      const date = parseDate(a.date || a.dateTime || "", "mdy");
      if (!q || !date || !a.symbol) continue;
      const base = { ...xmlSec(a), account: acct, at: date };
      const out = /^out/i.test(a.direction ?? "") || q < 0;
      statement.entries.push(
        out
          ? { ...base, kind: "transferOut", quantity: Math.abs(q) }
          : { ...base, kind: "transferIn", quantity: Math.abs(q), price: num(a, "transferPrice") ?? num(a, "price") },
      );
    } else if (el.name === "OpenPosition") {
      accounts.add(acct);
      if (a.levelOfDetail && !/summary/i.test(a.levelOfDetail)) continue;
      if (!HOLDING_CLASSES.test(category) || !a.symbol) continue;
      const quantity = num(a, "position");
      if (!quantity || quantity < 0) {
        if (quantity) errors.add(undefined, `short position in ${a.symbol} not imported`);
        continue;
      }
      const costPrice = num(a, "costBasisPrice");
      const costMoney = num(a, "costBasisMoney");
      positions.push({
        ...xmlSec(a),
        account: acct,
        quantity,
        averageCost: costPrice ?? (costMoney !== null ? costMoney / quantity : null),
        price: num(a, "markPrice"),
        value: num(a, "positionValue"),
      });
    } else if (el.name === "CashReportCurrency") {
      if (a.currency !== "BASE_SUMMARY") continue;
      const stated = num(a, "endingCash");
      if (stated !== null) statement.cash.push({ account: acct, label: "Cash Report: ending cash", stated, computed: null });
    } else if (el.name === "EquitySummaryByReportDateInBase") {
      const total = num(a, "total");
      if (total === null) continue;
      const holdings = (num(a, "stock") ?? 0) + (num(a, "funds") ?? 0) + (num(a, "crypto") ?? 0);
      equity = { total, besides: total - holdings };
    }
  }
  const detail = trades.some((t) => /^execution$/i.test(t.attributes.levelOfDetail ?? "")) ? /^execution$/i : /^(order|)$/i;
  for (const { attributes: a } of trades) {
    if (!detail.test(a.levelOfDetail ?? "")) continue;
    const q = num(a, "quantity");
    const date = parseDate(a.tradeDate || a.dateTime || "", "mdy");
    if (!q || !date || !a.symbol) continue;
    const base = { ...xmlSec(a), account: a.accountId ? accountLabel(a.accountId) : account, at: date };
    const price = num(a, "tradePrice") ?? 0;
    const fee = Math.abs(num(a, "ibCommission") ?? 0);
    const sell = /^sell/i.test(a.buySell ?? "") || q < 0;
    statement.entries.push(
      sell ? { ...base, kind: "sell", quantity: Math.abs(q), price, fee } : { ...base, kind: "buy", quantity: q, price, fee },
    );
  }
  statement.entries.push(...corporateEntries(legs));
  if (positions.length || accounts.size) {
    statement.positions = positions;
    statement.positionAccounts = [...accounts];
    if (equity) statement.values.push({ account, label: "Equity summary: total", stated: equity.total, besides: equity.besides });
  }
  statement.asOf = toDate ?? options.asOf;
  statement.since = fromDate;
  statement.errors = errors.list;
  return statement;
}
