/**
 * Shared by the pricing tests: synthetic CSV folders written to a temp dir, the real market-data folder
 * (read by configuration, never copied), and deps whose HTTP retries wait a millisecond, not half a second.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDeps, type TestDeps } from "@folio/platform/testing";
import { marketDataDir, requireMarketData } from "../../../scripts/market-data/location.ts";

/**
 * The real daily closes: the market-data folder (scripts/market-data/location.ts). Locally without it the
 * tests that need it are skipped, saying so; in CI (which fetches it first) they fail.
 */
export const REAL_DATA_DIR = marketDataDir();
export const hasRealData = requireMarketData("[pricing tests] the tests on real prices");

export type Series = Array<[date: string, close: number]>;

const made: string[] = [];

/** A folder of `<TICKER>.csv` files with the given closes. */
export function writeMarketData(files: Record<string, Series>): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-md-"));
  made.push(dir);
  for (const [ticker, rows] of Object.entries(files)) writeSeries(dir, ticker, rows);
  return dir;
}

export function writeSeries(dir: string, ticker: string, rows: Series): void {
  writeFileSync(join(dir, `${ticker}.csv`), `date,close\n${rows.map(([d, c]) => `${d},${c}`).join("\n")}\n`);
}

export function removeMarketData(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The close on the last line of a month in a CSV file, read straight from the text. */
export function lastCloseOfMonthInFile(path: string, month: string): number {
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.startsWith(`${month}-`));
  return Number(lines.at(-1)?.split(",")[1]);
}

export function lastDateInFile(path: string): string {
  const lines = readFileSync(path, "utf8").trim().split("\n");
  return lines.at(-1)?.split(",")[0] ?? "";
}

export function lastCloseInFile(path: string): number {
  const lines = readFileSync(path, "utf8").trim().split("\n");
  return Number(lines.at(-1)?.split(",")[1]);
}

export function pricingTestDeps(env: Record<string, string>): TestDeps {
  return createTestDeps({ MARKET_DATA_RETRY_BASE_MS: "1", MARKET_DATA_RETRIES: "2", MARKET_DATA_TIMEOUT_MS: "2000", ...env });
}

/**
 * Months end on different weekdays here on purpose: ACME's January ends on the 31st, February on the 29th
 * (2024 is a leap year), March is still running.
 */
export const ACME: Series = [
  ["2024-01-30", 10],
  ["2024-01-31", 11],
  ["2024-02-28", 12],
  ["2024-02-29", 13],
  ["2024-03-01", 14],
];
export const BETA: Series = [
  ["2024-02-28", 50],
  ["2024-02-29", 52],
  ["2024-03-01", 51.5],
];
/** synthetic numbers, like the others: the tests check arithmetic, not history */
export const ETH: Series = [
  ["2024-01-31", 2000],
  ["2024-02-29", 3000],
  ["2024-03-01", 3100.5],
];
