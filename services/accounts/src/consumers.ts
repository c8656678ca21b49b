/**
 * What accounts consumes: the facts that drive achievements (its own account.registered, portfolio.saved,
 * networth.calculated) and billing's plan changes, which the settings page shows. Payloads are checked
 * against proto first: one that does not match is a publisher's bug, so the handler throws and the event
 * ends in its dead-letter topic rather than being half-applied. Chat and brokerage facts arrive with
 * their issues.
 */
import type { EventEnvelope, EventHandler } from "@folio/platform/bus/port";
import { projection } from "@folio/platform/projection";
import type { Consumer, ServiceDeps } from "@folio/platform/service";
import { type EventPayload, EventPayloads, type EventType } from "@folio/proto/events";
import { Value } from "typebox/value";
import type { Achievements } from "./achievements.ts";
import { type AchievementFact, factsOfNetWorthCalculated, factsOfPortfolioSaved } from "./domain/achievements.ts";
import { accountsStore, type PlanDoc } from "./store.ts";

export const FACT_EVENTS = ["account.registered", "portfolio.saved", "networth.calculated"] as const satisfies EventType[];

function payloadOf<T extends EventType>(type: T, event: EventEnvelope): EventPayload<T> {
  if (!Value.Check(EventPayloads[type], event.payload)) throw new Error(`invalid ${type} payload in event ${event.id}`);
  return event.payload as EventPayload<T>;
}

/** The owner of the facts in a fact event, and the facts; every fact event carries its user's uid. */
export function factsOf(event: EventEnvelope): { uid: string; facts: AchievementFact[] } {
  switch (event.type) {
    case "account.registered":
      return { uid: payloadOf("account.registered", event).uid, facts: ["accountCreated"] };
    case "portfolio.saved": {
      const p = payloadOf("portfolio.saved", event);
      return { uid: p.uid, facts: factsOfPortfolioSaved(p) };
    }
    case "networth.calculated": {
      const p = payloadOf("networth.calculated", event);
      return { uid: p.uid, facts: factsOfNetWorthCalculated(p) };
    }
    default:
      throw new Error(`accounts has no achievement facts for ${event.type}`);
  }
}

export function accountsConsumers(deps: ServiceDeps, achievements: Achievements): Consumer[] {
  const onFact: EventHandler = async (event) => {
    const { uid, facts } = factsOf(event);
    await achievements.observe(uid, facts, event);
  };

  const plans = projection<PlanDoc>(deps.store, {
    consumer: "accounts.plans",
    collection: accountsStore(deps.store).plans,
    idOf: (e) => (e.payload as EventPayload<"billing.plan.changed">).uid,
    apply: (e) => {
      const p = e.payload as EventPayload<"billing.plan.changed">;
      return { _id: p.uid, plan: p.plan };
    },
  });
  const onPlanChanged: EventHandler = async (event) => {
    payloadOf("billing.plan.changed", event);
    await plans(event);
  };

  return [
    { types: [...FACT_EVENTS], handle: onFact },
    { types: ["billing.plan.changed"], handle: onPlanChanged },
  ];
}
