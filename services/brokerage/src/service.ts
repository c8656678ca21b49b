/**
 * Brokerage: Plaid link, connections and holdings import arrive with the brokerage issue. Already now it
 * follows plan changes, so the connection limit it will enforce is the user's current one.
 */
import { projection } from "@folio/platform/projection";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import type { EventPayload } from "@folio/proto/events";
import { type ConnectionLimit, connectionLimits } from "./store.ts";

export function createBrokerageService(deps: ServiceDeps): ServiceModule {
  const onPlanChanged = projection<ConnectionLimit>(deps.store, {
    consumer: "brokerage.limits",
    collection: connectionLimits(deps.store),
    idOf: (e) => (e.payload as { uid: string }).uid,
    apply: (event) => {
      const p = event.payload as EventPayload<"billing.plan.changed">;
      return { _id: p.uid, plan: p.plan, maxConnections: p.maxConnections };
    },
  });
  return {
    name: "brokerage",
    routes: async () => {},
    consumers: [{ types: ["billing.plan.changed"], handle: onPlanChanged }],
  };
}
