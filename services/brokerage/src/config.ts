/**
 * The brokerage service's configuration: its variables, declared once (docs/configuration.md is written
 * from this schema) and read with the platform's rule. Plaid is optional: without PLAID_CLIENT_ID,
 * PLAID_SECRET and BROKERAGE_TOKEN_KEY the /v1/plaid/* calls answer 503 naming what to set (notConfigured),
 * and the rest of the app works. A value that is set but wrong stops the start (ConfigError).
 */
import type { Config } from "@folio/platform/config";
import { Env, environment, feature, missingFor, readEnv } from "@folio/platform/env";
import { BrokerageErrorCodes } from "@folio/proto/error-codes";
import { type TokenKeys, tokenKeys } from "./token-crypto.ts";

export interface PlaidSettings {
  clientId: string;
  secret: string;
  env: "sandbox" | "production";
  /** the SDK's basePath: PLAID_BASE_URL, else the environment's own host */
  basePath: string;
  /** where Plaid posts webhooks (PLAID_WEBHOOK_URL): the public URL of POST /v1/plaid/webhook; null = no webhooks */
  webhookUrl: string | null;
  keys: TokenKeys;
}

export type BrokerageSettings = { configured: true; plaid: PlaidSettings } | { configured: false; missing: string[] };

/** The feature Plaid's variables enable. */
const CONNECTIONS = "brokerage connections (/v1/plaid/*)";

export const BrokerageEnvironment = environment(
  "Brokerage connections (Plaid)",
  "Read by the brokerage service. Unset → /v1/plaid/* answers 503 naming what to set; the rest of the app works.",
  {
    PLAID_CLIENT_ID: Env.text({ feature: CONNECTIONS, description: "Plaid's client id." }),
    PLAID_SECRET: Env.text({ feature: CONNECTIONS, secret: true, description: "Plaid's secret for PLAID_ENV." }),
    BROKERAGE_TOKEN_KEY: Env.text({
      feature: CONNECTIONS,
      secret: true,
      description:
        'AES-256-GCM key for Plaid access tokens at rest: 32 random bytes in base64 (`openssl rand -base64 32`); see [product-decisions.md](product-decisions.md) "Brokerage connections".',
    }),
    BROKERAGE_TOKEN_KEYS_OLD: Env.text({
      secret: true,
      description: "After a rotation: the previous keys (comma list), still read; tokens move to the new key at their next sync.",
    }),
    PLAID_ENV: Env.oneOf(["sandbox", "production"], { default: "sandbox", description: "Plaid's environment." }),
    PLAID_BASE_URL: Env.url({
      protocols: ["http:", "https:"],
      description: "The SDK's basePath; unset → PLAID_ENV's own host (tests point it at scripts/fakes/plaid.ts).",
    }),
    PLAID_WEBHOOK_URL: Env.url({
      protocols: ["http:", "https:"],
      description: "Public URL of POST /v1/plaid/webhook (holdings updates, login required); unset → no webhooks, daily sync only.",
    }),
  },
);

/** Plaid: the variables it needs, in the order the 503 names them, and that 503's words. */
export const PlaidFeature = feature(BrokerageEnvironment, CONNECTIONS, {
  code: BrokerageErrorCodes.notConfigured,
  message: (missing) =>
    `Brokerage connections are not configured on this server. Set ${missing.join(", ")} (see docs/configuration.md, Brokerage connections).`,
});

export const SYNC_EVERY_MS = 24 * 3600_000;

/** Plaid's hosts per environment (the SDK's PlaidEnvironments, written here so settings do not load the SDK) */
const PLAID_HOSTS = { production: "https://production.plaid.com", sandbox: "https://sandbox.plaid.com" } as const;

export function brokerageSettings(config: Config): BrokerageSettings {
  const env = readEnv(BrokerageEnvironment, config.env);
  const trimmed = (url: string | undefined) => (url ? url.replace(/\/$/, "") : null);
  const basePath = trimmed(env.PLAID_BASE_URL) ?? PLAID_HOSTS[env.PLAID_ENV];
  const webhookUrl = trimmed(env.PLAID_WEBHOOK_URL);
  // a key that is set is checked even while Plaid is off, so a typo shows at start, not at the first connection
  const keys = env.BROKERAGE_TOKEN_KEY ? tokenKeys(env.BROKERAGE_TOKEN_KEY, env.BROKERAGE_TOKEN_KEYS_OLD ?? "") : null;
  const missing = missingFor(BrokerageEnvironment, PlaidFeature.name, config.env);
  if (missing.length > 0 || !keys || !env.PLAID_CLIENT_ID || !env.PLAID_SECRET) return { configured: false, missing };
  return {
    configured: true,
    plaid: { clientId: env.PLAID_CLIENT_ID, secret: env.PLAID_SECRET, env: env.PLAID_ENV, basePath, webhookUrl, keys },
  };
}
