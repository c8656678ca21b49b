/**
 * Chat: the AI assistant (spec §3, §4, §7) on any OpenAI-compatible endpoint through the openai SDK.
 * FireEngineV1 (POST /v1/chat) reads the caller's own data with tools, asking the portfolio, networth and
 * pricing services as the caller; FireEngineV2 (POST /v2/chat) is fast, with no data access, and keeps each
 * chat's history here. The first answer a user gets publishes chat.replied (accounts: achievement step 7).
 * The spec's biggest movers are served here too (movers.ts): networth's figures in the assistant's words.
 * Unconfigured, both calls answer 503 naming the variables to set.
 */
import { NetworthQueries } from "@folio/networth/client";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { PortfolioQueries } from "@folio/portfolio/client";
import { PricingQueries } from "@folio/pricing/client";
import { createAssistant } from "./assistant.ts";
import { type ChatSettings, chatSettings } from "./config.ts";
import { Conversations } from "./conversations.ts";
import { ChatLimits } from "./limits.ts";
import { ChatModel } from "./model.ts";
import { movers } from "./movers.ts";
import { chatRoutes } from "./routes.ts";
import { chatCollections } from "./store.ts";

export function createChatService(deps: ServiceDeps, settings: ChatSettings = chatSettings(deps.config)): ServiceModule {
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
  return { name: "chat", routes: chatRoutes(assistant, movers(assistant, networth, deps.cache)) };
}
