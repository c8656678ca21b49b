/**
 * Achievements: each user's progress through the spec's eight steps (§4), moved by the client one step at a
 * time and by the facts the other services' events tell (consumers.ts). It calls no other service. Until the
 * next release it also merges the progress the accounts service kept before achievements were their own
 * service (docs/decisions/0002-achievements-service.md).
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { achievementsConsumers } from "./consumers.ts";
import { achievementsContext } from "./context.ts";
import { achievementsRoutes } from "./routes.ts";

export function createAchievementsService(deps: ServiceDeps): ServiceModule {
  const ctx = achievementsContext(deps);
  return {
    name: "achievements",
    routes: achievementsRoutes(ctx),
    consumers: achievementsConsumers(ctx),
  };
}
