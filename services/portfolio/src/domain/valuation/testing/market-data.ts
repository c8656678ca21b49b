/**
 * Test and benchmark support, not part of the engine: reads the shared market-data CSVs (daily
 * `date,close`) into the monthly shape the engine takes. The data stays where it is, outside the repo:
 * MARKET_DATA_DIR when set, else ../shared/market-data beside the repository root.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TickerPrices } from "../types.ts";

const repoRoot = fileURLToPath(new URL("../../../../../../", import.meta.url));

export function marketDataDir(): string {
  return process.env.MARKET_DATA_DIR ?? resolve(repoRoot, "../shared/market-data");
}

export function hasMarketData(): boolean {
  return existsSync(resolve(marketDataDir(), "SPY.csv"));
}

/** month → close of the month's last row (rows in date order); the latest price is the last row's close. */
export function monthlyCloses(csv: string): TickerPrices {
  const history: Record<string, number> = {};
  let latestPrice: number | null = null;
  let lastDate = "";
  for (const line of csv.split(/\r?\n/)) {
    const comma = line.indexOf(",");
    if (comma !== 10) continue;
    const date = line.slice(0, 10);
    const close = Number(line.slice(comma + 1));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !(close > 0)) continue;
    if (date < lastDate) throw new Error(`rows out of date order at ${date}`);
    lastDate = date;
    history[date.slice(0, 7)] = close;
    latestPrice = close;
  }
  return { latestPrice, history };
}

export function loadTicker(ticker: string): TickerPrices {
  return monthlyCloses(readFileSync(resolve(marketDataDir(), `${ticker}.csv`), "utf8"));
}
