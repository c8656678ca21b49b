/** What a figure the server has not produced yet says, on every screen that waits for one. */
export const VALUING = "Being valued…";
/** An asset the server valued but could not price: left out of value, cost and profit/loss. */
export const NO_PRICE = "No price";

/** Why a holding counts in no figure, as the server says it (proto UnpricedHolding). */
export type UnpricedReason = "unknown-ticker" | "unavailable" | "no-exchange-rate";
export const UNPRICED_WORDS: Record<UnpricedReason, string> = {
  "unknown-ticker": "unknown ticker",
  unavailable: "no price now",
  "no-exchange-rate": "no exchange rate",
};
