/**
 * The instruments of the shared market data (MARKET_DATA_DIR), read from its folder instead of listed by hand
 * in each bench: one CSV of daily closes per instrument; the exchange-rate pairs (`EURUSD=X`) and the index
 * series (`SP500_INDEX_MONTHLY`) are not instruments a portfolio holds. Sorted, so a bench's mix is the same on
 * every machine with the same data.
 */
import { readdirSync } from "node:fs";
import { marketDataDir } from "../../market-data/location.ts";

export function marketTickers(options: { crypto?: boolean } = {}, dir = marketDataDir()): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".csv"))
    .map((f) => f.slice(0, -".csv".length))
    .filter((t) => !t.includes("=") && !t.includes("_"))
    .filter((t) => options.crypto !== false || !t.endsWith("-USD"))
    .sort();
}
