/**
 * CSV as brokers write it: an optional byte-order mark, `,` `;` or tab separators (sniffed from the first
 * lines outside quotes), quoted fields with doubled quotes and line breaks inside, CRLF or LF, stray spaces.
 * Each row keeps its 1-based line number in the file so errors can point at it.
 */

export interface CsvRow {
  line: number;
  cells: string[];
}

export type Separator = "," | ";" | "\t";

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The separator whose count per line is the same on most of the first lines: `;` files with unquoted decimal
 * commas have varying comma counts but a steady semicolon count, so `;` and tab are tried before `,`.
 */
export function sniffSeparator(text: string): Separator {
  const sample = text.split(/\r?\n/, 12).filter((l) => l.trim() !== "");
  for (const sep of [";", "\t", ","] as Separator[]) {
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

export function parseCsv(input: string, separator: Separator = sniffSeparator(stripBom(input))): CsvRow[] {
  const text = stripBom(input);
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let wasQuoted = false;
  const endCell = () => {
    cells.push(wasQuoted ? cell : cell.trim());
    cell = "";
    wasQuoted = false;
  };
  const endRow = () => {
    endCell();
    if (cells.some((c) => c.trim() !== "")) rows.push({ line: rowLine, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === "") {
      quoted = true;
      wasQuoted = true;
      cell = "";
    } else if (ch === separator) endCell();
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (cell !== "" || cells.length) endRow();
  return rows;
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
  constructor(
    readonly header: CsvRow,
    readonly rows: CsvRow[],
  ) {
    this.keys = header.cells.map(headerKey);
  }

  /** index of the first column whose header is one of `names` (compared with headerKey), or -1 */
  column(...names: string[]): number {
    for (const name of names) {
      const i = this.keys.indexOf(headerKey(name));
      if (i >= 0) return i;
    }
    return -1;
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
