/**
 * Currencies as the pricing service replies in them: always a major unit. A provider quoting pence (GBp,
 * GBX), agorot (ILA) or South African cents (ZAc) has every price, close and dividend divided into pounds,
 * shekels or rand (proto MINOR_CURRENCY_UNITS), and the provider's code is kept beside.
 */
import { pairCurrency } from "@folio/proto/market-rules";
import { MINOR_CURRENCY_UNITS } from "@folio/proto/pricing";

export const DEFAULT_CURRENCY = "USD";

export interface MajorUnit {
  /** the major unit's ISO code */
  currency: string;
  /** what a provider's price is divided by: 100 for a minor unit, else 1 */
  divisor: number;
  /** the provider's code when it was a minor unit */
  quotedCurrency?: string;
}

/** The major unit of a provider's currency code; an absent code is US dollars (the providers' default). */
export function majorUnit(code: string | null | undefined): MajorUnit {
  const raw = code?.trim();
  if (!raw) return { currency: DEFAULT_CURRENCY, divisor: 1 };
  const minor = MINOR_CURRENCY_UNITS[raw];
  if (minor) return { currency: minor.currency, divisor: minor.divisor, quotedCurrency: raw };
  return { currency: raw.toUpperCase(), divisor: 1 };
}

/** An exchange-rate pair `<FROM><TO>=X` is quoted in TO (proto's market rule, beside the valuation's fxPair). */
export { pairCurrency };

/** Every number of a month → close map divided by `divisor`. */
export function divideMonths(months: Record<string, number>, divisor: number): Record<string, number> {
  if (divisor === 1) return months;
  const out: Record<string, number> = {};
  for (const [month, close] of Object.entries(months)) out[month] = close / divisor;
  return out;
}
