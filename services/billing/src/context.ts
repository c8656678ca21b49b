/** What the billing service's routes, consumers and start share, built once per service instance from its deps. */
import type { ServiceDeps } from "@folio/platform/service";
import { type Billing, createBilling } from "./billing.ts";
import { type BillingConfig, loadBillingConfig } from "./config.ts";
import { type Customers, customers } from "./store.ts";
import { createWebhook } from "./webhook.ts";

export interface BillingContext {
  deps: ServiceDeps;
  config: BillingConfig;
  customers: Customers;
  /** checkout, portal, plans and prices, reconciliation (billing.ts) */
  billing: Billing;
  /** Stripe's signed webhook events (webhook.ts) */
  receive: (raw: Buffer, signature: string | undefined) => Promise<void>;
}

export function billingContext(deps: ServiceDeps): BillingContext {
  const config = loadBillingConfig(deps.config.env);
  const billing = createBilling(deps, config);
  return {
    deps,
    config,
    customers: customers(deps.store),
    billing,
    receive: createWebhook({ store: deps.store, log: deps.log, webhookSecret: config.webhookSecret }, billing),
  };
}
