/**
 * What accounts consumes: the facts that drive achievements (its own account.registered, portfolio.saved,
 * networth.calculated, chat's chat.replied). The settings page asks billing for the plan (settings.ts). The platform checks every
 * payload against proto before a handler runs (events.ts), so a malformed event ends in its dead-letter
 * topic rather than being half-applied. brokerage.holdings.imported is step 8, chat.replied step 7.
 */
import { consumer, type Event, type EventType } from "@folio/platform/events";
import type { Consumer, ServiceDeps } from "@folio/platform/service";
import type { Achievements } from "./achievements.ts";
import { type AchievementFact, factsOfHoldingsImported, factsOfNetWorthCalculated, factsOfPortfolioSaved } from "./domain/achievements.ts";

export const FACT_EVENTS = [
  "account.registered",
  "portfolio.saved",
  "networth.calculated",
  "brokerage.holdings.imported",
  "chat.replied",
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
    case "brokerage.holdings.imported":
      return { uid: event.payload.uid, facts: factsOfHoldingsImported(event.payload) };
    case "chat.replied":
      return { uid: event.payload.uid, facts: ["chatTalked"] };
    case "networth.checked":
      return { uid: event.payload.uid, facts: ["netWorthChecked"] };
  }
}

export function accountsConsumers(_deps: ServiceDeps, achievements: Achievements): Consumer[] {
  return [
    consumer(FACT_EVENTS, async (event) => {
      const { uid, facts } = factsOf(event);
      await achievements.observe(uid, facts, event);
    }),
  ];
}
