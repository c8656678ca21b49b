/**
 * What the figures could not include, each with a sentence to show: unpriced assets, missing exchange
 * rates, purchases dated in the future or not a date, initial percents that bought nothing, and tickers
 * whose closes already contain their dividends.
 */
import { formatMoney } from "./format.ts";
import type { Lot } from "./lots.ts";
import type { Market } from "./market.ts";
import { displayDate, displayMonth, parseMonth } from "./months.ts";
import { shareCount } from "./splits.ts";
import type { Gap, InitialPercentZero } from "./types.ts";

const units = (n: number): string => Number(n.toPrecision(3)).toLocaleString("en-US", { maximumFractionDigits: 12 });

export function valuationGaps(
  lots: readonly Lot[],
  market: Market,
  zero: readonly InitialPercentZero[],
  totalValue: number,
  unmatched: readonly number[] = [],
): Gap[] {
  const gaps: Gap[] = [];
  const seen = new Set<string>();
  const add = (gap: Gap) => {
    const key = `${gap.kind}\n${gap.ticker}\n${gap.date ?? ""}`;
    if (seen.has(key)) return;
    seen.add(key);
    gaps.push(gap);
  };
  const { start, end } = market.axis;
  const oversold = new Set(unmatched);
  for (const lot of lots) {
    const { ticker, inst } = lot;
    const verb = lot.side === "sell" ? "sold" : "bought";
    if (lot.excluded === "future-purchase") {
      const message = `${ticker}: ${verb} on ${displayDate(lot.DoA)}, which is after today, so it is counted in no figure`;
      add({ kind: "future-purchase", ticker, date: lot.DoA, message });
      continue;
    }
    if (lot.excluded === "invalid-date") {
      add({
        kind: "invalid-date",
        ticker,
        date: lot.DoA,
        message: `${ticker}: "${lot.DoA}" is not a calendar date, so it is counted in no figure`,
      });
      continue;
    }
    if (lot.side === "sell") {
      if (oversold.has(lot.index)) {
        const message = `${ticker}: sold ${shareCount(lot.quantity)} on ${displayDate(lot.DoA)}, more than was held then, so the sale is counted in no figure`;
        add({ kind: "unmatched-sale", ticker, date: lot.DoA, message });
      } else if (lot.sale && !lot.sale.counted && inst.latestPrice !== null && inst.pair) {
        const message = `${ticker}: the sale of ${displayDate(lot.DoA)} sold shares bought without a ${inst.pair} exchange rate, so it is counted in no figure`;
        add({ kind: "fx", ticker, pair: inst.pair, date: lot.DoA, message });
      }
      continue;
    }
    if (inst.latestPrice === null) {
      add({ kind: "unpriced", ticker, message: `${ticker}: no price, so it is counted in no market figure` });
      continue;
    }
    if (inst.rate && inst.pair && lot.marketValue === null) {
      const month = Number.isNaN(lot.costRate) ? Math.min(lot.doaMonth, end) : end;
      const message = `${ticker}: no ${inst.pair} exchange rate for ${displayMonth(month)}, so it is counted in no figure`;
      add({ kind: "fx", ticker, pair: inst.pair, date: lot.DoA, message });
      continue;
    }
    if (inst.dividendsInCloses && lot.marketValue !== null) {
      const message = `${ticker}: its prices include its dividends (no separate dividend data), so they show as growth, not as dividends received`;
      add({ kind: "dividends-in-closes", ticker, message });
    }
  }
  const index = market.index;
  if (index?.rate && index.pair && index.close.first <= end && !(index.value.first <= end)) {
    const month = Math.max(index.close.first, start);
    add({
      kind: "fx",
      ticker: index.ticker,
      pair: index.pair,
      message: `${index.ticker}: no ${index.pair} exchange rate for ${displayMonth(Math.min(month, parseMonth(market.valuationDate)))}, so the benchmark cannot be shown`,
    });
  }
  for (const z of zero) {
    const message = `${z.ticker}: ${z.initialPercent} % of ${formatMoney(totalValue, market.baseCurrency)} is ${units(z.units)} units at ${formatMoney(z.price, market.baseCurrency)}, which rounds to 0 units`;
    add({ kind: "initial-percent-zero", ticker: z.ticker, message });
  }
  return gaps;
}
