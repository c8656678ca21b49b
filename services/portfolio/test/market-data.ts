/**
 * The real daily closes (`../shared/market-data` beside the repository, or TEST_MARKET_DATA_DIR), read
 * here straight from the CSV text so expected figures do not depend on the pricing service's parser.
 * Locally without the folder the tests that need it are skipped, saying so; with CI=true they fail.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { repoRoot } from "../../../test/support/app-process.ts";

export const REAL_DATA_DIR = process.env.TEST_MARKET_DATA_DIR || resolve(repoRoot, "../shared/market-data");
export const hasRealData = existsSync(join(REAL_DATA_DIR, "SPY.csv"));
if (!hasRealData) {
  const message = `real market data not found at ${REAL_DATA_DIR} (set TEST_MARKET_DATA_DIR)`;
  if (process.env.CI === "true") throw new Error(message);
  console.warn(`[portfolio valuation tests] ${message}: those tests are skipped`);
}

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
