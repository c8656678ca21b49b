/**
 * The screenshot use case around the pure reader: recognised lines → holdings, then company names resolved
 * to tickers through the caller's `resolve` (the pricing service's search). Names it cannot resolve become
 * errors the import table shows; the domain stays free of I/O.
 */

import type { DecimalMark } from "./domain/numbers.ts";
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

export type ResolveName = (name: string) => Promise<string | null>;

export interface ResolvedHolding extends ScreenshotHolding {
  ticker: string;
}

export async function holdingsFromLines(
  lines: ScreenshotLine[],
  resolve: ResolveName,
  decimal?: DecimalMark,
): Promise<{ message: ResolvedHolding[]; errors: ScreenshotError[] }> {
  return resolveRows(readHoldings(lines, decimal), resolve);
}

async function resolveRows(
  reading: Pick<ScreenshotReading, "rows" | "errors">,
  resolve: ResolveName,
): Promise<{ message: ResolvedHolding[]; errors: ScreenshotError[] }> {
  const errors = [...reading.errors];
  const message: ResolvedHolding[] = [];
  for (const row of reading.rows) {
    if (row.ticker) {
      message.push(row as ResolvedHolding);
      continue;
    }
    const ticker = await resolve(row.name);
    if (ticker) message.push({ ...row, ticker });
    else errors.push({ line: 0, message: `no ticker found for "${row.name}": add it by hand` });
  }
  return { message, errors };
}

/**
 * The first reading's rows, and the second's that the first does not have (no row of the first with the
 * same quantity and price): the readings fail on different rows, and a row read twice is kept once, as the
 * first read it. The errors are those of the reading with fewer.
 */
export function mergeReadings(first: ScreenshotReading, second: ScreenshotReading): Pick<ScreenshotReading, "rows" | "errors"> {
  const missing = second.rows.filter((s) => !first.rows.some((f) => f.quantity === s.quantity && f.price === s.price));
  return { rows: [...first.rows, ...missing], errors: second.errors.length < first.errors.length ? second.errors : first.errors };
}

export interface ScreenshotReader {
  read(image: Uint8Array | PreparedImage, layout?: Layout): Promise<OcrResult>;
}

/**
 * Reads a screenshot: first as sparse text (phone apps, cards), and again as one block when the first
 * reading left rows of amounts without a ticker or name (Tesseract's sparse mode drops short bold words in
 * table columns); the two readings are merged (mergeReadings).
 */
export async function readScreenshot(
  ocr: ScreenshotReader,
  image: Uint8Array,
  resolve: ResolveName,
  progress: (percent: number) => Promise<void> | void = () => {},
) {
  let prepared: PreparedImage;
  try {
    prepared = await prepareImage(image);
  } catch (err) {
    if (err instanceof BlankImageError) throw err;
    throw new UnreadableImageError(err);
  }
  await progress(20);
  const first = await ocr.read(prepared, "sparse");
  await progress(55);
  const reading = readHoldings(first.lines);
  let best: Pick<ScreenshotReading, "rows" | "errors"> = reading;
  if (reading.orphans > 0 || reading.errors.length > 0) {
    const second = await ocr.read(prepared, "block");
    best = mergeReadings(reading, readHoldings(second.lines));
  }
  await progress(85);
  return resolveRows(best, resolve);
}
