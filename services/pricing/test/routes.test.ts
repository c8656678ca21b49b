import { join } from "node:path";
import type { App } from "@folio/platform/http/server";
import { buildServiceApp, forService, type TestDeps } from "@folio/platform/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { CATALOGUE } from "../src/catalogue.ts";
import { matchRank } from "../src/domain/suggest.ts";
import { createPricingService } from "../src/service.ts";
import {
  ACME,
  BETA,
  ETH,
  hasRealData,
  lastCloseInFile,
  lastCloseOfMonthInFile,
  lastDateInFile,
  pricingTestDeps,
  REAL_DATA_DIR,
  removeMarketData,
  type Series,
  writeMarketData,
} from "./support.ts";

/** synthetic prices under a catalogue ticker, to see the catalogue's name and expense ratio in replies */
const VOO: Series = [
  ["2024-02-29", 400],
  ["2024-03-01", 401.25],
];

describe("pricing routes", () => {
  let fake: FakeMarketData;
  let csvDir: string;
  const opened: Array<{ app: App; deps: TestDeps }> = [];

  beforeAll(async () => {
    csvDir = writeMarketData({ ACME, VOO });
    fake = await startFakeMarketData({
      dataDir: writeMarketData({ ACME, BETA, "ETH-USD": ETH }),
      symbols: { BETA: { name: "Beta Industries", type: "EQUITY" } },
    });
  });
  afterEach(async () => {
    fake.setDown(false);
    for (const { app, deps } of opened.splice(0)) {
      await app.close();
      await deps.store.close();
    }
  });
  afterAll(async () => {
    await fake.close();
    removeMarketData();
  });

  async function appWith(env: Record<string, string> = {}) {
    const deps = pricingTestDeps({ MARKET_DATA_DIR: csvDir, YAHOO_BASE_URL: fake.url, COINGECKO_BASE_URL: fake.url, ...env });
    const app = await buildServiceApp(createPricingService(forService(deps, "pricing")), deps);
    opened.push({ app, deps });
    return { app, deps };
  }

  describe("GET /v1/get/:ticker", () => {
    it("answers price, monthly history, fee, name and class, without a signed-in user", async () => {
      const { app } = await appWith();
      const res = await app.inject({ method: "GET", url: "/v1/get/VOO?cached=true" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        latestPrice: 401.25,
        ticker: "VOO",
        historical_data: { "2024-02": 400, "2024-03": 401.25 },
        fee: 0.03,
        name: "Vanguard S&P 500 ETF",
        assetClass: "ETF",
        // the folder's VOO.csv alone: adjusted closes, so its dividends are in them and none are apart
        asOf: "2024-03-01",
        currency: "USD",
        closes: { "2024-02": 400, "2024-03": 401.25 },
        splits: [],
        dividends: [],
        dividendsInCloses: true,
      });
    });

    it("reads the ticker in any case and answers it in upper case", async () => {
      const { app } = await appWith();
      const res = await app.inject({ method: "GET", url: "/v1/get/acme" });
      expect(res.json()).toMatchObject({ ticker: "ACME", latestPrice: 14, name: "ACME", assetClass: "Stock", fee: 0 });
    });

    it("takes name and class from Yahoo for a ticker outside the folder, and serves the second call from the cache", async () => {
      const { app } = await appWith();
      const before = fake.requests;
      const first = await app.inject({ method: "GET", url: "/v1/get/BETA" });
      expect(first.json()).toEqual({
        latestPrice: 51.5,
        ticker: "BETA",
        historical_data: { "2024-02": 52, "2024-03": 51.5 },
        fee: 0,
        name: "Beta Industries",
        assetClass: "Stock",
        asOf: "2024-03-01",
        currency: "USD",
        closes: { "2024-02": 52, "2024-03": 51.5 },
        splits: [],
        dividends: [],
        dividendsInCloses: false,
      });
      expect(fake.requests - before).toBe(2); // quote and monthly history
      const second = await app.inject({ method: "GET", url: "/v1/get/BETA" });
      expect(second.json()).toEqual(first.json());
      expect(fake.requests - before).toBe(2);
    });

    it("asks the providers again for cached=false", async () => {
      const { app } = await appWith();
      await app.inject({ method: "GET", url: "/v1/get/BETA" });
      const before = fake.requests;
      expect((await app.inject({ method: "GET", url: "/v1/get/BETA?cached=false" })).statusCode).toBe(200);
      expect(fake.requests - before).toBe(2);
    });

    it("prices crypto through CoinGecko when only it is configured", async () => {
      const { app } = await appWith({ MARKET_DATA_PROVIDERS: "coingecko" });
      const res = await app.inject({ method: "GET", url: "/v1/get/ETH-USD" });
      expect(res.json()).toEqual({
        latestPrice: 3100.5,
        ticker: "ETH-USD",
        historical_data: { "2024-01": 2000, "2024-02": 3000, "2024-03": 3100.5 },
        fee: 0,
        name: "Ethereum",
        assetClass: "Crypto",
        asOf: "2024-03-01",
        currency: "USD",
        closes: { "2024-01": 2000, "2024-02": 3000, "2024-03": 3100.5 },
        splits: [],
        dividends: [],
        dividendsInCloses: false,
      });
    });

    it("answers 404 naming a ticker no provider knows", async () => {
      const { app } = await appWith();
      const res = await app.inject({ method: "GET", url: "/v1/get/XYZ" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "Unknown ticker: XYZ", code: "not_found" });
    });

    it("answers 404 offline too, when the folder has no such file", async () => {
      const { app } = await appWith({ MARKET_DATA_PROVIDERS: "csv" });
      const res = await app.inject({ method: "GET", url: "/v1/get/BETA" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "Unknown ticker: BETA", code: "not_found" });
    });

    it("refuses a ticker that cannot be one", async () => {
      const { app } = await appWith();
      const res = await app.inject({ method: "GET", url: "/v1/get/A_B" });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    });

    it("answers 503 with the spec's words when every provider is down and nothing was kept", async () => {
      const { app } = await appWith({ MARKET_DATA_PROVIDERS: "yahoo,coingecko" });
      fake.setDown(true);
      const res = await app.inject({ method: "GET", url: "/v1/get/BETA" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: "Ooops! Something went wrong!", code: "unavailable" });
    });

    it("serves the last good value marked stale when every provider is down", async () => {
      const { app, deps } = await appWith({ MARKET_DATA_PROVIDERS: "yahoo" });
      await app.inject({ method: "GET", url: "/v1/get/BETA" });
      deps.clock.advance(25 * 3600 * 1000);
      fake.setDown("close");
      const res = await app.inject({ method: "GET", url: "/v1/get/BETA" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ latestPrice: 51.5, ticker: "BETA", historical_data: { "2024-03": 51.5 }, stale: true });
    });
  });

  describe("GET /v1/autocomplete", () => {
    it("asks for at least 2 characters", async () => {
      const { app } = await appWith();
      for (const url of ["/v1/autocomplete", "/v1/autocomplete?query=", "/v1/autocomplete?query=v", "/v1/autocomplete?query=%20v%20"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ error: "Type at least 2 characters", code: "validation_failed" });
      }
    });

    it("suggests offline from the catalogue and the folder, ticker prefixes before name matches", async () => {
      const { app } = await appWith({ MARKET_DATA_PROVIDERS: "csv" });
      const res = await app.inject({ method: "GET", url: "/v1/autocomplete?query=vo" });
      expect(res.statusCode).toBe(200);
      // VOO starts with "VO"; "Vanguard ..." and "Volume" do not start a word with "vo", and nothing else matches
      expect(res.json()).toEqual({ suggestions: [{ ticker: "VOO", name: "Vanguard S&P 500 ETF", assetClass: "ETF" }] });

      // only what can be priced here: the folder has VOO; BND, VTI, VYM and VXUS (catalogue only) are not offered
      const byName = (await app.inject({ method: "GET", url: "/v1/autocomplete?query=vanguard" })).json();
      expect(byName.suggestions.map((s: { ticker: string }) => s.ticker)).toEqual(["VOO"]);

      const folder = (await app.inject({ method: "GET", url: "/v1/autocomplete?query=acm" })).json();
      expect(folder).toEqual({ suggestions: [{ ticker: "ACME", name: "ACME", assetClass: "Stock" }] });
    });

    it("adds the online providers' results after the offline ones", async () => {
      const { app } = await appWith();
      const res = await app.inject({ method: "GET", url: "/v1/autocomplete?query=be" });
      // BETA (ticker prefix, from Yahoo), BRK-B (a word of its name starts with "be"), then the names that
      // merely contain it: alphaBEt, the shorter ticker first
      expect(res.json().suggestions.map((s: { ticker: string }) => s.ticker)).toEqual(["BETA", "BRK-B", "GOOG", "GOOGL"]);
      expect(res.json().suggestions[0]).toEqual({ ticker: "BETA", name: "Beta Industries", assetClass: "Stock" });
    });

    it("ignores an online search that fails", async () => {
      const { app } = await appWith();
      fake.setDown(true);
      const res = await app.inject({ method: "GET", url: "/v1/autocomplete?query=be" });
      expect(res.statusCode).toBe(200);
      // and, Yahoo not answering, its catalogue tickers (BRK-B, GOOG, GOOGL) are not offered only to fail
      expect(res.json().suggestions).toEqual([]);
    });

    it("answers at most 10 suggestions", async () => {
      const { app } = await appWith();
      expect(CATALOGUE.filter((e) => matchRank("in", e) < 4).length).toBeGreaterThan(10);
      const res = await app.inject({ method: "GET", url: "/v1/autocomplete?query=in" });
      expect(res.json().suggestions).toHaveLength(10);
    });
  });
});

describe.skipIf(!hasRealData)("GET /v1/get/:ticker on the real folder: what total returns need", () => {
  const opened: Array<{ app: App; deps: TestDeps }> = [];
  afterAll(async () => {
    for (const { app, deps } of opened.splice(0)) {
      await app.close();
      await deps.store.close();
    }
  });
  async function app() {
    const deps = pricingTestDeps({ MARKET_DATA_DIR: REAL_DATA_DIR, MARKET_DATA_PROVIDERS: "csv" });
    const built = await buildServiceApp(createPricingService(forService(deps, "pricing")), deps);
    opened.push({ app: built, deps });
    return built;
  }

  it("answers NVDA with its splits and the date of its price, the spec's fields unchanged", async () => {
    const res = await (await app()).inject({ method: "GET", url: "/v1/get/NVDA" });
    const body = res.json();
    expect(Object.keys(body).slice(0, 6)).toEqual(["latestPrice", "ticker", "historical_data", "fee", "name", "assetClass"]);
    expect(body).toMatchObject({ ticker: "NVDA", asOf: lastDateInFile(join(REAL_DATA_DIR, "NVDA.csv")), currency: "USD" });
    expect(body.splits).toEqual([
      { date: "2021-07-20", ratio: 4 },
      { date: "2024-06-10", ratio: 10 },
    ]);
    expect(body.dividendsInCloses).toBe(true);
  });

  it("answers JNJ with as-traded closes and dividends beside the adjusted historical_data", async () => {
    const body = (await (await app()).inject({ method: "GET", url: "/v1/get/JNJ" })).json();
    expect(body.latestPrice).toBe(lastCloseInFile(join(REAL_DATA_DIR, "JNJ.csv")));
    expect(body.closes["2016-01"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "split-adjusted", "JNJ.csv"), "2016-01"));
    expect(body.historical_data["2016-01"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "JNJ.csv"), "2016-01"));
    expect(body.dividends.length).toBeGreaterThan(70);
    expect(body.dividendsInCloses).toBe(false);
  });
});
