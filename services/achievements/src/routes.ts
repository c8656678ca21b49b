/** The achievements calls (@folio/proto/contracts/achievements): the caller's state and the client's next step. */
import { callerOf } from "@folio/platform/http/auth";
import { route } from "@folio/platform/http/route";
import { AchievementsContracts as calls } from "@folio/proto/contracts/achievements";
import type { FastifyPluginAsync } from "fastify";
import { requestState, stateOf } from "./achievements.ts";
import type { AchievementsContext } from "./context.ts";

export function achievementsRoutes(ctx: AchievementsContext): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.state, async (request) => ({ achievement_state: await stateOf(ctx, callerOf(request).uid) }));

    route(app, calls.update, async (request) => ({
      status: "ok" as const,
      achievement_state: await requestState(ctx, callerOf(request).uid, request.body.achievement_state),
    }));
  };
}
