/**
 * The one way to find the market-data folder (real daily closes, dividends and splits; kept out of the
 * repository because its prices carry no licence): MARKET_DATA_DIR when set, else `../shared/market-data`
 * beside the repository root. `npm run fetch-market-data` downloads the same files there from their public
 * sources (scripts/market-data/manifest.json). Tests, benchmarks and the e2e harness read it through here.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "../..");

export function marketDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MARKET_DATA_DIR ? resolve(env.MARKET_DATA_DIR) : resolve(repoRoot, "../shared/market-data");
}

/** The folder is there with the files every reader relies on. */
export function marketDataAvailable(dir = marketDataDir()): boolean {
  return ["SPY.csv", "VTI.csv"].every((f) => existsSync(join(dir, f)));
}

/**
 * For a test file that needs the folder: true when it is there. Without it the run fails with CI=true (CI
 * fetches it first, so a missing folder is a broken step) and otherwise prints what is skipped and how to
 * get the data.
 */
export function requireMarketData(what: string, dir = marketDataDir()): boolean {
  if (marketDataAvailable(dir)) return true;
  const message = `no market data in ${dir} (set MARKET_DATA_DIR, or run npm run fetch-market-data)`;
  if (process.env.CI === "true") throw new Error(message);
  console.warn(`${message}: ${what} skipped`);
  return false;
}
