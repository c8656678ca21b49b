/**
 * Sales matched to lots, first in, first out, in today's shares (docs/numbers.md "Sales: lots sold first in, first
 * out"). Pure and independent of prices beyond the splits: the save checks a portfolio with it before storing
 * it, and the valuation uses the same matching.
 *
 * A lot bought on DoA holds quantity × F(DoA) of today's shares; a sale of q on S is q × F(S), F the product of
 * the ticker's split ratios after the date. The sales of a ticker, in date order (the list's order on one day),
 * take from its lots bought on or before the sale date, oldest DoA first (the list's order on one day).
 */
import { isIsoDate } from "./months.ts";
import { splitFactorAfter } from "./splits.ts";
import type { IsoDate, Side, Split } from "./types.ts";

/** What matching reads of an entry. */
export interface TradeEntry {
  ticker: string;
  side?: Side | null;
  /** shares as counted on DoA */
  quantity: number;
  DoA: IsoDate;
}

/** Shares a sale took from a lot, in today's shares. */
export interface Take {
  /** the sale's index among the entries */
  sale: number;
  /** the lot's index among the entries */
  lot: number;
  shares: number;
}

export interface Matching {
  /** per entry: today's shares bought (a buy) or sold (a sell); 0 for an entry that takes no part */
  todayShares: Float64Array;
  /** per entry (a buy): today's shares the sales took from it */
  taken: Float64Array;
  /** every take, grouped by sale in the order the sales were matched */
  takes: Take[];
  /** sales that sold more than was held on their date, by entry index (they take nothing) */
  unmatched: number[];
  /** upper-case tickers whose lots keep shares after their sales, or that have no sale */
  heldTickers: Set<string>;
}

/** A shortfall within this many shares (relative to the sale, at least 1) is floating-point noise, not an oversale. */
export const SHARE_TOLERANCE = 1e-9;

export const isSell = (e: { side?: Side | null }): boolean => e.side === "sell";

const key = (ticker: string) => ticker.trim().toUpperCase();

/** Entries dated after today or not a calendar date take part in no matching (they count in no figure). */
const takesPart = (e: TradeEntry, today: IsoDate) => isIsoDate(e.DoA) && e.DoA <= today;

export function matchSales(entries: readonly TradeEntry[], splitsOf: (ticker: string) => readonly Split[], today: IsoDate): Matching {
  const n = entries.length;
  const todayShares = new Float64Array(n);
  const taken = new Float64Array(n);
  const takes: Take[] = [];
  const unmatched: number[] = [];
  const heldTickers = new Set<string>();
  const byTicker = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const k = key(e.ticker);
    let list = byTicker.get(k);
    if (!list) {
      list = [];
      byTicker.set(k, list);
    }
    list.push(i);
    if (!takesPart(e, today)) continue;
    todayShares[i] = e.quantity * splitFactorAfter(splitsOf(e.ticker), e.DoA);
  }
  const byDate = (a: number, b: number) => (entries[a].DoA < entries[b].DoA ? -1 : entries[a].DoA > entries[b].DoA ? 1 : a - b);
  for (const [ticker, list] of byTicker) {
    const sales = list.filter((i) => isSell(entries[i]) && takesPart(entries[i], today)).sort(byDate);
    const lots = list.filter((i) => !isSell(entries[i]) && takesPart(entries[i], today)).sort(byDate);
    let remaining = 0;
    for (const i of lots) remaining += todayShares[i];
    if (sales.length === 0) {
      heldTickers.add(ticker);
      continue;
    }
    for (const s of sales) {
      const date = entries[s].DoA;
      const wanted = todayShares[s];
      let held = 0;
      for (const l of lots) if (entries[l].DoA <= date) held += todayShares[l] - taken[l];
      const tolerance = SHARE_TOLERANCE * Math.max(1, wanted);
      if (wanted > held + tolerance) {
        unmatched.push(s);
        continue;
      }
      let left = wanted;
      for (const l of lots) {
        if (left <= 0 || entries[l].DoA > date) break;
        const available = todayShares[l] - taken[l];
        if (available <= 0) continue;
        // the last lot gives what is left, and all of itself when only noise would remain
        const share = left >= available - tolerance ? available : left;
        taken[l] += share;
        left -= share;
        if (left <= tolerance) left = 0;
        takes.push({ sale: s, lot: l, shares: share });
      }
      remaining -= wanted;
    }
    if (remaining > SHARE_TOLERANCE * Math.max(1, remaining)) heldTickers.add(ticker);
  }
  return { todayShares, taken, takes, unmatched: unmatched.sort((a, b) => a - b), heldTickers };
}

/** The first sale (by index) that sells more than was held on its date, or null. */
export function firstOversale(
  entries: readonly TradeEntry[],
  splitsOf: (ticker: string) => readonly Split[],
  today: IsoDate,
): number | null {
  if (!entries.some(isSell)) return null;
  return matchSales(entries, splitsOf, today).unmatched[0] ?? null;
}
