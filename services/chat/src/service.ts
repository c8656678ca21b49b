/**
 * Chat: the AI assistant (spec §3, §4, §7) on any OpenAI-compatible endpoint through the openai SDK.
 * FireEngineV1 (POST /v1/chat) reads the caller's own data with tools, asking the portfolio, networth and
 * pricing services as the caller; FireEngineV2 (POST /v2/chat) is fast, with no data access, and keeps each
 * chat's history here. The first answer a user gets publishes chat.replied (achievements: step 7).
 * The spec's biggest movers are served here too (movers.ts): networth's figures in the assistant's words.
 * Unconfigured, both calls answer 503 naming the variables to set. What the routes share is built in context.ts.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { type ChatSettings, chatSettings } from "./config.ts";
import { chatContext } from "./context.ts";
import { chatRoutes } from "./routes.ts";

export function createChatService(deps: ServiceDeps, settings: ChatSettings = chatSettings(deps.config)): ServiceModule {
  return { name: "chat", routes: chatRoutes(chatContext(deps, settings)) };
}
