/**
 * The spec's /v1/plaid/* calls (§7) and Plaid's webhook. Every call but the webhook needs the signed-in
 * caller (a visitor gets `nouser` first); when Plaid is not configured they answer 503 naming the
 * variables to set (get_connections answers `configured: false` with the same words, so the settings tab can
 * say it). The webhook is verified (webhook-verification.ts) against the exact bytes received.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { callerOf } from "@folio/platform/http/auth";
import type { ServiceDeps } from "@folio/platform/service";
import { DependencyUnavailableError } from "@folio/platform/unavailable";
import {
  BrokerageErrorReply,
  ConnectionsReply,
  CreatePortfoliosBody,
  CreatePortfoliosReply,
  DeleteConnectionParams,
  DeleteConnectionReply,
  LinkTokenReply,
} from "@folio/proto/brokerage";
import { ErrorReply, NoUserReply } from "@folio/proto/errors";
import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import type { Connections } from "./connections.ts";
import { handleWebhook } from "./webhook.ts";
import type { Verification } from "./webhook-verification.ts";

const errors = { 400: BrokerageErrorReply, 401: NoUserReply, 403: BrokerageErrorReply, 404: BrokerageErrorReply, 503: BrokerageErrorReply };

export function brokerageRoutes(
  deps: ServiceDeps,
  connections: Connections,
  verify: ((raw: string, jwt: string | undefined) => Promise<Verification>) | null,
): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const auth = { preValidation: app.requireUser };

    app.post("/v1/plaid/create-link-token/", { ...auth, schema: { response: { 200: LinkTokenReply, ...errors } } }, async (request) =>
      connections.linkToken(callerOf(request).uid),
    );

    app.post(
      "/v1/plaid/create_portfolios/",
      { ...auth, schema: { body: CreatePortfoliosBody, response: { 200: CreatePortfoliosReply, ...errors } } },
      async (request) => connections.connect(callerOf(request).uid, request.body),
    );

    app.post("/v1/plaid/get_connections", { ...auth, schema: { response: { 200: ConnectionsReply, 401: NoUserReply } } }, async (request) =>
      connections.list(callerOf(request).uid),
    );

    app.get(
      "/v1/plaid/delete_plaid_connection/:email/:connectionId",
      { ...auth, schema: { params: DeleteConnectionParams, response: { 200: DeleteConnectionReply, ...errors } } },
      async (request) => {
        const { email, connectionId } = request.params;
        await connections.remove(callerOf(request), email, connectionId);
        return { result: "ok" as const };
      },
    );

    // Plaid posts here: the signature covers the exact bytes, so this route reads the body as text
    await app.register(async (scope) => {
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
      scope
        .withTypeProvider<TypeBoxTypeProvider>()
        .post(
          "/v1/plaid/webhook",
          { schema: { response: { 200: Type.Object({ received: Type.Boolean() }), 400: ErrorReply, 401: ErrorReply, 503: ErrorReply } } },
          async (request, reply) => {
            connections.configured();
            const raw = typeof request.body === "string" ? request.body : "";
            const header = request.headers["plaid-verification"];
            const verdict: Verification = verify
              ? await verify(raw, typeof header === "string" ? header : undefined)
              : { ok: false, status: 401, reason: "off" };
            if (!verdict.ok) {
              request.log.warn({ reason: verdict.reason }, "brokerage: webhook refused");
              // Plaid could not be asked for the key: the sender is told to try again, as for any dependency down
              if (verdict.status === 503) throw new DependencyUnavailableError("plaid", new Error(verdict.reason));
              if (verdict.status === 400)
                return reply
                  .code(400)
                  .send({ error: "The Plaid-Verification header is not a webhook signature.", code: "validation_failed" });
              return reply.code(401).send({ error: "The webhook could not be verified.", code: "unauthorized" });
            }
            let body: unknown;
            try {
              body = JSON.parse(raw);
            } catch {
              return reply.code(400).send({ error: "The webhook body is not JSON.", code: "validation_failed" });
            }
            await handleWebhook(deps, connections, body);
            return { received: true };
          },
        );
    });
  };
}
