/**
 * Billing's configuration (README "Configuration"): Stripe's secret key and webhook signing secret, where
 * the SDK talks to (STRIPE_API_BASE: a local fake in tests, Stripe itself when unset), the price ids on
 * offer and what the paid plan allows. Billing is the only reader of these variables.
 */
import { ConfigError, wholeNumber } from "@folio/platform/config";
import type Stripe from "stripe";
import { commaList, DEFAULT_PAID_MAX_CONNECTIONS, type PlanRules } from "./domain/plans.ts";

export interface BillingConfig extends PlanRules {
  /**
   * The SDK's client, loaded and built on first use (the SDK is a large module most starts never need);
   * null when STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET or BILLING_PRICE_IDS is missing.
   */
  stripe: (() => Promise<Stripe>) | null;
  webhookSecret: string;
}

/** `host`, `port` and `protocol` for the SDK from STRIPE_API_BASE; nothing (Stripe itself) when unset. */
export function stripeEndpoint(raw: string | undefined): { host: string; port: number; protocol: "http" | "https" } | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("STRIPE_API_BASE", `must be a URL such as http://127.0.0.1:12111, got '${raw}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError("STRIPE_API_BASE", `must use http: or https:, got '${url.protocol}'`);
  }
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

export function loadBillingConfig(env: NodeJS.ProcessEnv): BillingConfig {
  const priceIds = commaList(env.BILLING_PRICE_IDS);
  const paidMaxConnections = wholeNumber(env, "BILLING_PAID_CONNECTIONS", DEFAULT_PAID_MAX_CONNECTIONS, 1, 1000);
  const endpoint = stripeEndpoint(env.STRIPE_API_BASE);
  const secretKey = env.STRIPE_SECRET_KEY ?? "";
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? "";
  const configured = secretKey !== "" && webhookSecret !== "" && priceIds.length > 0;
  let client: Promise<Stripe> | undefined;
  const stripe = configured
    ? () =>
        (client ??= import("stripe").then(
          ({ default: StripeSdk }) =>
            new StripeSdk(secretKey, { ...(endpoint ?? {}), maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "Folio" } }),
        ))
    : null;
  return { stripe, webhookSecret, priceIds: configured ? priceIds : [], paidMaxConnections };
}
