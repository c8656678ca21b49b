/**
 * The pricing service's configuration: its variables, declared once (docs/configuration.md is written from
 * this schema) and read with the platform's rule: a bad value stops the start naming the variable.
 */
import type { Config } from "@folio/platform/config";
import { ConfigError, Env, environment, readEnv } from "@folio/platform/env";

export const PROVIDER_NAMES = ["csv", "yahoo", "coingecko"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface MarketDataSettings {
  providers: ProviderName[];
  dataDir?: string;
  yahooBaseUrl: string;
  coingeckoBaseUrl: string;
  coingeckoApiKey?: string;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
}

export const DEFAULT_YAHOO_BASE_URL = "https://query1.finance.yahoo.com";
export const DEFAULT_COINGECKO_BASE_URL = "https://api.coingecko.com";

export const PricingEnvironment = environment(
  "Market data",
  "Read by the pricing service: where prices come from and how vendors are asked.",
  {
    MARKET_DATA_PROVIDERS: Env.text({
      description: `Market data providers, tried in order with fallback (comma list of ${PROVIDER_NAMES.join(", ")}; csv needs MARKET_DATA_DIR). Unset = csv (with MARKET_DATA_DIR), yahoo, coingecko.`,
    }),
    YAHOO_BASE_URL: Env.urlOr({
      protocols: ["http:", "https:"],
      default: DEFAULT_YAHOO_BASE_URL,
      description: "Yahoo Finance's base URL (tests point it at scripts/fakes/market-data.ts).",
    }),
    COINGECKO_BASE_URL: Env.urlOr({
      protocols: ["http:", "https:"],
      default: DEFAULT_COINGECKO_BASE_URL,
      description: "CoinGecko's base URL.",
    }),
    COINGECKO_API_KEY: Env.text({
      secret: true,
      description: "CoinGecko's API key (optional: the public API works without one, with lower limits).",
    }),
    MARKET_DATA_TIMEOUT_MS: Env.integer({ default: 5000, minimum: 1, maximum: 120_000, description: "How long one vendor call may take." }),
    MARKET_DATA_RETRIES: Env.integer({
      default: 2,
      minimum: 0,
      maximum: 10,
      description: "Retries of a vendor call that failed for a passing reason.",
    }),
    MARKET_DATA_RETRY_BASE_MS: Env.integer({
      default: 500,
      minimum: 0,
      maximum: 60_000,
      description: "The first retry's wait; each next one waits twice as long.",
    }),
  },
);

function providerList(raw: string | undefined, dataDir: string | undefined): ProviderName[] {
  if (raw === undefined || raw.trim() === "") return dataDir ? ["csv", "yahoo", "coingecko"] : ["yahoo", "coingecko"];
  const names = [
    ...new Set(
      raw
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  for (const name of names) {
    if (!(PROVIDER_NAMES as readonly string[]).includes(name)) {
      throw new ConfigError("MARKET_DATA_PROVIDERS", `names unknown provider '${name}' (known: ${PROVIDER_NAMES.join(", ")})`);
    }
  }
  if (names.includes("csv") && !dataDir) throw new ConfigError("MARKET_DATA_PROVIDERS", "names csv, which needs MARKET_DATA_DIR");
  return names as ProviderName[];
}

export function marketDataSettings(config: Config): MarketDataSettings {
  const env = readEnv(PricingEnvironment, config.env);
  return {
    providers: providerList(env.MARKET_DATA_PROVIDERS, config.marketDataDir),
    dataDir: config.marketDataDir,
    yahooBaseUrl: env.YAHOO_BASE_URL.replace(/\/+$/, ""),
    coingeckoBaseUrl: env.COINGECKO_BASE_URL.replace(/\/+$/, ""),
    coingeckoApiKey: env.COINGECKO_API_KEY,
    timeoutMs: env.MARKET_DATA_TIMEOUT_MS,
    retries: env.MARKET_DATA_RETRIES,
    retryBaseMs: env.MARKET_DATA_RETRY_BASE_MS,
  };
}
