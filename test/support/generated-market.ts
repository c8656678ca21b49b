/**
 * Generated markets and portfolios for the property tests over the public API (test/system/one-number.test.ts,
 * test/system/sales-held-out.test.ts): a seeded generator, made-up instruments beside a copy of the shared
 * market-data folder (never in the repo), the tickers a portfolio may hold, and sales drawn so that each sells
 * at most what docs/numbers.md's matching says is held on its date (or, when asked, more).
 */
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { marketDataDir } from "../../scripts/market-data/location.ts";
import type { Asset, MarketFolder } from "./readme-calculator.ts";

/** mulberry32: a small seeded generator, so a failing run can be repeated exactly. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}

/** Business-day closes from `from` to `to`, a random walk from `start`. */
export function walk(rand: ReturnType<typeof generator>, from: string, to: string, start: number): string[] {
  const rows: string[] = [];
  let price = start;
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    price = Math.max(0.5, price * (1 + (rand.next() - 0.49) * 0.03));
    rows.push(`${d.toISOString().slice(0, 10)},${price.toFixed(4)}`);
  }
  return rows;
}

/** The shared folder and the made-up instruments, in a temporary folder. */
export function marketFolder(rand: ReturnType<typeof generator>): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-one-number-"));
  cpSync(marketDataDir(), dir, { recursive: true });
  const file = (name: string, rows: string[]) => writeFileSync(join(dir, name), `date,close\n${rows.join("\n")}\n`);
  // a German share in euros, a London ETF quoted in pence, a Japanese share in yen
  file("SAP.DE.csv", walk(rand, "2015-01-02", "2026-07-13", 90));
  file("VUSA.L.csv", walk(rand, "2015-01-02", "2026-07-13", 4200));
  file("7203.T.csv", walk(rand, "2015-01-02", "2026-07-13", 1800));
  // prices that stopped early (a delisted share): out of date beside the others
  file("OLDCO.csv", walk(rand, "2012-01-03", "2026-05-29", 30));
  // a Norwegian share whose rates begin in 2024, and a Swedish one with no rates at all
  file("NOKCO.csv", walk(rand, "2015-01-02", "2026-07-13", 150));
  file("SEKCO.csv", walk(rand, "2015-01-02", "2026-07-13", 80));
  const nok: string[] = [];
  for (let m = 0; m < 30; m++) {
    const d = new Date(Date.UTC(2024, m, 1)).toISOString().slice(0, 10);
    nok.push(`${d},${(0.09 + rand.next() * 0.01).toFixed(5)}`);
  }
  file("NOKUSD=X.csv", nok);
  writeFileSync(join(dir, "currencies.csv"), "ticker,currency\nSAP.DE,EUR\nVUSA.L,GBp\n7203.T,JPY\nNOKCO,NOK\nSEKCO,SEK\n");
  return dir;
}

/** What a generated portfolio may hold, each for a reason (docs/numbers.md "How the numbers are computed"). */
export const TICKERS = [
  "NVDA", // splits (4:1 2021, 10:1 2024), dividends inside its closes
  "AAPL",
  "GOOGL",
  "SCHD", // a 3:1 split and dividends apart
  "KO", // dividends apart, closes before 2006 from the adjusted ones
  "JNJ",
  "SPY",
  "VOO", // listed 2010: bought earlier, it enters at its first close
  "BTC-USD", // prices run to 2026-08-19: the stocks' are out of date beside them
  "SAP.DE",
  "VUSA.L",
  "7203.T",
  "OLDCO",
  "NOKCO",
  "SEKCO",
  "ZZZZ", // no provider knows it
];

export type Rand = ReturnType<typeof generator>;

const factorAfter = (folder: MarketFolder, ticker: string, date: string) =>
  (folder.series(ticker)?.splits ?? []).filter(([d]) => d > date).reduce((f, [, r]) => f * r, 1);

/** Today's shares of `ticker` held on `date` by these entries (docs/numbers.md "Sales": bought on or before it, less the sales). */
export function heldOn(folder: MarketFolder, assets: readonly Asset[], ticker: string, date: string): number {
  let held = 0;
  for (const a of assets) {
    if (a.ticker !== ticker || a.DoA > date) continue;
    const shares = a.quantity * factorAfter(folder, a.ticker, a.DoA);
    held += a.side === "sell" ? -shares : shares;
  }
  return held;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Up to `count` sales of the tickers bought in `assets`, each on a day after a purchase and not after `today`,
 * of a share of what is held then (in the shares counted on the sale date: today's ÷ F(sale date)), at a price
 * near the month's close, some with a fee; each kept only if every later sale still has its shares. Sold in
 * date order, the sales never leave a later one short.
 */
export function drawSales(rand: Rand, folder: MarketFolder, assets: Asset[], today: string, count: number): Asset[] {
  const out: Asset[] = [];
  for (let k = 0; k < count; k++) {
    const buys = assets.filter((a) => a.side !== "sell");
    if (buys.length === 0) break;
    const lot = rand.pick(buys);
    const from = new Date(`${lot.DoA}T00:00:00Z`).getTime();
    const to = new Date(`${today}T00:00:00Z`).getTime();
    if (to <= from) continue;
    const date = day(new Date(from + Math.floor((rand.next() * (to - from + 86_400_000)) / 86_400_000) * 86_400_000));
    const all = [...assets, ...out];
    // what may be sold on `date` without leaving any later sale short: the least held from then on
    let room = heldOn(folder, all, lot.ticker, date);
    for (const s of all)
      if (s.ticker === lot.ticker && s.side === "sell" && s.DoA > date) room = Math.min(room, heldOn(folder, all, lot.ticker, s.DoA));
    const F = factorAfter(folder, lot.ticker, date);
    const max = room / F;
    if (!(max > 0.02)) continue;
    const whole = rand.chance(0.25) ? max : Math.max(0.01, Math.floor(max * (0.1 + rand.next() * 0.8) * 100) / 100);
    const series = folder.series(lot.ticker);
    const close = series?.history.get(date.slice(0, 7)) ?? series?.latestPrice ?? lot.PoA;
    const price = Math.round(close * F * (0.9 + rand.next() * 0.2) * 100) / 100;
    const sale: Asset = { ticker: lot.ticker, side: "sell", quantity: whole, PoA: Math.max(0.01, price), DoA: date };
    if (rand.chance(0.5)) sale.fee = Math.round(rand.next() * 2000) / 100;
    out.push(sale);
  }
  return out;
}
