/**
 * Test and benchmark support, not part of the engine: reads the shared market-data folder into the shape
 * the engine takes. The data stays where it is, outside the repo: scripts/market-data/location.ts finds it.
 *
 * `loadTicker` reads `<T>.csv` alone (adjusted closes, the folder's top level). `loadInstrument` reads a
 * ticker the way the README's "The CSV folder" says the pricing service does: split-adjusted closes with
 * their dividends when both files exist, else the adjusted closes marked dividendsInCloses; splits always;
 * the ticker's data ends at the last row of `<T>.csv`, which is the latest price, its date the asOf. Written apart from the pricing service's reader on
 * purpose: the engine's real-data tests must not inherit its bugs.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { marketDataAvailable, marketDataDir } from "../../../../../../scripts/market-data/location.ts";
import type { Dividend, Split, TickerPrices } from "../types.ts";

const _repoRoot = fileURLToPath(new URL("../../../../../../", import.meta.url));

export { marketDataDir };

export function hasMarketData(): boolean {
  return marketDataAvailable();
}

/** `date,<number>` rows in date order; a header and malformed lines are skipped. */
function rows(csv: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  let lastDate = "";
  for (const line of csv.split(/\r?\n/)) {
    const comma = line.indexOf(",");
    if (comma !== 10) continue;
    const date = line.slice(0, 10);
    const value = Number(line.slice(comma + 1));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !(value > 0)) continue;
    if (date < lastDate) throw new Error(`rows out of date order at ${date}`);
    lastDate = date;
    out.push([date, value]);
  }
  return out;
}

/** month → close of the month's last row; the latest price and its date are the last row's. */
export function monthlyCloses(csv: string): TickerPrices {
  const history: Record<string, number> = {};
  let latestPrice: number | null = null;
  let asOf: string | null = null;
  for (const [date, close] of rows(csv)) {
    history[date.slice(0, 7)] = close;
    latestPrice = close;
    asOf = date;
  }
  return { latestPrice, history, asOf };
}

const file = (...parts: string[]) => resolve(marketDataDir(), ...parts);

/** `<T>.csv` alone, without its date: the adjusted closes as the engine took them before total returns. */
export function loadTicker(ticker: string): TickerPrices {
  const { latestPrice, history } = monthlyCloses(readFileSync(file(`${ticker}.csv`), "utf8"));
  return { latestPrice, history };
}

/** A ticker as the CSV folder's rule gives it: as-traded closes, splits, dividends, currency USD, asOf. */
export function loadInstrument(ticker: string): TickerPrices {
  const splitAdjusted = file("split-adjusted", `${ticker}.csv`);
  const dividendsFile = file("dividends", `${ticker}.csv`);
  const splitsFile = file("splits", `${ticker}.csv`);
  const paired = existsSync(splitAdjusted) && existsSync(dividendsFile);
  const end = rows(readFileSync(file(`${ticker}.csv`), "utf8")).at(-1)?.[0] ?? "";
  const upToEnd = (path: string) => rows(readFileSync(path, "utf8")).filter(([date]) => date <= end);
  const closes = monthlyCloses(
    upToEnd(paired ? splitAdjusted : file(`${ticker}.csv`))
      .map(([date, close]) => `${date},${close}`)
      .join("\n"),
  );
  const dividends: Dividend[] = paired ? upToEnd(dividendsFile).map(([date, amount]) => ({ date, amount })) : [];
  const splits: Split[] = existsSync(splitsFile) ? rows(readFileSync(splitsFile, "utf8")).map(([date, ratio]) => ({ date, ratio })) : [];
  return { ...closes, currency: "USD", splits, dividends, dividendsInCloses: !paired };
}
