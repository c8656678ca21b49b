/**
 * The market's rules every service that values holdings applies the same way (pure, no I/O): the
 * exchange-rate pair's symbol, and how a stock split turns a lot's shares into today's. Portfolio values with
 * them (its engine, domain/valuation), pricing answers the as-traded close and a pair's currency with them.
 * How an entered quantity and fee are read is in asset-rules.ts (parseQuantity, parseFee), used by the engine
 * and the web alike.
 */

/** Yahoo's exchange-rate symbol: `EURUSD=X` is `base` units per one `from` (US dollars per euro). */
export const fxPair = (from: string, base: string): string => `${from}${base}=X`;

/** The currency an exchange-rate pair `<FROM><TO>=X` is quoted in (TO: EURUSD=X → USD); null for other tickers. */
export function pairCurrency(ticker: string): string | null {
  return /^[A-Z]{6}=X$/.test(ticker) ? ticker.slice(3, 6) : null;
}

/**
 * F = Π ratio of the splits whose ex-date is after `date` (a purchase on the ex-date already has post-split
 * shares), a ratio that is not a number above 0 left out: a buyer that day holds F of today's shares per share.
 */
export function splitFactorAfter(splits: readonly { date: string; ratio: number }[], date: string): number {
  let f = 1;
  for (const s of splits) if (s.date > date && Number.isFinite(s.ratio) && s.ratio > 0) f *= s.ratio;
  return f;
}
