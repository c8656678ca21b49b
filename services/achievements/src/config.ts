/**
 * The achievements service's configuration: it reads no variable of its own (the platform's, in
 * platform/src/config.ts, are all it needs). Declared all the same, so docs/configuration.md and
 * .env.example say so, and a setting added later has its one place.
 */
import { environment } from "@folio/platform/env";

export const AchievementsEnvironment = environment(
  "Achievements",
  "Read by the achievements service: none of its own; it needs only the platform's settings above.",
  {},
);
