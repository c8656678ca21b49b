/**
 * What accounts consumes: the facts that drive achievements (its own account.registered, portfolio.saved,
 * networth.calculated) and billing's plan changes, which the settings page shows. The platform checks every
 * payload against proto before a handler runs (events.ts), so a malformed event ends in its dead-letter
 * topic rather than being half-applied. Chat and brokerage facts arrive with their issues.
 */
import { consumer, type Event, type EventType } from "@folio/platform/events";
import { projection } from "@folio/platform/projection";
import type { Consumer, ServiceDeps } from "@folio/platform/service";
import type { Achievements } from "./achievements.ts";
import { type AchievementFact, factsOfNetWorthCalculated, factsOfPortfolioSaved } from "./domain/achievements.ts";
import { accountsStore, type PlanDoc } from "./store.ts";

export const FACT_EVENTS = [
  "account.registered",
  "portfolio.saved",
  "networth.calculated",
  "networth.checked",
] as const satisfies EventType[];

/** The owner of the facts in a fact event, and the facts; every fact event carries its user's uid. */
export function factsOf(event: Event<(typeof FACT_EVENTS)[number]>): { uid: string; facts: AchievementFact[] } {
  switch (event.type) {
    case "account.registered":
      return { uid: event.payload.uid, facts: ["accountCreated"] };
    case "portfolio.saved":
      return { uid: event.payload.uid, facts: factsOfPortfolioSaved(event.payload) };
    case "networth.calculated":
      return { uid: event.payload.uid, facts: factsOfNetWorthCalculated(event.payload) };
    case "networth.checked":
      return { uid: event.payload.uid, facts: ["netWorthChecked"] };
  }
}

export function accountsConsumers(deps: ServiceDeps, achievements: Achievements): Consumer[] {
  const plans = projection<PlanDoc, "billing.plan.changed">(deps.store, {
    consumer: "accounts.plans",
    collection: accountsStore(deps.store).plans,
    idOf: (e) => e.payload.uid,
    apply: (e) => ({ _id: e.payload.uid, plan: e.payload.plan }),
  });

  return [
    consumer(FACT_EVENTS, async (event) => {
      const { uid, facts } = factsOf(event);
      await achievements.observe(uid, facts, event);
    }),
    consumer(["billing.plan.changed"], plans),
  ];
}
