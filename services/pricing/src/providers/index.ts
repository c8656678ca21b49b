/** Builds the configured providers, in the configured order. */
import type { MarketDataSettings, ProviderName } from "../config.ts";
import { CoinGeckoProvider } from "./coingecko.ts";
import { CsvDirectoryProvider } from "./csv.ts";
import { JsonHttpClient } from "./http.ts";
import type { MarketDataProvider } from "./port.ts";
import { YahooProvider } from "./yahoo.ts";

// Yahoo refuses clients that do not look like a browser.
const YAHOO_HEADERS = { "user-agent": "Mozilla/5.0 (compatible; Folio portfolio tracker)" };

function coingeckoHeaders(settings: MarketDataSettings): Record<string, string> {
  if (!settings.coingeckoApiKey) return {};
  // a Pro key goes to pro-api.coingecko.com under its own header; a Demo key to the public host
  const pro = new URL(settings.coingeckoBaseUrl).hostname.startsWith("pro-api.");
  return { [pro ? "x-cg-pro-api-key" : "x-cg-demo-api-key"]: settings.coingeckoApiKey };
}

export function createProviders(settings: MarketDataSettings): MarketDataProvider[] {
  const http = { timeoutMs: settings.timeoutMs, retries: settings.retries, retryBaseMs: settings.retryBaseMs };
  const factories: Record<ProviderName, () => MarketDataProvider> = {
    csv: () => new CsvDirectoryProvider(settings.dataDir as string),
    yahoo: () => new YahooProvider(new JsonHttpClient("yahoo", { ...http, baseUrl: settings.yahooBaseUrl, headers: YAHOO_HEADERS })),
    coingecko: () =>
      new CoinGeckoProvider(
        new JsonHttpClient("coingecko", { ...http, baseUrl: settings.coingeckoBaseUrl, headers: coingeckoHeaders(settings) }),
      ),
  };
  return settings.providers.map((name) => factories[name]());
}
