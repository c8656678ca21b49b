/**
 * Test and benchmark support, not part of the engine: reads the shared market-data folder into the shape
 * the engine takes. The data stays where it is, outside the repo: scripts/market-data/location.ts finds it.
 *
 * `loadTicker` reads `<T>.csv` alone (adjusted closes, the folder's top level). `loadInstrument` reads a
 * ticker the way docs/product-decisions.md "The CSV folder" says the pricing service does: split-adjusted closes with
 * their dividends when both files exist (continued before the split-adjusted file's first day by the
 * adjusted closes × split-adjusted ÷ adjusted on that day), else the adjusted closes marked
 * dividendsInCloses; splits always; the ticker's data ends at the last row of `<T>.csv`, which is the latest
 * price, its date the asOf. `asTradedClose` is docs/product-decisions.md "The as-traded close". Written apart from the pricing
 * service's reader on purpose: the engine's real-data tests must not inherit its bugs.
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

/**
 * The split-adjusted daily closes, and before the file's first day the adjusted ones scaled to meet it there:
 * × (first split-adjusted close ÷ the adjusted close of that day, or the last one before it).
 */
function splitAdjustedDays(ticker: string): Array<[string, number]> {
  const own = rows(readFileSync(file("split-adjusted", `${ticker}.csv`), "utf8"));
  const adjustedPath = file(`${ticker}.csv`);
  if (own.length === 0 || !existsSync(adjustedPath)) return own;
  const adjusted = rows(readFileSync(adjustedPath, "utf8"));
  const [firstDate, firstClose] = own[0];
  const meet = adjusted.filter(([date]) => date <= firstDate).at(-1);
  if (!meet) return own;
  const scale = firstClose / meet[1];
  return [...adjusted.filter(([date]) => date < firstDate).map(([date, close]): [string, number] => [date, close * scale]), ...own];
}

/** A ticker as the CSV folder's rule gives it: as-traded closes, splits, dividends, currency USD, asOf. */
export function loadInstrument(ticker: string): TickerPrices {
  const splitAdjusted = file("split-adjusted", `${ticker}.csv`);
  const dividendsFile = file("dividends", `${ticker}.csv`);
  const splitsFile = file("splits", `${ticker}.csv`);
  const paired = existsSync(splitAdjusted) && existsSync(dividendsFile);
  const end = rows(readFileSync(file(`${ticker}.csv`), "utf8")).at(-1)?.[0] ?? "";
  const upToEnd = (path: string) => rows(readFileSync(path, "utf8")).filter(([date]) => date <= end);
  const days = paired ? splitAdjustedDays(ticker).filter(([date]) => date <= end) : upToEnd(file(`${ticker}.csv`));
  const closes = monthlyCloses(days.map(([date, close]) => `${date},${close}`).join("\n"));
  const dividends: Dividend[] = paired ? upToEnd(dividendsFile).map(([date, amount]) => ({ date, amount })) : [];
  const splits: Split[] = existsSync(splitsFile) ? rows(readFileSync(splitsFile, "utf8")).map(([date, ratio]) => ({ date, ratio })) : [];
  return { ...closes, currency: "USD", splits, dividends, dividendsInCloses: !paired };
}

/**
 * docs/product-decisions.md "The as-traded close": the close of the last day on or before `date` (split-adjusted where the
 * ticker has that file, continued before it as above; else the adjusted close), × the ratio of each split
 * after that day, rounded to 4 decimals; null when there is no such day. USD, as the folder's stocks are.
 */
export function asTradedClose(ticker: string, date: string): { date: string; close: number } | null {
  const days = existsSync(file("split-adjusted", `${ticker}.csv`))
    ? splitAdjustedDays(ticker)
    : rows(readFileSync(file(`${ticker}.csv`), "utf8"));
  const end = rows(readFileSync(file(`${ticker}.csv`), "utf8")).at(-1)?.[0] ?? date;
  const day = days.filter(([d]) => d <= date && d <= end).at(-1);
  if (!day) return null;
  const splitsFile = file("splits", `${ticker}.csv`);
  const splits = existsSync(splitsFile) ? rows(readFileSync(splitsFile, "utf8")) : [];
  const factor = splits.filter(([d]) => d > day[0]).reduce((f, [, ratio]) => f * ratio, 1);
  return { date: day[0], close: Math.round(day[1] * factor * 1e4) / 1e4 };
}
