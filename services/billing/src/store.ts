import type { Store } from "@folio/platform/store/port";
import type { SubscriptionState } from "./domain/plans.ts";

export { FREE_PLAN } from "@folio/proto/billing";

export const CUSTOMERS = "billing_customers";
/** The inbox of Stripe events handled (by Stripe's event id), beside the bus consumers' inboxes. */
export const STRIPE_EVENTS = "billing.stripe-events";

/** A billing customer per account: its Stripe customer, its subscriptions and the plan they give. */
export interface Customer {
  /** the uid */
  _id: string;
  _v?: number;
  email: string;
  plan: string;
  /** the connections the plan allowed when it was last published */
  maxConnections?: number;
  since: string;
  /** created on the first checkout, once (idempotency key per user) */
  stripeCustomerId?: string;
  /** by Stripe subscription id, as Stripe last reported each one */
  subscriptions?: Record<string, SubscriptionState>;
}

export const customers = (store: Store) => store.collection<Customer>(CUSTOMERS, [{ fields: ["email"] }, { fields: ["stripeCustomerId"] }]);

export type Customers = ReturnType<typeof customers>;
