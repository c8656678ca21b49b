/**
 * Lots: each asset as the valuation sees it. The user's entry (quantity, PoA, DoA) stays as entered; the
 * lot adds what follows from the market: today's shares after splits, the cost in the base currency, the
 * month it enters the history, its market value and the dividends it received.
 */
import type { Instrument, Market } from "./market.ts";
import { epochDay, isIsoDate, parseDay, parseMonth } from "./months.ts";
import { splitFactor, splitsAfter } from "./splits.ts";
import type { Holding, Split } from "./types.ts";

export interface Lot extends Holding {
  doaMonth: number;
  doaDay: number;
  /** days since 1970-01-01 of DoA */
  doaEpoch: number;
  /** why the lot counts in no figure at all, or null when it counts */
  excluded: "future-purchase" | "invalid-date" | null;
  inst: Instrument;
  /** the splits after DoA, oldest first */
  splits: Split[];
  splitFactor: number;
  /** quantity × splitFactor */
  shares: number;
  /** rate of DoA's month (1 in the base currency); NaN when there is none */
  costRate: number;
  /** quantity × PoA × costRate; null when not counted or without a rate */
  value: number | null;
  /** shares × latestPrice × rate of the valuation month; null without a price or a rate */
  marketValue: number | null;
  /** month number it enters the history (DoA's, or its first close's); Infinity when it does not */
  entry: number;
  /** inst.dividends[divFrom..] are the dividends it received */
  divFrom: number;
  /** Σ shares × dividend, in the base currency; null when marketValue is */
  dividends: number | null;
}

export const isPriced = (lot: Lot): boolean => lot.marketValue !== null;

export function buildLots(holdings: readonly Holding[], market: Market): Lot[] {
  const { start, end } = market.axis;
  return holdings.map((h) => {
    const inst = market.instrument(h.ticker);
    const valid = isIsoDate(h.DoA);
    const excluded = !valid ? "invalid-date" : h.DoA > market.today ? "future-purchase" : null;
    const splits = valid ? splitsAfter(inst.splits, h.DoA) : [];
    const factor = splitFactor(splits);
    const doaMonth = valid ? parseMonth(h.DoA) : -1;
    // every field written here, none spread: one object shape for all lots keeps this loop fast
    const lot: Lot = {
      ticker: h.ticker,
      quantity: h.quantity,
      PoA: h.PoA,
      DoA: h.DoA,
      doaMonth,
      doaDay: parseDay(h.DoA),
      doaEpoch: valid ? epochDay(h.DoA) : Number.NaN,
      excluded,
      inst,
      splits,
      splitFactor: factor,
      shares: h.quantity * factor,
      costRate: Number.NaN,
      value: null,
      marketValue: null,
      entry: Number.POSITIVE_INFINITY,
      divFrom: inst.dividends.length,
      dividends: null,
    };
    if (excluded) return lot;
    // an unpriced purchase after the valuation month converts at the last rate the axis has
    const at = Math.min(doaMonth, end) - start;
    lot.costRate = inst.rate ? inst.rate.values[at] : 1;
    if (Number.isNaN(lot.costRate)) return lot;
    lot.value = h.quantity * h.PoA * lot.costRate;
    const endRate = inst.rate ? inst.rate.values[end - start] : 1;
    if (inst.latestPrice === null || Number.isNaN(endRate) || doaMonth > end) return lot;
    lot.marketValue = lot.shares * inst.latestPrice * endRate;
    const entry = Math.max(doaMonth, inst.value.first);
    if (entry <= end) lot.entry = entry;
    let received = 0;
    let from = inst.dividends.length;
    for (let k = inst.dividends.length - 1; k >= 0; k--) {
      const d = inst.dividends[k];
      if (d.day <= lot.doaEpoch || d.month < lot.entry) break;
      from = k;
      if (!Number.isNaN(d.base)) received += d.base;
    }
    lot.divFrom = from;
    lot.dividends = lot.shares * received;
    return lot;
  });
}
