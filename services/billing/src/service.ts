/**
 * Billing: the paid plan on Stripe (checkout, portal, signed webhooks) and the plans themselves
 * (domain/plans.ts). Every new account becomes a customer on the free plan (account.registered), so plan
 * look-ups have a record to read; plan changes go out as billing.plan.changed through the outbox.
 */
import { consumer, type Event } from "@folio/platform/events";
import { handleOnce } from "@folio/platform/inbox";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { createBilling, customerWrite } from "./billing.ts";
import { loadBillingConfig } from "./config.ts";
import { billingRoutes } from "./routes.ts";
import { type Customer, customers, FREE_PLAN } from "./store.ts";
import { createWebhook } from "./webhook.ts";

export function createBillingService(deps: ServiceDeps): ServiceModule {
  const config = loadBillingConfig(deps.config.env);
  const billing = createBilling(deps, config);
  const receive = createWebhook({ store: deps.store, log: deps.log, webhookSecret: config.webhookSecret }, billing);

  const db = customers(deps.store);
  // a checkout or webhook may have created the record first (a webhook without the e-mail): the checked
  // write never overwrites their change; a conflict fails the delivery and the bus retries it
  const onAccountRegistered = (event: Event<"account.registered">) =>
    handleOnce(deps.store, "billing.customers", event, async () => {
      const { uid, email } = event.payload;
      const current = await db.get(uid);
      if (current?.email) return [];
      const next: Customer = current ? { ...current, email } : { _id: uid, email, plan: FREE_PLAN, since: event.occurredAt };
      return [customerWrite(next, current)];
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
