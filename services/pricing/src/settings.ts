/**
 * The pricing service's own configuration, read from the process environment (deps.config.env) with the
 * platform's rule: a bad value stops the start with a message naming the variable.
 */
import { type Config, ConfigError, wholeNumber } from "@folio/platform/config";

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

function baseUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got '${raw}'`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new ConfigError(name, `must be an http(s) URL, got '${raw}'`);
  return raw.replace(/\/+$/, "");
}

function providerList(env: NodeJS.ProcessEnv, dataDir: string | undefined): ProviderName[] {
  const raw = env.MARKET_DATA_PROVIDERS;
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
  const env = config.env;
  return {
    providers: providerList(env, config.marketDataDir),
    dataDir: config.marketDataDir,
    yahooBaseUrl: baseUrl(env, "YAHOO_BASE_URL", DEFAULT_YAHOO_BASE_URL),
    coingeckoBaseUrl: baseUrl(env, "COINGECKO_BASE_URL", DEFAULT_COINGECKO_BASE_URL),
    coingeckoApiKey: env.COINGECKO_API_KEY || undefined,
    timeoutMs: wholeNumber(env, "MARKET_DATA_TIMEOUT_MS", 5000, 1, 120_000),
    retries: wholeNumber(env, "MARKET_DATA_RETRIES", 2, 0, 10),
    retryBaseMs: wholeNumber(env, "MARKET_DATA_RETRY_BASE_MS", 500, 0, 60_000),
  };
}
