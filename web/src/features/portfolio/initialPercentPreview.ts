/**
 * What an initial percent will do, shown before it does it (docs/numbers.md "Initial percents"): the amount it is of
 * the portfolio's total value, and the whole units that amount buys at the price the asset traded at on its
 * purchase date (the as-traded close the pricing service answers, GET /v1/get/{ticker}/close), rounded as
 * the server rounds them on the next save. The browser has no exchange rates: for an asset in another
 * currency than the base it shows the amount only, and the save reports what it bought.
 */

export const INITIAL_PERCENT_MAX = 100;

export interface InitialPercentPreview {
  /** totalValue × percent / 100 */
  amount: number;
  /** the price of one unit as traded on DoA (the day's close, or the last trading day's before); null when unknown here */
  price: number | null;
  /** the trading day of `price`, `YYYY-MM-DD` */
  priceDate: string | null;
  /** round(amount / price), whole units; null when the price is unknown here */
  quantity: number | null;
  /** amount / price before rounding (0.0204 of a unit); null with quantity */
  units: number | null;
}

/** An initial percent typed as text: a number 0 to 100, a trailing % allowed; empty is none. */
export type InitialPercentInput = { ok: true; value: number | null } | { ok: false; reason: string };

export function readInitialPercent(text: string): InitialPercentInput {
  const trimmed = text.trim().replace(/\s*%$/, "");
  if (trimmed === "") return { ok: true, value: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, reason: "An initial percent is a number from 0 to 100." };
  if (value < 0) return { ok: false, reason: "An initial percent cannot be negative." };
  if (value > INITIAL_PERCENT_MAX)
    return {
      ok: false,
      reason: "Over 100 % is refused: an initial percent is this asset's share of the portfolio's total value, which is 100 % at most.",
    };
  return { ok: true, value };
}

/**
 * The server's rounding (services/portfolio initialQuantity): the quotient cleaned to 12 significant digits,
 * then half up, so a quotient meant to be 2.5 that floats to 2.4999999999 still buys 3.
 */
export function wholeUnits(amount: number, price: number): number {
  return Math.round(Number((amount / price).toPrecision(12)));
}

/**
 * `close`: the as-traded close of the asset's purchase date in its own currency, when known; `sameCurrency`:
 * that currency is the base currency the total value is in.
 */
export function previewInitialPercent(
  percent: number,
  totalValue: number,
  close: { close: number; date: string } | null,
  sameCurrency: boolean,
): InitialPercentPreview {
  const amount = (totalValue * percent) / 100;
  if (!close || !sameCurrency || !(close.close > 0)) return { amount, price: null, priceDate: null, quantity: null, units: null };
  return { amount, price: close.close, priceDate: close.date, quantity: wholeUnits(amount, close.close), units: amount / close.close };
}

/** A percent that buys less than half a unit sets the quantity to 0: the user is asked first. */
export function roundsToZero(percent: number | null, preview: InitialPercentPreview | null): boolean {
  return percent !== null && percent > 0 && preview?.quantity === 0;
}
