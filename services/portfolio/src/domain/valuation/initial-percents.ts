/**
 * Initial percents: the user says "30 % of 10,000 in VOO" and the quantity follows from the price VOO had
 * when it was bought. Quantities are whole numbers (spec §5).
 */
import { parseQuantity } from "./assets.ts";
import { monthKey, parseMonth } from "./months.ts";
import type { AssetInput, IsoDate, TickerPrices } from "./types.ts";

const validPrice = (p: number | null | undefined): p is number => typeof p === "number" && Number.isFinite(p) && p > 0;

/**
 * The price at DoA: the close of DoA's month; if that month is the valuation month and has no close yet,
 * the latest price; otherwise the last close before DoA's month (carried forward, as allHistory does).
 * Null when the ticker has no close on or before DoA's month: a price is never invented.
 */
export function priceAtDoA(prices: TickerPrices | undefined, DoA: IsoDate, valuationDate: IsoDate): number | null {
  if (!prices) return null;
  const month = parseMonth(DoA);
  const valuationMonth = parseMonth(valuationDate);
  if (month < 0 || month > valuationMonth) return null;
  const exact = prices.history[monthKey(month)];
  if (validPrice(exact)) return exact;
  if (month === valuationMonth && validPrice(prices.latestPrice)) return prices.latestPrice;
  let best = -1;
  let close: number | null = null;
  for (const key in prices.history) {
    const m = parseMonth(key);
    const v = prices.history[key];
    if (m >= 0 && m < month && m > best && validPrice(v)) {
      best = m;
      close = v;
    }
  }
  return close;
}

/**
 * quantity = T × p / 100 / price, rounded half up to a whole number. The product is cleaned to 12
 * significant digits first, so a quotient meant to be 2.5 that floats to 2.4999999999 still rounds up.
 */
export function initialQuantity(totalValue: number, initialPercent: number, price: number): number {
  const exact = (totalValue * initialPercent) / 100 / price;
  return Math.round(Number(exact.toPrecision(12)));
}

export interface AppliedInitialPercents {
  /** the assets with quantity a number; recomputed where initialPercent is set and a price is known */
  assets: AssetInput[];
  /** tickers with an initialPercent but no price at their DoA; their quantity is left as entered */
  skipped: string[];
}

export function applyInitialPercents(
  assets: readonly AssetInput[],
  totalValue: number,
  prices: Readonly<Record<string, TickerPrices | undefined>>,
  valuationDate: IsoDate,
): AppliedInitialPercents {
  const skipped: string[] = [];
  const out = assets.map((a) => {
    const quantity = parseQuantity(a.quantity);
    if (typeof a.initialPercent !== "number" || !Number.isFinite(a.initialPercent)) return { ...a, quantity };
    const price = priceAtDoA(prices[a.ticker], a.DoA, valuationDate);
    if (price === null) {
      skipped.push(a.ticker);
      return { ...a, quantity };
    }
    return { ...a, quantity: initialQuantity(totalValue, a.initialPercent, price) };
  });
  return { assets: out, skipped };
}
