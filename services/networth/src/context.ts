/** What the consumers, jobs and routes of the networth service share, built once per service instance. */
import type { ServiceDeps } from "@folio/platform/service";
import { PricingQueries } from "@folio/pricing/client";
import { type NetworthSettings, networthSettings } from "./settings.ts";
import { type NetworthCollections, networthCollections } from "./store.ts";

export interface NetworthContext {
  deps: ServiceDeps;
  settings: NetworthSettings;
  collections: NetworthCollections;
  /** the movers' monthly closes */
  pricing: PricingQueries;
}

export function networthContext(deps: ServiceDeps, settings: NetworthSettings = networthSettings(deps.config)): NetworthContext {
  return {
    deps,
    settings,
    collections: networthCollections(deps.store),
    pricing: new PricingQueries(deps.services),
  };
}
