/**
 * Billing: Stripe checkout, portal and webhooks arrive with the billing issue. Already now every new
 * account becomes a customer on the free plan, so plan lookups have a record to read.
 */
import { projection } from "@folio/platform/projection";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import type { EventPayload } from "@folio/proto/events";
import { type Customer, customers, FREE_PLAN } from "./store.ts";

export function createBillingService(deps: ServiceDeps): ServiceModule {
  const onAccountRegistered = projection<Customer>(deps.store, {
    consumer: "billing.customers",
    collection: customers(deps.store),
    idOf: (e) => (e.payload as { uid: string }).uid,
    apply: (event, current) => {
      if (current) return undefined;
      const p = event.payload as EventPayload<"account.registered">;
      return { _id: p.uid, email: p.email, plan: FREE_PLAN, since: event.occurredAt };
    },
  });
  return {
    name: "billing",
    routes: async () => {},
    consumers: [{ types: ["account.registered"], handle: onAccountRegistered }],
  };
}
