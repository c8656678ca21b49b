/**
 * When a price or an exchange rate is stale (docs/numbers.md "Stale, unpriced and rates"): one definition for every
 * screen. A price is stale when pricing served its last good value while every provider was down
 * (`last-known`), or when its date is more than OUT_OF_DATE_DAYS before the valuation's pricesAsOf, the newest
 * price among the portfolio's holdings (`out-of-date`: its data stopped, as a delisted ticker's does). A rate is
 * stale when it was served as a last good value, or when it is an older month's rate carried into the
 * valuation month (`out-of-date`). Stale figures count at their value like any other; they are listed with
 * their date.
 */
import { epochDay, isIsoDate } from "./months.ts";
import type { IsoDate, StaleReason } from "./types.ts";

/** A price older than the newest one by more than this many days is out of date. */
export const OUT_OF_DATE_DAYS = 7;

export function priceStaleness(servedStale: boolean, priceDate: IsoDate | null, pricesAsOf: IsoDate | null): StaleReason | null {
  if (servedStale) return "last-known";
  if (!isIsoDate(priceDate) || !isIsoDate(pricesAsOf)) return null;
  return epochDay(pricesAsOf) - epochDay(priceDate) > OUT_OF_DATE_DAYS ? "out-of-date" : null;
}
