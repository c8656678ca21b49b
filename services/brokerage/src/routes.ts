/**
 * The spec's /v1/plaid/* calls (§7) and Plaid's webhook (@folio/proto/contracts/brokerage). Every call but the webhook needs the signed-in
 * caller (a visitor gets `nouser` first); when Plaid is not configured they answer 503 naming the
 * variables to set (get_connections answers `configured: false` with the same words, so the settings tab can
 * say it). The webhook is verified (webhook-verification.ts) against the exact bytes received.
 */
import { callerOf } from "@folio/platform/http/auth";
import { rawBody, route } from "@folio/platform/http/route";
import { DependencyUnavailableError } from "@folio/platform/unavailable";
import { BrokerageContracts as calls } from "@folio/proto/contracts/brokerage";
import { ErrorCodes } from "@folio/proto/errors";
import type { FastifyPluginAsync } from "fastify";
import type { BrokerageContext } from "./context.ts";
import { handleWebhook } from "./webhook.ts";
import type { Verification } from "./webhook-verification.ts";

export function brokerageRoutes({ deps, connections, verify }: BrokerageContext): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.linkToken, async (request) => connections.linkToken(callerOf(request).uid));

    route(app, calls.createPortfolios, async (request) => connections.connect(callerOf(request).uid, request.body));

    route(app, calls.connections, async (request) => connections.list(callerOf(request).uid));

    route(app, calls.deleteConnection, async (request) => {
      const { email, connectionId } = request.params;
      await connections.remove(callerOf(request), email, connectionId);
      return { result: "ok" as const };
    });

    // Plaid posts here: the signature covers the exact bytes, so the body arrives raw (the contract's `accepts`)
    route(app, calls.webhook, async (request, reply) => {
      connections.configured();
      const raw = rawBody(request).toString("utf8");
      const header = request.headers["plaid-verification"];
      const verdict: Verification = verify
        ? await verify(raw, typeof header === "string" ? header : undefined)
        : { ok: false, status: 401, reason: "off" };
      if (!verdict.ok) {
        request.log.warn({ reason: verdict.reason }, "brokerage: webhook refused");
        // Plaid could not be asked for the key: the sender is told to try again, as for any dependency down
        if (verdict.status === 503) throw new DependencyUnavailableError("plaid", new Error(verdict.reason));
        if (verdict.status === 400)
          return reply.code(400).send({ error: "The Plaid-Verification header is not a webhook signature.", code: ErrorCodes.validation });
        return reply.code(401).send({ error: "The webhook could not be verified.", code: ErrorCodes.unauthorized });
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return reply.code(400).send({ error: "The webhook body is not JSON.", code: ErrorCodes.validation });
      }
      await handleWebhook(deps, connections, body);
      return { received: true };
    });
  };
}
