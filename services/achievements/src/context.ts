/** What the achievements service's routes and consumers share, built once per service instance. */
import type { ServiceDeps } from "@folio/platform/service";
import { type ProgressCollection, progressCollection } from "./store.ts";

export interface AchievementsContext {
  deps: ServiceDeps;
  /** each user's progress */
  progress: ProgressCollection;
}

export function achievementsContext(deps: ServiceDeps): AchievementsContext {
  return { deps, progress: progressCollection(deps.store) };
}
