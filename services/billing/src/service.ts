/**
 * Billing: the paid plan on Stripe (checkout, portal, signed webhooks) and the plans themselves
 * (domain/plans.ts). Every new account becomes a customer on the free plan (account.registered), so plan
 * look-ups have a record to read; plan changes go out as billing.plan.changed through the outbox.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { billingConsumers } from "./consumers.ts";
import { billingContext } from "./context.ts";
import { billingRoutes } from "./routes.ts";

export function createBillingService(deps: ServiceDeps): ServiceModule {
  const ctx = billingContext(deps);
  return {
    name: "billing",
    routes: billingRoutes(ctx),
    consumers: billingConsumers(ctx),
    start: async () => {
      await ctx.billing.reconcile();
    },
  };
}
