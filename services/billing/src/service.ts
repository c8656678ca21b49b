/**
 * Billing: Stripe checkout, portal and webhooks arrive with the billing issue. Already now every new
 * account becomes a customer on the free plan, so plan lookups have a record to read.
 */
import { consumer } from "@folio/platform/events";
import { projection } from "@folio/platform/projection";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { type Customer, customers, FREE_PLAN } from "./store.ts";

export function createBillingService(deps: ServiceDeps): ServiceModule {
  const onAccountRegistered = projection<Customer, "account.registered">(deps.store, {
    consumer: "billing.customers",
    collection: customers(deps.store),
    idOf: (e) => e.payload.uid,
    apply: (event, current) => {
      if (current) return undefined;
      return { _id: event.payload.uid, email: event.payload.email, plan: FREE_PLAN, since: event.occurredAt };
    },
  });
  return {
    name: "billing",
    routes: async () => {},
    consumers: [consumer(["account.registered"], onAccountRegistered)],
  };
}
