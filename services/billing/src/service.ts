/**
 * Billing: the paid plan on Stripe (checkout, portal, signed webhooks) and the plans themselves
 * (domain/plans.ts). Every new account becomes a customer on the free plan (account.registered), so plan
 * look-ups have a record to read; plan changes go out as billing.plan.changed through the outbox.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { createBilling } from "./billing.ts";
import { loadBillingConfig } from "./config.ts";
import { billingConsumers } from "./consumers.ts";
import { billingRoutes } from "./routes.ts";
import { createWebhook } from "./webhook.ts";

export function createBillingService(deps: ServiceDeps): ServiceModule {
  const config = loadBillingConfig(deps.config.env);
  const billing = createBilling(deps, config);
  const receive = createWebhook({ store: deps.store, log: deps.log, webhookSecret: config.webhookSecret }, billing);

  return {
    name: "billing",
    routes: billingRoutes(billing, receive),
    consumers: billingConsumers(deps),
    start: async () => {
      await billing.reconcile();
    },
  };
}
