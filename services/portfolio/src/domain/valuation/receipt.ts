/**
 * Where each range's money came from (docs/numbers.md "The return receipt"), and the range's own money-weighted return
 * with one sentence on why it differs from the time-weighted one (docs/numbers.md "Range returns").
 *
 *   startValue + purchases − sales + priceGain + fxEffect = endValue
 *
 * Per piece of a lot alive in the range (the shares a sale took, or what it still holds): it starts at the base
 * month's close and rate when the lot had entered by then, else at its purchase; it ends at its sale, or at the
 * valuation month's close and rate. priceGain += n (P₁ − P₀) R₁, fxEffect += n P₀ (R₁ − R₀).
 */
import { formatMoney, formatPercent } from "./format.ts";
import type { Lot, Sale } from "./lots.ts";
import { daysInMonth, epochDay, monthKey, parseMonth } from "./months.ts";
import { rangeBase } from "./returns.ts";
import type { Timeline } from "./timeline.ts";
import type { RangeKey, RangeReturn, Receipt } from "./types.ts";
import { type CashFlow, xirr } from "./xirr.ts";

/** Days since 1970-01-01 of a month's last day. */
const monthEndDay = (month: number) => epochDay(`${monthKey(month)}-${String(daysInMonth(month)).padStart(2, "0")}`);

/** A lot that counts in the timeline: a priced buy with a cost that entered by the valuation month. */
const inTimeline = (lot: Lot) => lot.side === "buy" && lot.entry !== Number.POSITIVE_INFINITY && lot.quantity !== 0 && lot.value !== null;

/** The counted sales of the timeline's lots, each once. */
function salesOf(lots: readonly Lot[]): Sale[] {
  const out: Sale[] = [];
  for (const lot of lots) if (lot.side === "sell" && lot.sale?.counted) out.push(lot.sale);
  return out;
}

/**
 * The range's receipt; null when the range is. `base` is the range's base month (the month before the first
 * purchase since inception).
 */
export function receiptOf(t: Timeline, lots: readonly Lot[], range: RangeReturn | null, base: number): Receipt | null {
  if (!range) return null;
  const { start, end } = t;
  let purchases = 0;
  let priceGain = 0;
  let fxEffect = 0;
  for (const lot of lots) {
    if (!inTimeline(lot)) continue;
    const inst = lot.inst;
    const rates = inst.rate ? inst.rate.values : null;
    const entered = lot.entry <= base;
    // P₀, R₀: the base month's close and rate, or the purchase (PoA in today's shares, the cost's rate)
    const p0 = entered ? inst.close.values[base - start] : lot.PoA / lot.splitFactor;
    const r0 = entered ? (rates ? rates[base - start] : 1) : lot.costRate;
    if (!entered) purchases += lot.countedCost;
    if (lot.shares !== 0) {
      const p1 = inst.close.values[end - start];
      const r1 = rates ? rates[end - start] : 1;
      priceGain += lot.shares * (p1 - p0) * r1;
      fxEffect += lot.shares * p0 * (r1 - r0);
    }
    for (const p of lot.pieces) {
      if (p.sale.month <= base) continue;
      const p1 = p.sale.lot.PoA / p.sale.lot.splitFactor;
      const r1 = p.sale.rate;
      priceGain += p.shares * (p1 - p0) * r1;
      fxEffect += p.shares * p0 * (r1 - r0);
    }
  }
  let sales = 0;
  let fees = 0;
  for (const sale of salesOf(lots)) {
    if (sale.month <= base) continue;
    sales += sale.proceeds;
    fees += sale.fee;
  }
  return {
    startValue: range.startValue,
    purchases,
    sales,
    priceGain,
    fxEffect,
    dividends: range.dividends,
    fees,
    endValue: range.value,
  };
}

/**
 * The flows of the range after `base`: −startValue on the base month's last day (none since inception), −cost
 * of each lot entering after it on its DoA, +(proceeds − fee) of each sale leaving after it, +dividends (total
 * return) and +endValue on the valuation date.
 */
export function rangeCashFlows(
  t: Timeline,
  lots: readonly Lot[],
  base: number,
  inception: boolean,
  startValue: number,
  endValue: number,
  dividends: readonly CashFlow[],
): CashFlow[] {
  const flows: CashFlow[] = [];
  if (!inception && startValue !== 0) flows.push({ amount: -startValue, date: "", day: monthEndDay(base) });
  for (const lot of lots)
    if (inTimeline(lot) && lot.entry > base) flows.push({ amount: -lot.countedCost, date: lot.DoA, day: lot.doaEpoch });
  for (const sale of salesOf(lots))
    if (sale.month > base) flows.push({ amount: sale.proceeds - sale.fee, date: sale.lot.DoA, day: sale.epoch });
  if (t.basis === "total") for (const d of dividends) if (parseMonth(d.date) > base) flows.push(d);
  flows.push({ amount: endValue, date: t.market.valuationDate, day: t.market.valuationDay });
  return flows;
}

export interface RangeMoneyWeighted {
  xirrPercent: number | null;
  twrAnnualPercent: number | null;
  returnsNote: string;
}

/** TWR per year: (1 + TWR)^(365 / days) − 1, in percent; null when TWR is, or the span is under a day. */
export function annualised(twrPercent: number | null, days: number): number | null {
  if (twrPercent === null || !(days >= 1)) return null;
  const growth = 1 + twrPercent / 100;
  if (!(growth > 0)) return -100;
  return (growth ** (365 / days) - 1) * 100;
}

/** Half a point a year: closer than this, TWR and XIRR are said to agree. */
export const AGREE_POINTS = 0.5;

const years = (days: number) => {
  const y = days / 365;
  if (y >= 1.5) return `${Math.round(y)} years`;
  const months = Math.max(1, Math.round(days / 30.44));
  return months === 12 ? "a year" : `${months} month${months === 1 ? "" : "s"}`;
};

/**
 * One sentence on why TWR and XIRR differ for a range (docs/numbers.md "Range returns": returnsNote), from the range's
 * figures alone.
 */
export function returnsNote(
  twrPercent: number | null,
  twrAnnualPercent: number | null,
  xirrPercent: number | null,
  days: number,
  receipt: Receipt | null,
  currency: string,
): string {
  if (twrPercent === null) return "There is no time-weighted return for this range: no money was invested in it.";
  const span = years(days);
  const perYear = days >= 360 && days <= 370 ? "" : ` (${formatPercent(twrAnnualPercent ?? 0)} a year)`;
  const twr = `TWR ${formatPercent(twrPercent)} over ${span}${perYear}`;
  if (xirrPercent === null)
    return `${twr}; XIRR cannot be computed for this range, as its money going in and coming out has no single yearly rate.`;
  const xirr = `XIRR ${formatPercent(xirrPercent)} a year`;
  const moves: string[] = [];
  if (receipt && receipt.purchases > 0) moves.push(`${formatMoney(receipt.purchases, currency)} bought`);
  if (receipt && receipt.sales > 0) moves.push(`${formatMoney(receipt.sales, currency)} sold`);
  const what = moves.length > 0 ? moves.join(" and ") : "";
  const gap = xirrPercent - (twrAnnualPercent ?? 0);
  if (Math.abs(gap) < AGREE_POINTS)
    return what
      ? `${twr} and ${xirr} agree: the ${what} in this range came at times that did about as well as the rest.`
      : `${twr} and ${xirr} agree: no money went in or out after the range's start.`;
  if (!what)
    return `${twr} and ${xirr} differ although no money went in or out after the range's start: the dividends, counted as cash when paid by XIRR and reinvested by TWR, and the month-end prices TWR steps through account for it.`;
  return gap > 0
    ? `${xirr} is above the ${twr}, because more of your money was at work in the months that gained most: the ${what} in this range came at good times.`
    : `${xirr} is below the ${twr}, because more of your money was at work in the months that gained least or lost: the ${what} in this range came at bad times.`;
}

/**
 * The range's own XIRR, its TWR per year and the sentence, for the portfolio's ranges. `dividends`: the
 * dividends received, one flow per ticker and ex-date; `sinceInception`: the portfolio's XIRR, which is the
 * range's when it reaches back to the first purchase (the same flows).
 */
export function moneyWeighted(
  t: Timeline,
  lots: readonly Lot[],
  range: RangeReturn | null,
  key: RangeKey,
  receipt: Receipt | null,
  dividends: readonly CashFlow[],
  sinceInception: number | null,
): RangeMoneyWeighted {
  if (!range) return { xirrPercent: null, twrAnnualPercent: null, returnsNote: "" };
  const base = rangeBase(key, t.firstMonth, t.end);
  const inception = range.base === null;
  const rate = inception ? sinceInception : xirr(rangeCashFlows(t, lots, base, inception, range.startValue, range.value, dividends));
  const days = t.market.valuationDay - rangeStartDay(t, base, inception);
  const twrAnnualPercent = annualised(range.profitLossPercent, days);
  const xirrPercent = rate === null ? null : rate * 100;
  return {
    xirrPercent,
    twrAnnualPercent,
    returnsNote: returnsNote(range.profitLossPercent, twrAnnualPercent, xirrPercent, days, receipt, t.market.baseCurrency),
  };
}

/** The range's first day: the base month's last day, or the first purchase since inception (its month's 1st when held back). */
function rangeStartDay(t: Timeline, base: number, inception: boolean): number {
  if (!inception) return monthEndDay(base);
  const first = t.firstMonth;
  const day = t.minDay[first - t.start] || 1;
  return epochDay(`${monthKey(first)}-${String(day).padStart(2, "0")}`);
}
