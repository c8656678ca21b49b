/**
 * Initial percents: the user says "30 % of 10,000 in VOO" and the quantity follows from the price VOO
 * traded at when it was bought. Quantities are whole numbers (spec §5); one that rounds to 0 is reported.
 */
import { holdingsOf, parseQuantity } from "./assets.ts";
import { createMarket, type Market } from "./market.ts";
import { isIsoDate, parseMonth } from "./months.ts";
import { splitFactorAfter } from "./splits.ts";
import type { AssetInput, InitialPercentZero, IsoDate, MarketOptions, TickerPrices } from "./types.ts";

/**
 * The price on DoA as traded, in the base currency: the price line at DoA's month (that month's close, the
 * latest price in its asOf month, else the last close before, carried forward) × the split factor after
 * DoA (closes are in today's shares) × the rate of DoA's month. Null without a close or a rate by then.
 */
export function tradedPriceAtDoA(market: Market, ticker: string, DoA: IsoDate): number | null {
  if (!isIsoDate(DoA) || DoA > market.today) return null;
  const month = parseMonth(DoA);
  const { start, end } = market.axis;
  if (month > end) return null;
  const inst = market.instrument(ticker);
  const value = inst.value.values[month - start];
  return Number.isNaN(value) ? null : value * splitFactorAfter(inst.splits, DoA);
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
  /** initial percents that bought less than half a unit: quantity 0, reported */
  zero: InitialPercentZero[];
}

export function applyInitialPercents(assets: readonly AssetInput[], totalValue: number, market: Market): AppliedInitialPercents {
  const skipped: string[] = [];
  const zero: InitialPercentZero[] = [];
  const out = assets.map((a) => {
    const quantity = parseQuantity(a.quantity);
    if (typeof a.initialPercent !== "number" || !Number.isFinite(a.initialPercent)) return { ...a, quantity };
    const price = tradedPriceAtDoA(market, a.ticker, a.DoA);
    if (price === null) {
      skipped.push(a.ticker);
      return { ...a, quantity };
    }
    const units = initialQuantity(totalValue, a.initialPercent, price);
    if (units === 0 && a.initialPercent > 0) {
      const amount = (totalValue * a.initialPercent) / 100;
      zero.push({ ticker: a.ticker, initialPercent: a.initialPercent, amount, price, units: amount / price });
    }
    return { ...a, quantity: units };
  });
  return { assets: out, skipped, zero };
}

/** Initial percents for assets on their own: the market laid for them alone. */
export function applyInitialPercentsAt(
  assets: readonly AssetInput[],
  totalValue: number,
  prices: Readonly<Record<string, TickerPrices | undefined>>,
  today: IsoDate,
  options: MarketOptions = {},
): AppliedInitialPercents {
  return applyInitialPercents(assets, totalValue, createMarket({ ...options, holdings: holdingsOf(assets), prices, today }));
}
