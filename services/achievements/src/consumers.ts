/**
 * What the achievements service consumes: the facts that drive the steps (account.registered,
 * portfolio.saved, networth.calculated, networth.checked, brokerage.holdings.imported, chat.replied) and the
 * progress the accounts service hands over once (achievements.progress.handed-over). The platform checks
 * every payload against proto before a handler runs, so a malformed event ends in its dead-letter topic
 * rather than being half-applied.
 */
import { type Consumer, consumer, type Event, type EventType } from "@folio/platform/events";
import { mergeHandedOver, observeFacts } from "./achievements.ts";
import type { AchievementsContext } from "./context.ts";
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

export function achievementsConsumers(ctx: AchievementsContext): Consumer[] {
  return [
    consumer(FACT_EVENTS, async (event) => {
      const { uid, facts } = factsOf(event);
      await observeFacts(ctx, uid, facts, event);
    }),
    consumer(["achievements.progress.handed-over"], (event) => mergeHandedOver(ctx, event.payload, event)),
  ];
}
