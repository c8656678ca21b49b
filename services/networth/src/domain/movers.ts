/**
 * Biggest movers from real price history. The pricing service offers month-end closes (`YYYY-MM` → the
 * month's last close; the current month's entry is its latest close so far), not daily ones, so a mover's
 * change is the latest month's: the last close in the history against the close of the month before it
 * (for the current month: the change since the previous month ended). The hourly price.updated ticks are
 * not used: one hour's move says little and two ticks may be hours or days apart. When pricing offers daily
 * closes, `monthlyChange` is the one place to switch.
 *
 * Volatility is the sample standard deviation of the month-to-month changes over the last 12 months.
 * Pure: histories and quantities come in as plain data.
 */

/** Months in the volatility window (12 changes need 13 closes). */
export const VOLATILITY_MONTHS = 12;
/** Fewer changes than this say nothing about spread. */
export const MIN_VOLATILITY_CHANGES = 2;
/** The movers map lists at most this many tickers, the biggest moves first. */
export const MAX_MOVERS = 10;

export type MonthlyCloses = Record<string, number>;

export interface MonthlyChange {
  ticker: string;
  /** the month before `toMonth` */
  fromMonth: string;
  toMonth: string;
  fromClose: number;
  toClose: number;
  /** percent, unrounded */
  changePercent: number;
}

export interface Volatility {
  ticker: string;
  /** sample standard deviation of monthly changes, in percentage points */
  stdevPercent: number;
  changes: number;
}

const validClose = (close: unknown): close is number => typeof close === "number" && Number.isFinite(close) && close > 0;

/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** Months with a usable close, oldest first. */
function closes(history: MonthlyCloses): Array<[string, number]> {
  return Object.entries(history)
    .filter((e): e is [string, number] => /^\d{4}-\d{2}$/.test(e[0]) && validClose(e[1]))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The latest month's change, or null without closes for that month and the one right before it. */
export function monthlyChange(ticker: string, history: MonthlyCloses): MonthlyChange | null {
  const rows = closes(history);
  const last = rows.at(-1);
  const before = rows.at(-2);
  if (!last || !before || before[0] !== previousMonth(last[0])) return null;
  return {
    ticker,
    fromMonth: before[0],
    toMonth: last[0],
    fromClose: before[1],
    toClose: last[1],
    changePercent: (last[1] / before[1] - 1) * 100,
  };
}

/** Spread of the month-to-month changes over the last VOLATILITY_MONTHS consecutive months. */
export function volatility(ticker: string, history: MonthlyCloses, months = VOLATILITY_MONTHS): Volatility | null {
  const rows = closes(history).slice(-(months + 1));
  const changes: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    // a gap in the months would make one "monthly" change span several months
    if (rows[i - 1][0] !== previousMonth(rows[i][0])) {
      changes.length = 0;
      continue;
    }
    changes.push((rows[i][1] / rows[i - 1][1] - 1) * 100);
  }
  if (changes.length < MIN_VOLATILITY_CHANGES) return null;
  const mean = changes.reduce((a, b) => a + b, 0) / changes.length;
  const variance = changes.reduce((a, c) => a + (c - mean) ** 2, 0) / (changes.length - 1);
  return { ticker, stdevPercent: Math.sqrt(variance), changes: changes.length };
}

/** Biggest absolute move first; ties by ticker, so the order never depends on the input's. */
export function rankMovers(changes: MonthlyChange[]): MonthlyChange[] {
  return [...changes].sort((a, b) => Math.abs(b.changePercent) - Math.abs(a.changePercent) || (a.ticker < b.ticker ? -1 : 1));
}

export const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The reply's ticker → change map (percent, 2 decimals), biggest move first, at most MAX_MOVERS. */
export function moversMap(ranked: MonthlyChange[]): Record<string, number> {
  const map: Record<string, number> = {};
  for (const c of ranked.slice(0, MAX_MOVERS)) map[c.ticker] = round2(c.changePercent);
  return map;
}

export function mostVolatile(values: Volatility[]): Volatility | null {
  let best: Volatility | null = null;
  for (const v of values) {
    if (!best || v.stdevPercent > best.stdevPercent || (v.stdevPercent === best.stdevPercent && v.ticker < best.ticker)) best = v;
  }
  return best;
}

/** The ticker with the most units; ties by ticker. */
export function mostQuantity(quantities: ReadonlyMap<string, number>): { ticker: string; quantity: number } | null {
  let best: { ticker: string; quantity: number } | null = null;
  for (const [ticker, quantity] of quantities) {
    if (!best || quantity > best.quantity || (quantity === best.quantity && ticker < best.ticker)) best = { ticker, quantity };
  }
  return best;
}
