/**
 * The monthly timeline every history-based figure reads: one month axis from the earlier of the first
 * purchase and 2000-03 (where the earliest historical period starts) to the valuation month, each
 * ticker's closes laid on it, the portfolio's value per month and the purchases (external flows) per
 * month. Built once per valuation; everything after it is index arithmetic on typed arrays.
 */
import { daysInMonth, monthKey, parseDay, parseMonth } from "./months.ts";
import type { Holding, IndexPrices, IsoDate, MonthKey, TickerPrices } from "./types.ts";

/** The first month a fixed historical period needs (the 2002 Crash starts 2000-03). */
export const EARLIEST_PERIOD_START = parseMonth("2000-03");

export interface PriceLine {
  /** month number of the first close, or the axis start when a close predates it; Infinity when there is none */
  first: number;
  /** close per axis month, carried forward from the last known close; NaN before the first one */
  closes: Float64Array;
}

export interface Timeline {
  /** month number of axis position 0 */
  start: number;
  /** the valuation month (last axis position) */
  end: number;
  months: MonthKey[];
  /** month number of the first purchase; Infinity without holdings */
  firstMonth: number;
  prices: Map<string, PriceLine>;
  index: PriceLine | null;
  indexTicker: string | null;
  /** Σ quantity × close of the holdings bought by each month's end */
  values: Float64Array;
  /** Σ cost (quantity × PoA) of the holdings entering in each month */
  flows: Float64Array;
  /** Σ cost × (days in month − purchase day + 1): the numerator of each flow's Modified Dietz weight */
  flowDays: Float64Array;
  /** earliest purchase day of the month among non-zero flows; 0 when none */
  minDay: Int32Array;
  days: Int32Array;
}

const validPrice = (p: unknown): p is number => typeof p === "number" && Number.isFinite(p) && p > 0;

/**
 * The last close before the axis starts, to carry into it. Keys compare as text ('YYYY-MM' sorts like
 * the months), so this scan parses nothing; it runs only for a history with no close in the first axis month.
 */
function closeBefore(history: Record<MonthKey, number>, firstKey: MonthKey): number {
  let best = "";
  for (const key of Object.keys(history)) if (key < firstKey && key > best && key.length === 7 && validPrice(history[key])) best = key;
  return best === "" ? Number.NaN : history[best];
}

/**
 * Lays a history on the axis by looking up each axis month's key (no key parsing, no sorting), then
 * carries each close forward to the next known one; a close from before the axis seeds the carry. The
 * valuation month takes the latest price when there is one: it is the most recent close, so the last
 * allHistory point equals the holdings' market value. Months after the valuation month are never read.
 */
function lay(history: Record<MonthKey, number>, latestPrice: number | null | undefined, start: number, months: MonthKey[]): PriceLine {
  const n = months.length;
  const closes = new Float64Array(n);
  let last = Number.NaN;
  let first = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const close = i === n - 1 && validPrice(latestPrice) ? latestPrice : history[months[i]];
    if (validPrice(close)) {
      last = close;
      if (first === Number.POSITIVE_INFINITY) first = start + i;
    } else if (i === 0) {
      last = closeBefore(history, months[0]);
      if (!Number.isNaN(last)) first = start;
    }
    closes[i] = last;
  }
  return { first, closes };
}

/**
 * A holding enters the timeline in its DoA month, or in the month of its ticker's first close when it was
 * "bought" before any price exists (the months before have no price to value it at). Its cost is the
 * flow of that month, dated on the purchase day, or on day 1 when its entry was held back.
 */
export function buildTimeline(
  holdings: readonly Holding[],
  prices: Readonly<Record<string, TickerPrices | undefined>>,
  valuationDate: IsoDate,
  index?: IndexPrices | null,
): Timeline {
  const end = parseMonth(valuationDate);
  let firstMonth = Number.POSITIVE_INFINITY;
  for (const h of holdings) {
    const doa = parseMonth(h.DoA);
    if (doa >= 0 && doa < firstMonth) firstMonth = doa;
  }
  const start = Math.min(EARLIEST_PERIOD_START, end, firstMonth);
  const n = end - start + 1;

  const months: MonthKey[] = new Array(n);
  const days = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    months[i] = monthKey(start + i);
    days[i] = daysInMonth(start + i);
  }

  const lines = new Map<string, PriceLine>();
  for (const h of holdings) {
    if (lines.has(h.ticker)) continue;
    const p = prices[h.ticker];
    lines.set(h.ticker, lay(p?.history ?? {}, p?.latestPrice, start, months));
  }
  const indexLine = index ? lay(index.history, index.latestPrice, start, months) : null;

  const values = new Float64Array(n);
  const flows = new Float64Array(n);
  const flowDays = new Float64Array(n);
  const minDay = new Int32Array(n);
  for (const h of holdings) {
    const line = lines.get(h.ticker) as PriceLine;
    const doa = parseMonth(h.DoA);
    if (doa < 0 || h.quantity === 0) continue;
    const entry = Math.max(doa, line.first);
    if (entry > end) continue;
    const at = entry - start;
    const cost = h.quantity * h.PoA;
    const day = entry === doa ? parseDay(h.DoA) : 1;
    flows[at] += cost;
    flowDays[at] += cost * (days[at] - day + 1);
    if (cost !== 0 && (minDay[at] === 0 || day < minDay[at])) minDay[at] = day;
    const q = h.quantity;
    const closes = line.closes;
    for (let i = at; i < n; i++) values[i] += q * closes[i];
  }

  return {
    start,
    end,
    months,
    firstMonth,
    prices: lines,
    index: indexLine,
    indexTicker: index?.ticker ?? null,
    values,
    flows,
    flowDays,
    minDay,
    days,
  };
}

/** allHistory: month → portfolio value, from the first purchase month to the valuation month. */
export function allHistory(t: Timeline): Record<MonthKey, number> {
  const out: Record<MonthKey, number> = {};
  for (let m = Math.max(t.firstMonth, t.start); m <= t.end; m++) out[t.months[m - t.start]] = t.values[m - t.start];
  return out;
}
