/**
 * The accounts paths: the built-in identity provider (/v1/auth/*), the spec's /v1/login and /v1/register,
 * which the web calls after signing in or up, and settings and achievement state. Reply schemas strip
 * anything not declared, so a hash or a stored field can never leak into a reply. Protected routes
 * declare no 401 schema: the auth plugin's `{ result: 'nouser', error, code }` goes out as it is.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { bearerTokenOf, callerOf } from "@folio/platform/http/auth";
import {
  AuthReply,
  Credentials,
  CurrentUserBody,
  OkReply,
  PasswordResetBody,
  PasswordResetConfirmBody,
  ProfileBody,
  ProfileReply,
  RegisterBody,
} from "@folio/proto/auth";
import { ErrorReply } from "@folio/proto/errors";
import {
  AchievementStateBody,
  AchievementStateReply,
  AchievementUpdateReply,
  SettingsErrorReply,
  SettingsReply,
  SettingsUpdateBody,
  SettingsUpdateReply,
} from "@folio/proto/settings";
import type { FastifyInstance } from "fastify";
import type { Accounts, SignToken } from "./accounts.ts";
import type { Achievements } from "./achievements.ts";
import type { AccountLimits } from "./configuration.ts";
import { LOGIN_WINDOW_MS, REGISTER_WINDOW_MS, RESET_CLIENT_WINDOW_MS } from "./domain/limits.ts";
import type { Settings } from "./settings.ts";

const ok = { result: "ok" } as const;

export interface AccountFeatures {
  settings: Settings;
  achievements: Achievements;
  limits: AccountLimits;
}

/** A rule per client address for one route, counted by the platform's rate limiter (platform/src/http/rate-limit.ts). */
const perClient = (max: number, timeWindow: number) => ({ rateLimit: { max, timeWindow } });

export function accountsRoutes(accounts: Accounts, { settings, achievements, limits }: AccountFeatures) {
  return async function routes(instance: FastifyInstance) {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    const sign: SignToken = (claims) => app.jwt.sign(claims);

    app.post(
      "/v1/auth/register",
      {
        config: perClient(limits.registerPerClient, REGISTER_WINDOW_MS),
        schema: { body: RegisterBody, response: { 200: AuthReply, 400: ErrorReply, 401: ErrorReply, 409: ErrorReply } },
      },
      async (request) => accounts.register(request.body, sign),
    );

    app.post(
      "/v1/auth/login",
      {
        config: perClient(limits.loginPerClient, LOGIN_WINDOW_MS),
        schema: { body: Credentials, response: { 200: AuthReply, 400: ErrorReply, 401: ErrorReply, 404: ErrorReply, 429: ErrorReply } },
      },
      async (request) => accounts.login(request.body, request.ip, sign),
    );

    app.post("/v1/auth/logout", { preHandler: app.requireUser, schema: { response: { 200: OkReply } } }, async (request) => {
      await accounts.logout(callerOf(request), request.user?.exp);
      return ok;
    });

    app.post(
      "/v1/auth/password-reset",
      {
        config: perClient(limits.resetPerClient, RESET_CLIENT_WINDOW_MS),
        schema: { body: PasswordResetBody, response: { 200: OkReply, 400: ErrorReply, 404: ErrorReply, 429: ErrorReply, 503: ErrorReply } },
      },
      async (request) => {
        await accounts.requestPasswordReset(request.body);
        return ok;
      },
    );

    app.post(
      "/v1/auth/password-reset/confirm",
      { schema: { body: PasswordResetConfirmBody, response: { 200: OkReply, 400: ErrorReply } } },
      async (request) => {
        await accounts.confirmPasswordReset(request.body);
        return ok;
      },
    );

    app.post(
      "/v1/auth/profile",
      { preHandler: app.requireUser, schema: { body: ProfileBody, response: { 200: ProfileReply, 400: ErrorReply } } },
      async (request) => ({
        user: await accounts.updateProfile(callerOf(request), request.body.displayName),
      }),
    );

    app.post(
      "/v1/login",
      { preHandler: app.requireUser, schema: { body: CurrentUserBody, response: { 200: OkReply, 409: ErrorReply } } },
      async (request) => {
        await accounts.recordLogin(callerOf(request), request.body);
        return ok;
      },
    );

    app.post(
      "/v1/register",
      { preHandler: app.requireUser, schema: { body: CurrentUserBody, response: { 200: OkReply, 409: ErrorReply } } },
      async (request) => {
        await accounts.recordRegistration(callerOf(request), request.body);
        return ok;
      },
    );

    app.post(
      "/v1/get/settings",
      { preHandler: app.requireUser, schema: { response: { 200: SettingsReply, 503: ErrorReply } } },
      // requireUser has verified the bearer token: billing and brokerage are asked on it, for this caller only
      async (request) => settings.get(callerOf(request), bearerTokenOf(request) ?? ""),
    );

    app.post(
      "/v1/update/settings",
      {
        preHandler: app.requireUser,
        schema: { body: SettingsUpdateBody, response: { 200: SettingsUpdateReply, 400: SettingsErrorReply } },
      },
      async (request) => {
        await settings.update(callerOf(request), request.body);
        return { status: "ok" as const };
      },
    );

    app.post(
      "/v1/get/achievement-state",
      { preHandler: app.requireUser, schema: { response: { 200: AchievementStateReply } } },
      async (request) => ({
        achievement_state: await achievements.state(callerOf(request).uid),
      }),
    );

    app.post(
      "/v1/update/achievement-state",
      { preHandler: app.requireUser, schema: { body: AchievementStateBody, response: { 200: AchievementUpdateReply, 400: ErrorReply } } },
      async (request) => ({
        status: "ok" as const,
        achievement_state: await achievements.request(callerOf(request).uid, request.body.achievement_state),
      }),
    );
  };
}
