import { ConfigError, loadConfig } from "@folio/platform/config";
import { afterAll, describe, expect, it } from "vitest";
import { marketDataSettings } from "../src/config.ts";
import { createProviders } from "../src/providers/index.ts";
import { removeMarketData, writeMarketData } from "./support.ts";

const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: "/tmp/folio-test-unused", JWT_SECRET: "x".repeat(32), ...env });

describe("market-data settings", () => {
  afterAll(removeMarketData);

  it("uses the CSV folder first when MARKET_DATA_DIR is set, the online vendors otherwise", () => {
    const dir = writeMarketData({});
    expect(marketDataSettings(config({ MARKET_DATA_DIR: dir })).providers).toEqual(["csv", "yahoo", "coingecko"]);
    expect(marketDataSettings(config({})).providers).toEqual(["yahoo", "coingecko"]);
    expect(createProviders(marketDataSettings(config({ MARKET_DATA_DIR: dir }))).map((p) => p.name)).toEqual(["csv", "yahoo", "coingecko"]);
  });

  it("takes the order MARKET_DATA_PROVIDERS gives, and the vendors' base URLs", () => {
    const settings = marketDataSettings(
      config({ MARKET_DATA_PROVIDERS: " CoinGecko , yahoo,yahoo", YAHOO_BASE_URL: "http://127.0.0.1:9100/" }),
    );
    expect(settings.providers).toEqual(["coingecko", "yahoo"]);
    expect(settings.yahooBaseUrl).toBe("http://127.0.0.1:9100");
    expect(settings.coingeckoBaseUrl).toBe("https://api.coingecko.com");
  });

  it("refuses what it cannot run, naming the variable", () => {
    expect(() => marketDataSettings(config({ MARKET_DATA_PROVIDERS: "yahoo,bloomberg" }))).toThrow(ConfigError);
    expect(() => marketDataSettings(config({ MARKET_DATA_PROVIDERS: "csv" }))).toThrow(
      /MARKET_DATA_PROVIDERS names csv, which needs MARKET_DATA_DIR/,
    );
    expect(() => marketDataSettings(config({ YAHOO_BASE_URL: "ftp://example.com" }))).toThrow(/YAHOO_BASE_URL/);
    expect(() => marketDataSettings(config({ MARKET_DATA_RETRIES: "many" }))).toThrow(/MARKET_DATA_RETRIES/);
  });
});
