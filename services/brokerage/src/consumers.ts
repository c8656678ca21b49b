/**
 * The events brokerage consumes: billing's plan changes, kept as each user's connection limit
 * (billing.plan.changed; a user billing has told nothing of yet is on the free plan).
 */
import { type Consumer, consumer } from "@folio/platform/events";
import { projection } from "@folio/platform/projection";
import type { BrokerageContext } from "./context.ts";
import { type ConnectionLimit, connectionLimits } from "./store.ts";

export function brokerageConsumers({ deps }: BrokerageContext): Consumer[] {
  const onPlanChanged = projection<ConnectionLimit, "billing.plan.changed">(deps.store, {
    consumer: "brokerage.limits",
    collection: connectionLimits(deps.store),
    idOf: (e) => e.payload.uid,
    apply: ({ payload: p }) => ({ _id: p.uid, plan: p.plan, maxConnections: p.maxConnections }),
  });
  return [consumer(["billing.plan.changed"], onPlanChanged)];
}
