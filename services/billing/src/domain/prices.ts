/**
 * A Stripe Price object (docs.stripe.com/api/prices/object) as the Plan tab shows it. Stripe gives amounts
 * in the currency's smallest unit (docs.stripe.com/currencies "Zero-decimal currencies", "Three-decimal
 * currencies"): 900 usd is $9.00, 900 jpy is ¥900, 9000 kwd is 9.000 KD.
 */
import type { PlanPrice } from "@folio/proto/billing";

/** Stripe's zero-decimal currencies: the amount is already in the major unit. */
const ZERO_DECIMAL = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);
/** Stripe's three-decimal currencies. */
const THREE_DECIMAL = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/** `unit_amount` in the smallest unit → the major unit. */
export function majorAmount(unitAmount: number, currency: string): number {
  const c = currency.toLowerCase();
  const digits = ZERO_DECIMAL.has(c) ? 0 : THREE_DECIMAL.has(c) ? 3 : 2;
  return unitAmount / 10 ** digits;
}

/** The fields of a Price object this reads (stripe-node's Stripe.Price has them all). */
export interface StripePrice {
  id: string;
  nickname: string | null;
  currency: string;
  unit_amount: number | null;
  /** the SDK types `interval` open-ended (a later API version may add one) */
  recurring: { interval: string; interval_count: number } | null;
}

const INTERVALS = ["day", "week", "month", "year"] as const;
const intervalOf = (raw: string | undefined): PlanPrice["interval"] =>
  (INTERVALS as readonly string[]).includes(raw ?? "") ? (raw as PlanPrice["interval"]) : null;

export function planPrice(price: StripePrice): PlanPrice {
  return {
    id: price.id,
    nickname: price.nickname,
    // a tiered or customer-chosen price has no unit amount: it is offered without a figure
    amount: typeof price.unit_amount === "number" ? majorAmount(price.unit_amount, price.currency) : null,
    currency: price.currency.toUpperCase(),
    interval: intervalOf(price.recurring?.interval),
    intervalCount: price.recurring?.interval_count ?? 1,
  };
}

/** A price id Stripe could not be asked about just now: offered, without a figure. */
export const unknownPrice = (id: string): PlanPrice => ({
  id,
  nickname: null,
  amount: null,
  currency: null,
  interval: null,
  intervalCount: 1,
});
