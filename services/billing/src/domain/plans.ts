/**
 * The plans and what they allow, in one place (docs/product-decisions.md "Plans"). The free plan allows one brokerage
 * connection (spec §6); every price id in BILLING_PRICE_IDS buys the paid plan, which allows
 * BILLING_PAID_CONNECTIONS. A user's plan follows from their Stripe subscriptions' own states: paid while
 * one of them is active, trialing or past_due (the grace while Stripe retries a failed charge), free once
 * none is (canceled, unpaid, incomplete, paused...).
 */
import { FREE_PLAN, FREE_PLAN_MAX_CONNECTIONS, PAID_PLAN } from "@folio/proto/billing";
export const DEFAULT_PAID_MAX_CONNECTIONS = 10;

/** Subscription statuses that keep the paid plan; `past_due` is the grace period. */
export const PAID_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

export interface PlanRules {
  /** the price ids on offer, each buying the paid plan */
  priceIds: string[];
  paidMaxConnections: number;
}

/** What billing knows of one Stripe subscription, as Stripe last reported it. */
export interface SubscriptionState {
  status: string;
  /** the prices of its items */
  priceIds: string[];
}

export interface Plan {
  plan: string;
  maxConnections: number;
  /** the status of the subscription that grants the paid plan; null on the free plan */
  status: string | null;
}

export const freePlan = (): Plan => ({ plan: FREE_PLAN, maxConnections: FREE_PLAN_MAX_CONNECTIONS, status: null });

/** Does this subscription grant the paid plan: a keeping status and at least one offered price. */
export function grantsPaidPlan(subscription: SubscriptionState, rules: PlanRules): boolean {
  return PAID_STATUSES.includes(subscription.status) && subscription.priceIds.some((id) => rules.priceIds.includes(id));
}

/**
 * The plan a user's subscriptions give. With several (an old one ending while a new one starts), any paying
 * one wins; `active` is reported before `past_due` so the page shows the healthiest.
 */
export function planOf(subscriptions: SubscriptionState[], rules: PlanRules): Plan {
  const paying = subscriptions.filter((s) => grantsPaidPlan(s, rules));
  if (paying.length === 0) return freePlan();
  const best = paying.find((s) => s.status !== "past_due") ?? paying[0];
  return { plan: PAID_PLAN, maxConnections: rules.paidMaxConnections, status: best.status };
}
