/**
 * CSV as brokers write it, read with papaparse: an optional byte-order mark, `,` `;` `|` or tab separators
 * (sniffed here from the first lines outside quotes, see below), quoted fields with doubled quotes and line
 * breaks inside, CRLF, LF or CR line ends (made LF first, so a file that mixes them still splits on each),
 * stray spaces around cells (trimmed). Each row keeps its 1-based line number in the file so errors can point
 * at it; rows with no text in any cell are left out.
 *
 * Bounds (a file is at most IMPORT_MAX_FILE_BYTES): at most CSV_LIMITS.rows rows and CSV_LIMITS.columns cells
 * in a row; beyond them the file is refused with a FileProblem (the route answers 422), never read on.
 *
 * `parseCsv` reads at once (tests, small files); the service reads uploads with `CsvCollector` fed by
 * papaparse's step callback and pauses between slices of rows so a large file never holds the event loop.
 */
import Papa from "papaparse";
import { FileProblem } from "./port.ts";

export interface CsvRow {
  line: number;
  cells: string[];
}

export type Separator = "," | ";" | "\t" | "|";

export const CSV_LIMITS = { rows: 250_000, columns: 1_000 } as const;

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** One line-end: CRLF and a lone CR become LF (inside quoted cells too). */
export function normaliseLineEnds(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/**
 * The separator whose count per line is the same on most of the first lines: `;` files with unquoted decimal
 * commas have varying comma counts but a steady semicolon count, so `;`, tab and `|` are tried before `,`.
 */
export function sniffSeparator(text: string): Separator {
  const sample = text.split(/\r?\n|\r/, 12).filter((l) => l.trim() !== "");
  for (const sep of [";", "\t", "|", ","] as Separator[]) {
    const counts = sample.map((l) => countOutsideQuotes(l, sep)).filter((c) => c > 0);
    if (!counts.length) continue;
    const tally = new Map<number, number>();
    for (const c of counts) tally.set(c, (tally.get(c) ?? 0) + 1);
    const steady = Math.max(...tally.values());
    if (steady >= Math.max(2, Math.ceil(sample.length * 0.6)) || (sample.length === 1 && counts.length === 1)) return sep;
  }
  return ",";
}

function countOutsideQuotes(line: string, sep: string): number {
  let quoted = false;
  let n = 0;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === sep && !quoted) n++;
  }
  return n;
}

/** papaparse's options for one file: the sniffed separator, LF line ends, every cell a string. */
export function papaOptions(separator: Separator) {
  return { delimiter: separator, newline: "\n" as const, quoteChar: '"', escapeChar: '"', header: false, dynamicTyping: false };
}

/**
 * Collects papaparse's rows one at a time (its `step` callback gives each row and the offset just past it)
 * and works out each row's first line from the line breaks before it.
 */
export class CsvCollector {
  readonly rows: CsvRow[] = [];
  private offset = 0;
  private line = 1;
  private seen = 0;

  constructor(private readonly text: string) {}

  add(cells: string[], cursor: number): void {
    const start = this.line;
    for (let i = this.offset; i < cursor && i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) this.line++;
    this.offset = cursor;
    if (++this.seen > CSV_LIMITS.rows) {
      throw new FileProblem(`The file has more than ${CSV_LIMITS.rows.toLocaleString("en-US")} rows. Export a shorter period.`);
    }
    if (cells.length > CSV_LIMITS.columns) {
      throw new FileProblem(`Line ${start} has more than ${CSV_LIMITS.columns} columns: this is not a broker's export.`);
    }
    const trimmed = cells.map((c) => c.trim());
    if (trimmed.some((c) => c !== "")) this.rows.push({ line: start, cells: trimmed });
  }
}

/** The text as the readers take it: no byte-order mark, LF line ends. */
export function cleanText(input: string): string {
  return normaliseLineEnds(stripBom(input));
}

/** Reads the whole text at once (the text is cleaned first). */
export function parseCsv(input: string, separator?: Separator): CsvRow[] {
  const text = cleanText(input);
  const collector = new CsvCollector(text);
  Papa.parse<string[]>(text, {
    ...papaOptions(separator ?? sniffSeparator(text)),
    step: (result) => collector.add(result.data, result.meta.cursor),
  });
  return collector.rows;
}

/** Header names compared loosely: case, spaces, BOM and punctuation other than letters/digits ignored. */
export function headerKey(name: string): string {
  return stripBom(name)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** A table: the header row found among the rows, and lookups by any of several header spellings. */
export class Table {
  readonly keys: string[];
  readonly header: CsvRow;
  readonly rows: CsvRow[];
  constructor(header: CsvRow, rows: CsvRow[]) {
    this.header = header;
    this.rows = rows;
    this.keys = header.cells.map(headerKey);
  }

  private readonly found = new Map<string, number>();

  /** index of the first column whose header is one of `names` (compared with headerKey), or -1 */
  column(...names: string[]): number {
    const asked = names.join("\u0000");
    const known = this.found.get(asked);
    if (known !== undefined) return known;
    let index = -1;
    for (const name of names) {
      const i = this.keys.indexOf(headerKey(name));
      if (i >= 0) {
        index = i;
        break;
      }
    }
    this.found.set(asked, index);
    return index;
  }

  has(...names: string[]): boolean {
    return names.every((n) => this.column(n) >= 0);
  }

  /** the cell under the first matching header, "" when the column or cell is absent */
  get(row: CsvRow, ...names: string[]): string {
    const i = this.column(...names);
    return i >= 0 ? (row.cells[i] ?? "").trim() : "";
  }
}

/** The first row (within the first `within` rows) for which `isHeader` holds, and the rows after it. */
export function findTable(rows: CsvRow[], isHeader: (keys: string[]) => boolean, within = 15): Table | null {
  const limit = Math.min(rows.length, within);
  for (let i = 0; i < limit; i++) {
    if (isHeader(rows[i].cells.map(headerKey))) return new Table(rows[i], rows.slice(i + 1));
  }
  return null;
}
