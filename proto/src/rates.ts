import { type Static, Type } from "typebox";

/** Why a price or a rate is stale (docs/numbers.md "Stale, unpriced and rates"): served as the last good value, or older than the others. */
export const StaleReason = Type.Union([Type.Literal("last-known"), Type.Literal("out-of-date")]);
export type StaleReason = Static<typeof StaleReason>;

/**
 * An exchange rate today's values used (the valuation month's): the month it is of, its date when it is the
 * pair's latest, and whether it is stale: an older month's rate carried forward is `out-of-date`, shown with
 * its date like a stale price.
 */
export const RateUsed = Type.Object({
  /** `<FROM><BASE>=X`, e.g. EURUSD=X (dollars per euro) */
  pair: Type.String(),
  rate: Type.Number(),
  /** `YYYY-MM` */
  month: Type.String(),
  /** the date of the pair's latest rate when that is the one used; null for a month's close */
  asOf: Type.Union([Type.String(), Type.Null()]),
  stale: Type.Union([StaleReason, Type.Null()]),
});
export type RateUsed = Static<typeof RateUsed>;
