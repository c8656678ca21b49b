/**
 * Chat: the AI assistant (OpenAI-compatible endpoint, FireEngine V1/V2) arrives with the chat issue. Until
 * then the service starts, reports health and serves nothing, rather than invented answers.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";

export function createChatService(_deps: ServiceDeps): ServiceModule {
  return { name: "chat", routes: async () => {} };
}
