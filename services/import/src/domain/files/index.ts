/**
 * Broker files → holdings rows. The format is recognised from the content (never the file name): each
 * parser's `detect` is asked in turn, most specific first; a file no parser claims is a generic CSV read
 * through a column mapping (proposed from the header, confirmed by the user).
 *
 * Rules every parser follows (details at the top of each parser):
 * - Transactions become positions (ledger.ts): buys, reinvested dividends and received shares add, sales
 *   remove at the average cost, splits scale the share count; cash-only lines (deposits, withdrawals,
 *   interest, fees, taxes, cash dividends, currency exchange) are ignored. PoA is the average cost per share
 *   of what is still held, fees excluded; DoA the first buy of the current holding.
 * - A positions list (Fidelity positions, Vanguard holdings, OFX INVPOSLIST, IBKR Open Positions) gives the
 *   quantities as they are; where the file has no purchase date, the statement date (else today) stands in.
 * - Numbers: US and European forms (numbers.ts); dates: several forms, day- or month-first by the format's
 *   convention (dates.ts); CSV: BOM, quotes, `,` `;` or tab (csv.ts).
 * - Prices stay in the currency the broker quotes the security in; a file's ISIN stands in for the ticker
 *   when the broker names none (DEGIRO, some IBKR flex queries).
 * - Each unusable row becomes an error with its line number and a reason; the other rows still import.
 */
import { type CsvRow, parseCsv, stripBom } from "./csv.ts";
import { DegiroParser } from "./degiro.ts";
import { EtoroParser } from "./etoro.ts";
import { EtradeParser } from "./etrade.ts";
import { FidelityParser } from "./fidelity.ts";
import { FreetradeParser } from "./freetrade.ts";
import { type ColumnMapping, type GenericResult, parseWithMapping } from "./generic.ts";
import { GhostfolioParser } from "./ghostfolio.ts";
import { IbkrParser } from "./ibkr.ts";
import { OfxParser } from "./ofx.ts";
import type { BrokerFileParser, BrokerFormat, ParseOptions, ParseResult, SourceFile } from "./port.ts";
import { RevolutParser } from "./revolut.ts";
import { SchwabParser } from "./schwab.ts";
import { Trading212Parser } from "./trading212.ts";
import { VanguardParser } from "./vanguard.ts";

export type { ColumnMapping, GenericResult } from "./generic.ts";
export { proposeMapping } from "./generic.ts";
export type { BrokerFormat, ImportedPosition, ParseResult, RowError } from "./port.ts";

/** Ordered: OFX first (not CSV), then formats whose headers are most distinctive. */
export const PARSERS: readonly BrokerFileParser[] = [
  new OfxParser(),
  new IbkrParser(),
  new DegiroParser(),
  new SchwabParser(),
  new FidelityParser(),
  new VanguardParser(),
  new EtradeParser(),
  new Trading212Parser(),
  new EtoroParser(),
  new RevolutParser(),
  new FreetradeParser(),
  new GhostfolioParser(),
];

export function sourceFile(text: string): SourceFile {
  const clean = stripBom(text);
  let rows: CsvRow[] | null = null;
  return { text: clean, rows: () => (rows ??= parseCsv(clean)) };
}

export function detectFormat(text: string): BrokerFormat {
  const file = sourceFile(text);
  return PARSERS.find((p) => p.detect(file))?.format ?? "csv";
}

export interface FileImportOptions extends ParseOptions {
  /** the column mapping the user confirmed, for a generic CSV */
  mapping?: ColumnMapping;
}

/** Parses a broker file; a generic CSV also returns the mapping it used (to show or confirm) and its columns. */
export function parseBrokerFile(text: string, options: FileImportOptions): ParseResult | GenericResult {
  const file = sourceFile(text);
  if (file.text.trim() === "") return { format: "csv", rows: [], errors: [{ message: "the file is empty" }] };
  const parser = options.mapping ? undefined : PARSERS.find((p) => p.detect(file));
  if (parser) return parser.parse(file, options);
  return parseWithMapping(file, options);
}
