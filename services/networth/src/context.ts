/** What the consumers, jobs and routes of the networth service share, built once per service instance. */
import { ChatQueries } from "@folio/chat/client";
import type { ServiceDeps } from "@folio/platform/service";
import { PricingQueries } from "@folio/pricing/client";
import { PriceBook } from "./prices.ts";
import { type NetworthSettings, networthSettings } from "./settings.ts";
import { type NetworthCollections, networthCollections } from "./store.ts";

export interface NetworthContext {
  deps: ServiceDeps;
  settings: NetworthSettings;
  collections: NetworthCollections;
  prices: PriceBook;
  /** the assistant, which writes the movers report when it is configured */
  chat: ChatQueries;
}

export function networthContext(deps: ServiceDeps, settings: NetworthSettings = networthSettings(deps.config)): NetworthContext {
  return {
    deps,
    settings,
    collections: networthCollections(deps.store),
    prices: new PriceBook(new PricingQueries(deps.services), deps.cache, deps.clock),
    chat: new ChatQueries(deps.services),
  };
}
