/**
 * The real daily closes (the market-data folder: scripts/market-data/location.ts), read
 * here straight from the CSV text so expected figures do not depend on the pricing service's parser.
 * Locally without the folder the tests that need it are skipped, saying so; with CI=true they fail.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { marketDataDir, requireMarketData } from "../../../scripts/market-data/location.ts";

export const REAL_DATA_DIR = marketDataDir();
export const hasRealData = requireMarketData("[portfolio valuation tests] the tests on real prices");

export interface Closes {
  /** `YYYY-MM` → the close on the month's last line */
  month: Record<string, number>;
  /** the close on the file's last line */
  last: number;
}

export function closes(ticker: string, dir = REAL_DATA_DIR): Closes {
  const month: Record<string, number> = {};
  let last = Number.NaN;
  for (const line of readFileSync(join(dir, `${ticker}.csv`), "utf8")
    .split("\n")
    .slice(1)) {
    const [date, close] = line.trim().split(",");
    if (!date || !close) continue;
    month[date.slice(0, 7)] = Number(close);
    last = Number(close);
  }
  return { month, last };
}

const made: string[] = [];

/** A temporary folder with copies of some real files, for tests that add a close (never inside the repo). */
export function copyMarketData(tickers: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-portfolio-md-"));
  made.push(dir);
  for (const t of tickers) copyFileSync(join(REAL_DATA_DIR, `${t}.csv`), join(dir, `${t}.csv`));
  return dir;
}

export function removeCopies(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
