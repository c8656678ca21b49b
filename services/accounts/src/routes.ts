/**
 * The accounts calls (@folio/proto/contracts/accounts): the built-in identity provider (/v1/auth/*), the
 * spec's /v1/login and /v1/register, which the web calls after signing in or up, and settings. Sign-in, registration and password reset carry a limit per client address, from
 * configuration.
 */
import { bearerTokenOf, callerOf } from "@folio/platform/http/auth";
import { route } from "@folio/platform/http/route";
import { AccountsContracts as calls } from "@folio/proto/contracts/accounts";
import type { FastifyInstance } from "fastify";
import type { SignToken } from "./accounts.ts";
import type { AccountsContext } from "./context.ts";
import { LOGIN_WINDOW_MS, REGISTER_WINDOW_MS, RESET_CLIENT_WINDOW_MS } from "./domain/limits.ts";

const ok = { result: "ok" } as const;

/** A rule per client address for one route, counted by the platform's rate limiter (platform/src/http/rate-limit.ts). */
const perClient = (max: number, timeWindow: number) => ({ rateLimit: { max, timeWindow } });

export function accountsRoutes({ accounts, settings, limits }: AccountsContext) {
  return async function routes(app: FastifyInstance) {
    const sign: SignToken = (claims) => app.jwt.sign(claims);

    route(app, calls.register, perClient(limits.registerPerClient, REGISTER_WINDOW_MS), async (request) =>
      accounts.register(request.body, sign),
    );

    route(app, calls.login, perClient(limits.loginPerClient, LOGIN_WINDOW_MS), async (request) =>
      accounts.login(request.body, request.ip, sign),
    );

    route(app, calls.logout, async (request) => {
      await accounts.logout(callerOf(request), request.user?.exp);
      return ok;
    });

    route(app, calls.passwordReset, perClient(limits.resetPerClient, RESET_CLIENT_WINDOW_MS), async (request) => {
      await accounts.requestPasswordReset(request.body);
      return ok;
    });

    route(app, calls.passwordResetConfirm, async (request) => {
      await accounts.confirmPasswordReset(request.body);
      return ok;
    });

    route(app, calls.profile, async (request) => ({
      user: await accounts.updateProfile(callerOf(request), request.body.displayName),
    }));

    route(app, calls.reportLogin, async (request) => {
      await accounts.recordLogin(callerOf(request), request.body);
      return ok;
    });

    route(app, calls.reportRegister, async (request) => {
      await accounts.recordRegistration(callerOf(request), request.body);
      return ok;
    });

    // the caller is verified: billing and brokerage are asked on their token, for this caller only
    route(app, calls.settings, async (request) => settings.get(callerOf(request), bearerTokenOf(request) ?? ""));

    route(app, calls.updateSettings, async (request) => {
      await settings.update(callerOf(request), request.body);
      return { status: "ok" as const };
    });
  };
}
