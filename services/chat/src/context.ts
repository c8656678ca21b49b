/**
 * What the chat service's routes share, built once per service instance from its deps: the assistant (the
 * model, limits, conversations and the tools that ask the portfolio, networth and pricing services through
 * their clients) and the biggest movers.
 */
import { NetworthQueries } from "@folio/networth/client";
import type { ServiceDeps } from "@folio/platform/service";
import { PortfolioQueries } from "@folio/portfolio/client";
import { PricingQueries } from "@folio/pricing/client";
import { type Assistant, createAssistant } from "./assistant.ts";
import { type ChatSettings, chatSettings } from "./config.ts";
import { Conversations } from "./conversations.ts";
import { ChatLimits } from "./limits.ts";
import { ChatModel } from "./model.ts";
import { type Movers, movers } from "./movers.ts";
import { type ChatCollections, chatCollections } from "./store.ts";

export interface ChatContext {
  deps: ServiceDeps;
  settings: ChatSettings;
  collections: ChatCollections;
  /** FireEngineV1 and V2 (assistant.ts) */
  assistant: Assistant;
  /** the spec's biggest movers: networth's figures in the assistant's words (movers.ts) */
  movers: Movers;
}

export function chatContext(deps: ServiceDeps, settings: ChatSettings = chatSettings(deps.config)): ChatContext {
  const collections = chatCollections(deps.store);
  const configured = Boolean(settings.baseURL || settings.apiKey);
  const networth = new NetworthQueries(deps.services);
  const assistant = createAssistant({
    deps,
    settings,
    model: configured ? new ChatModel(settings) : null,
    limits: new ChatLimits(deps.cache, deps.clock, settings),
    conversations: new Conversations(deps, collections, settings),
    collections,
    clients: {
      portfolios: new PortfolioQueries(deps.services),
      networth,
      pricing: new PricingQueries(deps.services),
    },
  });
  return { deps, settings, collections, assistant, movers: movers(assistant, networth, deps.cache) };
}
