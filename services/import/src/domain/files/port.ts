/**
 * One interface for every broker's file (the pricing providers' model: one class per vendor). A parser
 * recognises its format from the content alone (headers, markers; never the file name) and turns the file
 * into holdings rows in the import table's shape.
 */
import type { CsvRow } from "./csv.ts";

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
  | "ibkr"
  | "degiro"
  | "trading212"
  | "etoro"
  | "revolut"
  | "freetrade"
  | "ghostfolio"
  | "csv";

export interface ParseResult {
  format: BrokerFormat;
  rows: ImportedPosition[];
  errors: RowError[];
}

/** The file as the parsers see it: its text (BOM removed) and, lazily, its CSV rows. */
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
  parse(file: SourceFile, options: ParseOptions): ParseResult;
}
