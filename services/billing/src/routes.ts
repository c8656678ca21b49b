/**
 * Billing's public calls (@folio/proto/contracts/billing): the spec's checkout and portal sessions (each
 * `{url}` or `{error}`), the caller's plan and the plans on offer, what each costs (from Stripe's Price
 * objects) and Stripe's webhook endpoint, which alone reads its body raw (the signature covers the exact
 * bytes) and is called by Stripe, not by a user.
 */
import { callerOf } from "@folio/platform/http/auth";
import { rawBody, route } from "@folio/platform/http/route";
import { BillingContracts as calls } from "@folio/proto/contracts/billing";
import type { FastifyPluginAsync } from "fastify";
import type { BillingContext } from "./context.ts";

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function billingRoutes({ billing, receive }: BillingContext): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.checkout, async (request) => ({ url: await billing.checkout(callerOf(request), request.body.price_id) }));

    route(app, calls.portal, async (request) => ({ url: await billing.portal(callerOf(request)) }));

    route(app, calls.plan, async (request) => billing.planView(callerOf(request).uid));

    // what each plan costs, from Stripe's Price objects: the offer is the same for everyone, so no session
    route(app, calls.prices, async () => ({ prices: await billing.prices() }));

    // the body arrives raw (the contract's `accepts`): the signature covers the exact bytes
    route(app, calls.webhook, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
      const signature = request.headers["stripe-signature"];
      await receive(rawBody(request), typeof signature === "string" ? signature : undefined);
      return { received: true as const };
    });
  };
}
