/**
 * One interface for every broker's file (the pricing providers' model: one class per vendor). A parser
 * recognises its format from the content alone (headers, markers; never the file name) and reads the file
 * into a Statement: the transactions it lists (ledger entries, every buy and sell kept), what it says is held
 * (its positions section, when it has one) and the totals it states. `settle.ts` turns statements into the
 * import table's rows, the questions to ask (opening positions) and the checks against the stated totals.
 */
import type { CsvRow } from "./csv.ts";
import type { Entry } from "./ledger.ts";

/** A holding as the import table shows it; the same shape as a screenshot's rows after resolution. */
export interface ImportedPosition {
  ticker: string;
  name: string;
  quantity: number;
  /** purchase price: the average cost per share of what is still held (see ledger.ts) */
  PoA: number;
  /** purchase date, ISO: the first buy of the current holding */
  DoA: string;
  /** the broker account the holding sits in, "" when the file does not say */
  account: string;
  /**
   * what the user must confirm or correct before it is saved (an opening position assumed, a purchase date or
   * price the file does not give, another market's listing): the import table's flags, as a screenshot row's;
   * absent when there is nothing to check
   */
  flags?: RowFlag[];
}

/** Why a cell of a row needs a look: the field, a code and the sentence the table shows under the cell. */
export interface RowFlag {
  field: "ticker" | "quantity" | "price" | "date";
  code: "assumed-opening" | "date-not-in-file" | "price-not-in-file" | "price-stands-in" | "other-market" | "no-ticker";
  message: string;
}

/** A row the parser could not use, with a message a person can act on. `line` is 1-based in the file. */
export interface RowError {
  line?: number;
  message: string;
}

export type BrokerFormat =
  | "schwab"
  | "fidelity"
  | "vanguard"
  | "etrade"
  | "ofx"
  | "qif"
  | "ibkr"
  | "degiro"
  | "trading212"
  | "etoro"
  | "revolut"
  | "robinhood"
  | "coinbase"
  | "kraken"
  | "freetrade"
  | "ghostfolio"
  | "csv";

/** One line of a positions list: what the file says is held at its date. */
export interface PositionLine {
  account: string;
  /** the identifier the file's transactions use for the security (ticker, ISIN, CUSIP, OFX unique id) */
  key: string;
  ticker: string;
  name: string;
  quantity: number;
  /** average cost per share as the broker states it, null when the file gives none */
  averageCost: number | null;
  /** the file's price of the line (for the value check), null when none */
  price: number | null;
  /** the file's market value of the line, null when none */
  value: number | null;
  line?: number;
}

/** A value the file states for an account's positions (an "Account Total" row, a sum of the value column). */
export interface ValueTotal {
  /** the account, or null for the whole file */
  account: string | null;
  label: string;
  stated: number;
  /** what the stated total includes that is not a holding row (cash, money-market funds, options…) */
  besides: number;
  line?: number;
}

/** Cash the file states, and where it can be recomputed from the file's own lines, that sum. */
export interface CashTotal {
  account: string | null;
  label: string;
  stated: number;
  /** the sum the importer worked out from the lines it read, null when the file gives no way to */
  computed: number | null;
  line?: number;
}

export interface Statement {
  format: BrokerFormat;
  /** the transactions, in the file's order */
  entries: Entry[];
  /** the positions section; null when the file has none (a history alone) */
  positions: PositionLine[] | null;
  /** the accounts the positions section covers completely (a holding of one of them it does not list is not held) */
  positionAccounts?: string[];
  /** the date the positions and totals are as of, null when the file does not say */
  asOf: string | null;
  /** the first day the file covers (its period's start, its earliest line, cash lines included), when known */
  since?: string | null;
  values: ValueTotal[];
  cash: CashTotal[];
  errors: RowError[];
}

/** The file as the parsers see it: its text (BOM removed, LF line ends) and its CSV rows. */
export interface SourceFile {
  text: string;
  rows(): CsvRow[];
}

export interface ParseOptions {
  /** stands in for purchase dates a positions list does not give (the caller's clock: today) */
  asOf: string;
}

export interface BrokerFileParser {
  readonly format: BrokerFormat;
  /** whether the content is this format; cheap, no parsing of the whole file needed */
  detect(file: SourceFile): boolean;
  read(file: SourceFile, options: ParseOptions): Statement;
}

/** A file that cannot be read at all (too deep, too many rows, not the format it claims): a 4xx, never a 500. */
export class FileProblem extends Error {
  constructor(
    message: string,
    readonly status: 413 | 422 = 422,
  ) {
    super(message);
    this.name = "FileProblem";
  }
}

export function emptyStatement(format: BrokerFormat): Statement {
  return { format, entries: [], positions: null, asOf: null, values: [], cash: [], errors: [] };
}
