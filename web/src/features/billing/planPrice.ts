/** A plan's price as Stripe's Price object says it (GET /v1/billing/prices), in words: "$9.00 a month". */
import type { PlanPrice } from "@folio/proto/billing";
import { formatMoney } from "../../lib/format.ts";

const EVERY: Record<NonNullable<PlanPrice["interval"]>, [string, string]> = {
  day: ["a day", "days"],
  week: ["a week", "weeks"],
  month: ["a month", "months"],
  year: ["a year", "years"],
};

/** "$9.00 a month", "€25.00 every 3 months", "$500.00 once"; null when Stripe gave no figure. */
export function priceText(price: PlanPrice): string | null {
  if (price.amount === null || price.currency === null) return null;
  const money = formatMoney(price.amount, price.currency);
  if (price.interval === null) return `${money} once`;
  const [one, many] = EVERY[price.interval];
  return price.intervalCount === 1 ? `${money} ${one}` : `${money} every ${price.intervalCount} ${many}`;
}

/** The plan's name and price for a list or a picker: "Pro: $9.00 a month"; "Paid plan (price not available now)". */
export function planLabel(price: PlanPrice): string {
  const name = price.nickname || "Paid plan";
  const text = priceText(price);
  return text ? `${name}: ${text}` : `${name} (price not available now)`;
}
