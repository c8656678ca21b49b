/**
 * The monthly timeline every history-based figure reads: on the market's month axis (the earlier of the
 * first purchase and 2000-03, to the valuation month), the portfolio's value per month, the purchases
 * (external flows) and the dividends received per month. The benchmark's what-if portfolio is a timeline
 * of the same shape, so the range rules measure both alike.
 */
import { countedSales, entitledShares, type Lot, layLots } from "./lots.ts";
import { type Axis, EARLIEST_PERIOD_START, type Market } from "./market.ts";
import type { Holding, IsoDate, MarketOptions, MonthKey, ReturnBasis, TickerPrices } from "./types.ts";

export { EARLIEST_PERIOD_START };

export interface Timeline extends Axis {
  basis: ReturnBasis;
  market: Market;
  /** month number of the first purchase of a priced asset; Infinity without one */
  firstMonth: number;
  /** Σ shares × close × rate of the holdings entered by each month's end and not sold by it */
  values: Float64Array;
  /** Σ cost of the holdings entering in each month, less the net proceeds of the sales in it */
  flows: Float64Array;
  /** Σ flow × (days in month − its day + 1): the numerator of each flow's Modified Dietz weight */
  flowDays: Float64Array;
  /** earliest purchase day of the month among non-zero flows; 0 when none */
  minDay: Int32Array;
  /** dividends received in each month, in the base currency (counted as income under total return only) */
  dividends: Float64Array;
}

/** An empty timeline on the market's axis, to add holdings to. */
export function emptyTimeline(market: Market, firstMonth: number): Timeline {
  const { start, end, months, days } = market.axis;
  const n = months.length;
  return {
    start,
    end,
    months,
    days,
    basis: market.basis,
    market,
    firstMonth,
    values: new Float64Array(n),
    flows: new Float64Array(n),
    flowDays: new Float64Array(n),
    minDay: new Int32Array(n),
    dividends: new Float64Array(n),
  };
}

/**
 * An external flow in month `month` dated `day`: a purchase's cost (positive) or a sale's net proceeds
 * (negative, money leaving the portfolio).
 */
export function addFlow(t: Timeline, month: number, day: number, amount: number): void {
  const at = month - t.start;
  t.flows[at] += amount;
  t.flowDays[at] += amount * (t.days[at] - day + 1);
  if (amount !== 0 && (t.minDay[at] === 0 || day < t.minDay[at])) t.minDay[at] = day;
}

/** `units` × line in every month from `from` up to (not including) `until`. */
export function addUnits(t: Timeline, from: number, until: number, units: number, line: Float64Array): void {
  const last = Math.min(until, t.end + 1) - t.start;
  for (let i = from - t.start; i < last; i++) t.values[i] += units * line[i];
}

/**
 * Adds a purchase of `cost` entering at month `entry` (dated `day`), then worth `units` × line per month.
 * The purchase is dated on its day in DoA's month, on the 1st when its entry was held back.
 */
export function addHolding(t: Timeline, entry: number, day: number, cost: number, units: number, line: Float64Array): void {
  addFlow(t, entry, day, cost);
  addUnits(t, entry, t.end + 1, units, line);
}

/**
 * A lot enters in its DoA month, or in the month of its ticker's first close when it was "bought" before
 * any price exists (the months before have no price to value it at). Unpriced lots are not in it. What it
 * still holds stays to the end; each piece a counted sale took stays until the sale's month, whose flow is
 * the sale's net proceeds leaving (docs/numbers.md "allHistory", "Sales").
 */
export function lotsTimeline(lots: readonly Lot[], market: Market): Timeline {
  let firstMonth = Number.POSITIVE_INFINITY;
  for (const lot of lots) if (lot.side === "buy" && lot.marketValue !== null && lot.doaMonth < firstMonth) firstMonth = lot.doaMonth;
  const t = emptyTimeline(market, firstMonth);
  for (const lot of lots) {
    if (lot.side !== "buy" || lot.entry === Number.POSITIVE_INFINITY || lot.quantity === 0 || lot.value === null) continue;
    const line = lot.inst.value.values;
    addFlow(t, lot.entry, lot.entry === lot.doaMonth ? lot.doaDay : 1, lot.countedCost);
    addUnits(t, lot.entry, t.end + 1, lot.shares, line);
    for (const p of lot.pieces) addUnits(t, lot.entry, p.sale.month, p.shares, line);
    const events = lot.inst.dividends;
    for (let k = lot.divFrom; k < events.length; k++) {
      const shares = lot.pieces.length === 0 ? lot.shares : entitledShares(lot, events[k].day);
      const cash = shares * events[k].base;
      if (!Number.isNaN(cash)) t.dividends[events[k].month - t.start] += cash;
    }
  }
  for (const sale of countedSales(lots)) addFlow(t, sale.month, sale.day, -(sale.proceeds - sale.fee));
  return t;
}

/** The timeline of some holdings on their own (the market laid for them alone). */
export function buildTimeline(
  holdings: readonly Holding[],
  prices: Readonly<Record<string, TickerPrices | undefined>>,
  today: IsoDate,
  options: MarketOptions = {},
): Timeline {
  const { market, lots } = layLots(holdings, prices, today, options);
  return lotsTimeline(lots, market);
}

/** allHistory: month → portfolio value, from the first purchase month to the valuation month. */
export function allHistory(t: Timeline): Record<MonthKey, number> {
  const out: Record<MonthKey, number> = {};
  for (let m = Math.max(t.firstMonth, t.start); m <= t.end; m++) out[t.months[m - t.start]] = t.values[m - t.start];
  return out;
}
