/**
 * Broker files → holdings rows, the ledger of their transactions, questions and checks. The format is
 * recognised from the content (never the file name): each parser's `detect` is asked in turn, most specific
 * first; a CSV no parser claims is a generic CSV read through a column mapping (proposed from the header,
 * confirmed by the user, and saved for reuse if the user wishes).
 *
 * Rules every parser follows (details at the top of each parser):
 * - A file becomes a Statement (port.ts): its transactions as ledger entries (ledger.ts: every buy and sell
 *   kept with date, quantity, price and fee; corporate actions, transfers and splits as their own kinds),
 *   its positions section when it has one, and the totals it states. Cash-only lines (deposits, withdrawals,
 *   interest, fees, taxes, cash dividends, currency exchange) are not entries.
 * - Several files of one user (a broker's history and its positions download) settle together (settle.ts):
 *   the positions give the quantities, the history the dates and prices; what the history does not explain
 *   was held before its first date.
 * - Numbers: US and European forms (numbers.ts); dates: several forms, day- or month-first by the format's
 *   convention (dates.ts); CSV: papaparse, BOM, quotes, `,` `;` `|` or tab (csv.ts).
 * - Prices stay in the currency the broker quotes the security in; a file's ISIN stands in for the ticker
 *   when the broker names none (DEGIRO, some IBKR queries) and is looked up afterwards.
 * - Each unusable row becomes an error with its line number and a reason; the other rows still import.
 */
import { CoinbaseParser } from "./coinbase.ts";
import { type CsvRow, cleanText, parseCsv } from "./csv.ts";
import { DegiroParser } from "./degiro.ts";
import { EtoroParser } from "./etoro.ts";
import { EtradeParser, EtradePortfolioParser } from "./etrade.ts";
import { FidelityParser } from "./fidelity.ts";
import { FreetradeParser } from "./freetrade.ts";
import { type ColumnMapping, type GenericStatement, parseWithMapping } from "./generic.ts";
import { GhostfolioParser } from "./ghostfolio.ts";
import { IbkrParser } from "./ibkr.ts";
import { KrakenParser } from "./kraken.ts";
import { OfxParser } from "./ofx.ts";
import type { BrokerFileParser, BrokerFormat, ParseOptions, SourceFile, Statement } from "./port.ts";
import { QifParser } from "./qif.ts";
import { RevolutParser } from "./revolut.ts";
import { RobinhoodParser } from "./robinhood.ts";
import { SchwabParser, SchwabPositionsParser } from "./schwab.ts";
import { type Opening, type Settled, settle } from "./settle.ts";
import { Trading212Parser } from "./trading212.ts";
import { VanguardParser } from "./vanguard.ts";

export type { CsvRow } from "./csv.ts";
export type { ColumnMapping, GenericStatement } from "./generic.ts";
export { proposeMapping } from "./generic.ts";
export type { Transaction } from "./ledger.ts";
export type { BrokerFormat, ImportedPosition, RowError, RowFlag, Statement } from "./port.ts";
export { FileProblem } from "./port.ts";
export type { Check, Opening, Question, Settled } from "./settle.ts";

/** Ordered: the formats that are not CSV first, then formats whose headers are most distinctive. */
export const PARSERS: readonly BrokerFileParser[] = [
  new OfxParser(),
  new QifParser(),
  new IbkrParser(),
  new DegiroParser(),
  new SchwabParser(),
  new SchwabPositionsParser(),
  new FidelityParser(),
  new VanguardParser(),
  new EtradePortfolioParser(),
  new EtradeParser(),
  new RobinhoodParser(),
  new CoinbaseParser(),
  new KrakenParser(),
  new Trading212Parser(),
  new EtoroParser(),
  new RevolutParser(),
  new FreetradeParser(),
  new GhostfolioParser(),
];

/** OFX/QFX, XML and QIF are read as text; anything else as CSV. */
export function looksLikeCsv(text: string): boolean {
  const head = text.slice(0, 2000).trimStart();
  return !(/OFXHEADER|<OFX>/i.test(head) || head.startsWith("<") || /^!(Type|Account|Option)/im.test(head));
}

/** The file as the parsers see it; `rows`, when given, are its CSV rows read already (the service reads them in slices). */
export function sourceFile(text: string, rows?: CsvRow[]): SourceFile {
  const clean = cleanText(text);
  let read: CsvRow[] | null = rows ?? null;
  const csv = looksLikeCsv(clean);
  return { text: clean, rows: () => (read ??= csv ? parseCsv(clean) : []) };
}

export function detectFormat(text: string): BrokerFormat {
  const file = sourceFile(text);
  return PARSERS.find((p) => p.detect(file))?.format ?? "csv";
}

export interface FileImportOptions extends ParseOptions {
  /** the column mapping the user confirmed, for a generic CSV */
  mapping?: ColumnMapping;
  /** the user's answers: shares held before the history's first date */
  openings?: Opening[];
}

/** One file → its statement (a generic CSV's carries the mapping used and the file's columns). */
export function readStatement(file: SourceFile, options: FileImportOptions): Statement | GenericStatement {
  if (file.text.trim() === "") return { ...emptyGeneric(), errors: [{ message: "the file is empty" }] };
  const parser = PARSERS.find((p) => p.detect(file));
  if (parser) return parser.read(file, options);
  return parseWithMapping(file, options);
}

export interface FileResult extends Settled {
  mapping?: Partial<ColumnMapping>;
  columns?: string[];
  needsMapping?: boolean;
}

/** Files of one import (a history and its positions download, say) → the import table's rows and the rest. */
export function settleFiles(files: SourceFile[], options: FileImportOptions): FileResult {
  const statements = files.map((f) => readStatement(f, options));
  const generic = statements.find((s): s is GenericStatement => "mapping" in s);
  const settled = settle(statements, options);
  return generic ? { ...settled, mapping: generic.mapping, columns: generic.columns, needsMapping: generic.needsMapping } : settled;
}

/** One file's text → the result (tests and the bench; the service reads CSV rows in slices first). */
export function parseBrokerFile(text: string, options: FileImportOptions): FileResult {
  return settleFiles([sourceFile(text)], options);
}

function emptyGeneric(): GenericStatement {
  return {
    format: "csv",
    entries: [],
    positions: null,
    asOf: null,
    values: [],
    cash: [],
    errors: [],
    mapping: {},
    columns: [],
    needsMapping: false,
  };
}
