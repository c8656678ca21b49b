/**
 * Brokerage: Plaid link, connections and holdings import arrive with the brokerage issue. Already now it
 * follows plan changes, so the connection limit it will enforce is the user's current one.
 */
import { consumer } from "@folio/platform/events";
import { projection } from "@folio/platform/projection";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { type ConnectionLimit, connectionLimits } from "./store.ts";

export function createBrokerageService(deps: ServiceDeps): ServiceModule {
  const onPlanChanged = projection<ConnectionLimit, "billing.plan.changed">(deps.store, {
    consumer: "brokerage.limits",
    collection: connectionLimits(deps.store),
    idOf: (e) => e.payload.uid,
    apply: ({ payload: p }) => ({ _id: p.uid, plan: p.plan, maxConnections: p.maxConnections }),
  });
  return {
    name: "brokerage",
    routes: async () => {},
    consumers: [consumer(["billing.plan.changed"], onPlanChanged)],
  };
}
