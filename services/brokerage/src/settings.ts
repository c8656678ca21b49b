/**
 * The brokerage service's configuration, read from the environment (deps.config.env). Plaid is optional:
 * without PLAID_CLIENT_ID, PLAID_SECRET and BROKERAGE_TOKEN_KEY the /v1/plaid/* calls answer 503 naming
 * what to set, and the rest of the app works. A value that is set but wrong stops the start (ConfigError).
 */
import { type Config, ConfigError } from "@folio/platform/config";
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

/** The variables Plaid needs, in the order the 503 names them. */
export const REQUIRED_VARIABLES = ["PLAID_CLIENT_ID", "PLAID_SECRET", "BROKERAGE_TOKEN_KEY"] as const;

export const SYNC_EVERY_MS = 24 * 3600_000;

function httpUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === "") return null;
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") return raw.replace(/\/$/, "");
  } catch {}
  throw new ConfigError(name, `must be an http(s) URL, got '${raw}'`);
}

/** Plaid's hosts per environment (the SDK's PlaidEnvironments, written here so settings do not load the SDK) */
const PLAID_HOSTS = { production: "https://production.plaid.com", sandbox: "https://sandbox.plaid.com" } as const;

export function brokerageSettings(config: Config): BrokerageSettings {
  const env = config.env;
  const plaidEnv = env.PLAID_ENV || "sandbox";
  if (plaidEnv !== "sandbox" && plaidEnv !== "production") {
    throw new ConfigError("PLAID_ENV", `must be sandbox or production, got '${plaidEnv}'`);
  }
  const basePath = httpUrl(env, "PLAID_BASE_URL") ?? PLAID_HOSTS[plaidEnv];
  const webhookUrl = httpUrl(env, "PLAID_WEBHOOK_URL");
  // a key that is set is checked even while Plaid is off, so a typo shows at start, not at the first connection
  const keys = env.BROKERAGE_TOKEN_KEY ? tokenKeys(env.BROKERAGE_TOKEN_KEY, env.BROKERAGE_TOKEN_KEYS_OLD ?? "") : null;
  const missing = REQUIRED_VARIABLES.filter((name) => !env[name]);
  if (missing.length > 0 || !keys) return { configured: false, missing };
  return {
    configured: true,
    plaid: {
      clientId: env.PLAID_CLIENT_ID as string,
      secret: env.PLAID_SECRET as string,
      env: plaidEnv,
      basePath,
      webhookUrl,
      keys,
    },
  };
}

export function notConfiguredMessage(missing: readonly string[]): string {
  return `Brokerage connections are not configured on this server. Set ${missing.join(", ")} (see the README, Brokerage).`;
}
