/**
 * The screenshot use case around the pure reader: recognised lines → holdings, then every holding checked
 * against the caller's `search` (the pricing service's autocomplete): tickers confirmed, names resolved,
 * a confidence and flags for what the user must confirm (domain/screenshot/checks.ts); no I/O in the domain.
 */

import { type DecimalMark, parseNumber } from "./domain/numbers.ts";
import {
  type CheckedHolding,
  checkDuplicates,
  checkHolding,
  checkPrecision,
  LIKELY_NAME,
  type Suggested,
  similarity,
} from "./domain/screenshot/checks.ts";
import {
  readHoldings,
  type ScreenshotError,
  type ScreenshotHolding,
  type ScreenshotLine,
  type ScreenshotReading,
} from "./domain/screenshot/holdings.ts";
import type { Layout, OcrResult } from "./ocr/engine.ts";
import { BlankImageError, type PreparedImage, prepareImage } from "./ocr/prepare.ts";

/** The file passed the header checks but could not be decoded (truncated, corrupt). */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`the image could not be decoded: ${(cause as Error)?.message ?? cause}`);
    this.name = "UnreadableImageError";
  }
}

/** pricing's search: suggestions best first, or null when it could not be asked (see resolve.ts) */
export type Search = (query: string) => Promise<Suggested[] | null>;

export interface ScreenshotResult {
  message: CheckedHolding[];
  errors: ScreenshotError[];
}

export async function holdingsFromLines(lines: ScreenshotLine[], search: Search, decimal?: DecimalMark): Promise<ScreenshotResult> {
  return withPrecision(await checkRows(readHoldings(lines, decimal), search));
}

/** every checked row's reading, for the precision checks that come after the readings are merged */
const readingOf = new WeakMap<CheckedHolding, ScreenshotHolding>();

/**
 * The quantity's precision checked last (checks.ts `checkPrecision`), and rows read twice (`checkDuplicates`):
 * after the readings are merged, so their doubts ask the user without changing which reading is kept or
 * whether a second one is made.
 */
function withPrecision(result: ScreenshotResult): ScreenshotResult {
  return {
    ...result,
    message: checkDuplicates(
      result.message.map((r) => {
        const row = readingOf.get(r);
        return row ? checkPrecision(r, row) : r;
      }),
    ),
  };
}

/**
 * Every row checked against pricing's search (domain/screenshot/checks.ts): its ticker, and its name when
 * the screen shows one. Each distinct query is asked once, all at once.
 */
export async function checkRows(
  reading: Pick<ScreenshotReading, "rows" | "errors">,
  search: Search,
  asked = new Map<string, Promise<Suggested[] | null>>(),
): Promise<ScreenshotResult> {
  const ask = (query: string) => {
    const q = query.trim();
    if (!asked.has(q)) asked.set(q, search(q));
    return asked.get(q) as Promise<Suggested[] | null>;
  };
  // a search that wants the whole name inside a company's name finds nothing for a name the screen shortened
  // or the reading cut ("SPDR S&P 500 Trust"): then its first two words, then its first word
  const askName = async (name: string) => {
    const words = name.split(/\s+/);
    let found = await ask(name);
    if (found?.length === 0 && words.length > 2) found = await ask(words.slice(0, 2).join(" "));
    if (found?.length === 0 && words.length > 1 && words[0].length >= 4) found = await ask(words[0]);
    return found;
  };
  // a ticker pricing does not know gives way to another word of the row shaped like a symbol that it knows
  // exactly and whose name is like the row's (similarity ≥ 0.5): the symbol is resolved, not guessed (a row
  // without a name has nothing to vouch for another word, and stays flagged)
  const resolve = async (row: ScreenshotHolding): Promise<ScreenshotHolding> => {
    const knows = (found: Suggested[] | null, t: string) => found?.find((s) => s.ticker === t || s.ticker === `${t}-USD`);
    if (!row.alternatives?.length || !row.name || (row.ticker && knows(await ask(row.ticker), row.ticker))) return row;
    for (const t of row.alternatives) {
      const known = knows(await ask(t), t);
      if (known && similarity(row.name, known.name) >= LIKELY_NAME) return { ...row, ticker: t };
    }
    return row;
  };
  const message = await Promise.all(
    reading.rows.map(async (read) => {
      const row = await resolve(read);
      const [byTicker, byName] = await Promise.all([row.ticker ? ask(row.ticker) : [], row.name ? askName(row.name) : []]);
      const checked = checkHolding(row, { byTicker, byName });
      readingOf.set(checked, row);
      return checked;
    }),
  );
  return { message, errors: [...reading.errors] };
}

/**
 * Two readings merged, each row checked already: a row of the second that the first does not have (no row
 * with the same quantity and price or value, the same ticker or the same name) is added; a row both have is kept as the reading
 * the checks were surer of (its confidence: a ticker pricing knows, a quantity the line proves), the first
 * reading's when equal. The errors are those of the reading with fewer.
 */
export function mergeReadings(first: ScreenshotResult, second: ScreenshotResult): ScreenshotResult {
  // how alike two rows are: the same ticker most, then the same quantity and price or value, then the same name
  // (a name one reading gave the wrong row must not pair two holdings, nor a name two tickers share: "iShares Core
  // MSCI World" is IWDA's and EUNL's); each row of the second pairs once
  const likeness = (f: CheckedHolding, s: CheckedHolding) =>
    s.ticker !== "" && f.ticker === s.ticker
      ? 3
      : f.quantity === s.quantity && (f.price === s.price || f.marketValue === s.marketValue)
        ? 2
        : s.name && f.name === s.name && !(f.ticker && s.ticker && f.ticker !== s.ticker)
          ? 1
          : 0;
  const paired = new Set<CheckedHolding>();
  const same = (f: CheckedHolding, s: CheckedHolding) => likeness(f, s) > 0;
  const rows = first.message.map((f) => {
    let best: CheckedHolding | undefined;
    for (const x of second.message) if (!paired.has(x) && likeness(f, x) > (best ? likeness(f, best) : 0)) best = x;
    if (best) paired.add(best);
    return best && best.confidence > f.confidence ? best : f;
  });
  const missing = second.message.filter((s) => !paired.has(s) && !first.message.some((f) => same(f, s)));
  return { message: [...rows, ...missing], errors: second.errors.length < first.errors.length ? second.errors : first.errors };
}

const EVIDENCE = { product: 4, column: 3, unit: 2, alone: 1 } as const;
const strength = (r: ScreenshotHolding) => (r.evidence.mismatch || r.evidence.repaired ? 0 : EVIDENCE[r.evidence.quantity]);

/** a row the checks would flag for its quantity: worth a second reading */
const doubtful = (r: ScreenshotHolding) => strength(r) <= 1;

export interface ScreenshotReader {
  read(image: Uint8Array | PreparedImage, layout?: Layout): Promise<OcrResult>;
  /** one word read again on its own; readers without it skip that step */
  readWord?(
    image: PreparedImage,
    box: { x0: number; y0: number; x1: number; y1: number },
    chars?: string,
  ): Promise<{ text: string; confidence: number }>;
}

/**
 * Quantities whose digits nothing on the screen can prove (five significant digits or more, which a
 * quantity × price = value check within 1 % cannot vouch for, or a recognition less than 85 sure) are read
 * again on their own, as digits and separators only; other digits mark the row (checks.ts flags it). When
 * the second reading has the same shape (the same separators in the same places) and is surer by 15 points,
 * its digits are taken (a small bold "0" first read as "6"), and the first reading is the one the flag
 * offers. At most REREAD_WORDS per reading.
 */
async function confirmQuantities(ocr: ScreenshotReader, image: PreparedImage, rows: ScreenshotHolding[]): Promise<void> {
  if (!ocr.readWord) return;
  const digits = (s: string) => s.replace(/\D/g, "").replace(/^0+/, "");
  const doubtfulDigits = rows
    .filter((r) => r.evidence.quantityBox && r.evidence.quantityText)
    .filter((r) => digits(r.evidence.quantityText as string).length >= 5 || (r.evidence.quantityConfidence ?? 100) < 85)
    .slice(0, REREAD_WORDS);
  for (const row of doubtfulDigits) {
    const first = row.evidence.quantityText as string;
    const again = await ocr.readWord(image, row.evidence.quantityBox as NonNullable<typeof row.evidence.quantityBox>, NUMBER_CHARS);
    const seen = digits(first);
    const reread = digits(again.text);
    if (!reread || reread === seen || !/\d/.test(again.text)) continue;
    const shape = (t: string) => t.replace(/\d/g, "9");
    const mark = ["." as const, "," as const].find((m) => parseNumber(first, m) === row.quantity);
    const value = mark ? parseNumber(again.text, mark) : null;
    if (
      value !== null &&
      value > 0 &&
      shape(again.text) === shape(first.replace(/[^\d.,'\u2019\s]/g, "")) &&
      again.confidence >= (row.evidence.quantityConfidence ?? 100) + 15 &&
      row.evidence.quantity !== "product"
    ) {
      row.quantity = value;
      row.evidence.disagree = first;
    } else row.evidence.disagree = again.text;
  }
}

/** a quantity read again: digits and the separators numbers are written with */
const NUMBER_CHARS = "0123456789.,'";

/** words read again on their own at most, per reading (each costs a fraction of a page's reading) */
const REREAD_WORDS = 8;
const UNSURE_WORD = 75;

/**
 * The short words opening a line that the recognition was unsure of (a ticker in bold: "vVoo", "[8]") read
 * again on their own; the new reading replaces the word when it is surer by 10 points and looks like a
 * symbol. At most REREAD_WORDS per reading, the least sure first.
 */
async function rereadTickers(ocr: ScreenshotReader, image: PreparedImage, result: OcrResult): Promise<OcrResult> {
  if (!ocr.readWord) return result;
  const unsure = result.lines
    .map((l) => l.words[0])
    .filter((w) => w && (w.confidence ?? 100) < UNSURE_WORD && /\p{L}/u.test(w.text) && w.text.length <= 7)
    .sort((a, b) => (a.confidence ?? 0) - (b.confidence ?? 0))
    .slice(0, REREAD_WORDS);
  for (const word of unsure) {
    const again = await ocr.readWord(image, word);
    // a lone bold capital O reads as a zero or a small o ("oO", "0"): in a ticker's place it is the letter
    const text = /^[0oO]{1,2}$/.test(again.text) ? "O" : again.text;
    if (again.confidence >= (word.confidence ?? 0) + 10 && /^[A-Z]{1,5}([.-][A-Z])?$/.test(text)) {
      word.text = text;
      word.confidence = again.confidence;
    }
  }
  for (const line of result.lines) line.text = line.words.map((w) => w.text).join(" ");
  return result;
}

/**
 * Reads a screenshot: a wide one (a desktop's table) first as one block, a tall one (a phone's list or
 * cards) first as sparse text; again the other way when the first reading left rows of amounts without a
 * ticker or name, a quantity it could not check, errors, or nothing (each mode drops what the other keeps:
 * sparse text loses short bold words in table columns); the two readings are merged (mergeReadings).
 */
export async function readScreenshot(
  ocr: ScreenshotReader,
  image: Uint8Array,
  search: Search,
  progress: (percent: number) => Promise<void> | void = () => {},
): Promise<ScreenshotResult> {
  let prepared: PreparedImage;
  try {
    prepared = await prepareImage(image);
  } catch (err) {
    if (err instanceof BlankImageError) throw err;
    throw new UnreadableImageError(err);
  }
  await progress(20);
  // a wide screenshot is a desktop's table: read as one block first; a tall one (a phone's list or cards) as sparse text
  const order: Layout[] = prepared.width > prepared.height * 1.2 ? ["block", "sparse"] : ["sparse", "block"];
  const first = await rereadTickers(ocr, prepared, await ocr.read(prepared, order[0]));
  await progress(55);
  const reading = readHoldings(first.lines);
  await confirmQuantities(ocr, prepared, reading.rows);
  const asked = new Map<string, Promise<Suggested[] | null>>();
  const checked = await checkRows(reading, search, asked);
  if (
    !(
      reading.orphans > 0 ||
      reading.missed > 0 ||
      reading.rows.some(doubtful) ||
      checked.message.some((r) => r.flags.length > 0) ||
      reading.rows.length === 0
    )
  ) {
    await progress(85);
    return withPrecision(checked);
  }
  const second = await rereadTickers(ocr, prepared, await ocr.read(prepared, order[1]));
  await progress(85);
  const again = readHoldings(second.lines);
  await confirmQuantities(ocr, prepared, again.rows);
  return withPrecision(mergeReadings(checked, await checkRows(again, search, asked)));
}
