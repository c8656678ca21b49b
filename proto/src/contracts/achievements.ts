/**
 * The achievements service's calls: the caller's achievement state (spec §4) and the client's step to the
 * next one.
 */
import { contract, type ServiceContracts } from "../contract.ts";
import { AchievementErrorCodes } from "../error-codes.ts";
import { ErrorReply } from "../errors.ts";
import { Routes } from "../routes.ts";
import { AchievementStateBody, AchievementStateReply, AchievementUpdateReply } from "../settings.ts";

const routes = Routes.achievements;

export const AchievementsContracts = {
  state: contract(routes.state, { reply: { 200: AchievementStateReply } }),
  update: contract(routes.update, {
    body: AchievementStateBody,
    reply: { 200: AchievementUpdateReply, 400: ErrorReply },
    errors: [AchievementErrorCodes.oneStepAtATime],
  }),
} satisfies ServiceContracts<typeof routes>;
