/**
 * The screenshot use case around the pure reader: recognised lines → holdings, then company names resolved
 * to tickers through the caller's `resolve` (the pricing service's search). Names it cannot resolve become
 * errors the import table shows; the domain stays free of I/O.
 */

import type { DecimalMark } from "./domain/numbers.ts";
import { readHoldings, type ScreenshotError, type ScreenshotHolding, type ScreenshotLine } from "./domain/screenshot/holdings.ts";

export type ResolveName = (name: string) => Promise<string | null>;

export interface ResolvedHolding extends ScreenshotHolding {
  ticker: string;
}

export async function holdingsFromLines(
  lines: ScreenshotLine[],
  resolve: ResolveName,
  decimal?: DecimalMark,
): Promise<{ message: ResolvedHolding[]; errors: ScreenshotError[] }> {
  const { rows, errors } = readHoldings(lines, decimal);
  const message: ResolvedHolding[] = [];
  for (const row of rows) {
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
