/**
 * The accounts paths: the built-in identity provider (/v1/auth/*) and the spec's /v1/login and
 * /v1/register, which the web calls after signing in or up. Reply schemas strip anything not declared,
 * so a hash or a stored field can never leak into a reply. Protected routes declare no 401 schema: the
 * auth plugin's `{ result: 'nouser', error, code }` goes out as it is.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  AuthReply,
  Credentials,
  CurrentUserBody,
  OkReply,
  PasswordResetBody,
  PasswordResetConfirmBody,
  ProfileBody,
  RegisterBody,
  ProfileReply,
} from "@folio/proto/auth";
import { ErrorReply } from "@folio/proto/errors";
import type { FastifyInstance } from "fastify";
import type { Accounts, SignToken } from "./accounts.ts";

const ok = { result: "ok" } as const;

export function accountsRoutes(accounts: Accounts) {
  return async function routes(instance: FastifyInstance) {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    const sign: SignToken = (claims) => app.jwt.sign(claims);

    app.post(
      "/v1/auth/register",
      { schema: { body: RegisterBody, response: { 200: AuthReply, 400: ErrorReply, 401: ErrorReply, 409: ErrorReply } } },
      async (request) => accounts.register(request.body, sign),
    );

    app.post(
      "/v1/auth/login",
      { schema: { body: Credentials, response: { 200: AuthReply, 400: ErrorReply, 401: ErrorReply, 404: ErrorReply, 429: ErrorReply } } },
      async (request) => accounts.login(request.body, request.ip, sign),
    );

    app.post("/v1/auth/logout", { preHandler: app.requireUser, schema: { response: { 200: OkReply } } }, async (request) => {
      // requireUser has answered 401 unless there is an identity
      const identity = request.identity as NonNullable<typeof request.identity>;
      await accounts.logout(identity, request.user?.exp);
      return ok;
    });

    app.post(
      "/v1/auth/password-reset",
      {
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
        user: await accounts.updateProfile(request.identity as NonNullable<typeof request.identity>, request.body.displayName),
      }),
    );

    app.post(
      "/v1/login",
      { preHandler: app.requireUser, schema: { body: CurrentUserBody, response: { 200: OkReply, 409: ErrorReply } } },
      async (request) => {
        await accounts.recordLogin(request.identity as NonNullable<typeof request.identity>, request.body);
        return ok;
      },
    );

    app.post(
      "/v1/register",
      { preHandler: app.requireUser, schema: { body: CurrentUserBody, response: { 200: OkReply, 409: ErrorReply } } },
      async (request) => {
        await accounts.recordRegistration(request.identity as NonNullable<typeof request.identity>, request.body);
        return ok;
      },
    );
  };
}
