/**
 * Billing: the paid plan on Stripe (checkout, portal, signed webhooks) and the plans themselves
 * (domain/plans.ts). Every new account becomes a customer on the free plan (account.registered), so plan
 * look-ups have a record to read; plan changes go out as billing.plan.changed through the outbox.
 */
import { consumer } from "@folio/platform/events";
import { projection } from "@folio/platform/projection";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { createBilling } from "./billing.ts";
import { loadBillingConfig } from "./config.ts";
import { billingRoutes } from "./routes.ts";
import { type Customer, customers, FREE_PLAN } from "./store.ts";
import { createWebhook } from "./webhook.ts";

export function createBillingService(deps: ServiceDeps): ServiceModule {
  const config = loadBillingConfig(deps.config.env);
  const billing = createBilling(deps, config);
  const receive = createWebhook({ store: deps.store, log: deps.log, webhookSecret: config.webhookSecret }, billing);

  const onAccountRegistered = projection<Customer, "account.registered">(deps.store, {
    consumer: "billing.customers",
    collection: customers(deps.store),
    idOf: (e) => e.payload.uid,
    apply: (event, current) => {
      // a checkout or webhook may have created the record first, without the e-mail
      if (current) return current.email ? undefined : { ...current, email: event.payload.email };
      return { _id: event.payload.uid, email: event.payload.email, plan: FREE_PLAN, since: event.occurredAt };
    },
  });
  return {
    name: "billing",
    routes: billingRoutes(billing, receive),
    consumers: [consumer(["account.registered"], onAccountRegistered)],
    start: async () => {
      await billing.reconcile();
    },
  };
}
