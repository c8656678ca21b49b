/**
 * Billing's configuration: its variables, declared once (docs/configuration.md is written from this schema)
 * and read with the platform's rule. Stripe's secret key and webhook signing secret, where the SDK talks to
 * (STRIPE_API_BASE: a local fake in tests, Stripe itself when unset), the price ids on offer and what the paid
 * plan allows. Billing is the only reader of these variables.
 */
import { Env, environment, feature, missingFor, readEnv } from "@folio/platform/env";
import { BillingMessages } from "@folio/proto/constants";
import { BillingErrorCodes } from "@folio/proto/error-codes";
import type Stripe from "stripe";
import { DEFAULT_PAID_MAX_CONNECTIONS, type PlanRules } from "./domain/plans.ts";

const PAID_PLAN_OFFER = "the paid plan (checkout and the customer portal)";

export const BillingEnvironment = environment(
  "Billing (Stripe)",
  "Read by the billing service only. Unset key, webhook secret or price ids → everyone is on the free plan and checkout and the portal answer 503 naming these variables.",
  {
    STRIPE_SECRET_KEY: Env.text({
      feature: PAID_PLAN_OFFER,
      secret: true,
      description: "Stripe's secret key (sk_live_... / sk_test_...).",
    }),
    STRIPE_WEBHOOK_SECRET: Env.text({
      feature: PAID_PLAN_OFFER,
      secret: true,
      description:
        "Signing secret of the webhook endpoint <PUBLIC_URL>/v1/billing/webhook (whsec_...); subscribe it to checkout.session.completed, customer.subscription.created/updated/deleted, invoice.payment_failed.",
    }),
    BILLING_PRICE_IDS: Env.list({
      feature: PAID_PLAN_OFFER,
      description: "Stripe price ids offered in settings; each buys the paid plan.",
    }),
    STRIPE_API_BASE: Env.url({
      protocols: ["http:", "https:"],
      description:
        "Where the Stripe SDK talks to; unset = Stripe itself. Tests and offline runs: the local fake, `node --import tsx scripts/fakes/stripe.ts --price price_pro:900:month` → http://127.0.0.1:12111.",
    }),
    BILLING_PAID_CONNECTIONS: Env.integer({
      default: DEFAULT_PAID_MAX_CONNECTIONS,
      minimum: 1,
      maximum: 1000,
      description: "Brokerage connections the paid plan allows (the free plan allows 1).",
    }),
  },
);

/** Stripe: the variables the paid plan needs, and the 503 while any is unset (the message names all three). */
export const StripeFeature = feature(BillingEnvironment, PAID_PLAN_OFFER, {
  code: BillingErrorCodes.notConfigured,
  message: () => BillingMessages.notConfigured,
});

export interface BillingConfig extends PlanRules {
  /**
   * The SDK's client, loaded and built on first use (the SDK is a large module most starts never need);
   * null when STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET or BILLING_PRICE_IDS is missing.
   */
  stripe: (() => Promise<Stripe>) | null;
  webhookSecret: string;
}

/** `host`, `port` and `protocol` for the SDK from STRIPE_API_BASE; nothing (Stripe itself) when unset. */
function stripeEndpoint(raw: string | undefined): { host: string; port: number; protocol: "http" | "https" } | null {
  if (!raw) return null;
  const url = new URL(raw);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

export function loadBillingConfig(given: NodeJS.ProcessEnv): BillingConfig {
  const env = readEnv(BillingEnvironment, given);
  // once each, in the order given
  const priceIds = [...new Set(env.BILLING_PRICE_IDS)];
  const endpoint = stripeEndpoint(env.STRIPE_API_BASE);
  const secretKey = env.STRIPE_SECRET_KEY ?? "";
  const configured = missingFor(BillingEnvironment, StripeFeature.name, given).length === 0 && priceIds.length > 0;
  let client: Promise<Stripe> | undefined;
  const stripe = configured
    ? () =>
        (client ??= import("stripe").then(
          ({ default: StripeSdk }) =>
            new StripeSdk(secretKey, { ...(endpoint ?? {}), maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "Folio" } }),
        ))
    : null;
  return {
    stripe,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
    priceIds: configured ? priceIds : [],
    paidMaxConnections: env.BILLING_PAID_CONNECTIONS,
  };
}
