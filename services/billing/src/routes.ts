/**
 * Billing's public paths: the spec's POST /v1/create-checkout-session `{price_id}` and
 * /v1/create-portal-session (each `{url}` or `{error}`), GET /v1/billing/plan (the caller's plan and the
 * plans on offer), GET /v1/billing/prices (what each costs, from Stripe's Price objects) and Stripe's webhook endpoint, which alone reads its body raw (the signature covers the
 * exact bytes) and is called by Stripe, not by a user.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { callerOf } from "@folio/platform/http/auth";
import { BillingErrorReply, BillingUrlReply, CheckoutBody, PlanReply, PricesReply, WebhookReply } from "@folio/proto/billing";
import { NoUserReply } from "@folio/proto/errors";
import type { FastifyPluginAsync } from "fastify";
import type { Billing } from "./billing.ts";

export const WEBHOOK_PATH = "/v1/billing/webhook";
/** Stripe's events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function billingRoutes(
  billing: Billing,
  receive: (raw: Buffer, signature: string | undefined) => Promise<void>,
): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const auth = { preValidation: app.requireUser };
    const failures = { 400: BillingErrorReply, 401: NoUserReply, 409: BillingErrorReply, 503: BillingErrorReply };

    app.post(
      "/v1/create-checkout-session",
      { ...auth, schema: { body: CheckoutBody, response: { 200: BillingUrlReply, ...failures } } },
      async (request) => ({ url: await billing.checkout(callerOf(request), request.body.price_id) }),
    );

    app.post("/v1/create-portal-session", { ...auth, schema: { response: { 200: BillingUrlReply, ...failures } } }, async (request) => ({
      url: await billing.portal(callerOf(request)),
    }));

    app.get("/v1/billing/plan", { ...auth, schema: { response: { 200: PlanReply, 401: NoUserReply } } }, async (request) =>
      billing.planView(callerOf(request).uid),
    );

    // what each plan costs, from Stripe's Price objects: the offer is the same for everyone, so no session
    app.get("/v1/billing/prices", { schema: { response: { 200: PricesReply } } }, async () => ({ prices: await billing.prices() }));

    // its own scope: the raw-body parser applies to the webhook only
    await app.register(async (scope) => {
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      scope.post(
        WEBHOOK_PATH,
        { schema: { response: { 200: WebhookReply, 400: BillingErrorReply, 503: BillingErrorReply } } },
        async (request) => {
          const signature = request.headers["stripe-signature"];
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          await receive(raw, typeof signature === "string" ? signature : undefined);
          return { received: true as const };
        },
      );
    });
  };
}
