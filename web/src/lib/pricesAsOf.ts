import { formatDate } from "./format.ts";

/**
 * Prices from before yesterday are dated on the screen ("Prices as of Jul 13, 2026"), wherever figures are
 * shown (the portfolio page, the samples, the community); newer ones need no date. Null when not dated.
 */
export function pricesAsOfNote(pricesAsOf: string | null | undefined, nowMs: number): string | null {
  if (!pricesAsOf) return null;
  const yesterday = new Date(nowMs - 86_400_000).toISOString().slice(0, 10);
  return pricesAsOf < yesterday ? `Prices as of ${formatDate(pricesAsOf)}` : null;
}
