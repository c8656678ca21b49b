/** What a figure the server has not produced yet says, on every screen that waits for one. */
export const VALUING = "Being valued…";
/** An asset the server valued but could not price: left out of value, cost and profit/loss. */
export const NO_PRICE = "No price";
