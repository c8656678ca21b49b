/**
 * The as-traded close (docs/product-decisions.md "The as-traded close"): GET /v1/get/{ticker}/close?date= and what it stands on.
 * Expected figures are worked out here from the files' rows, never from the service's own parsing.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { App } from "@folio/platform/http/server";
import { buildServiceApp, forService, type TestDeps } from "@folio/platform/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { asTraded, closeOnOrBefore, roundPrice, spliceEarlier, splitFactorAfter } from "../src/domain/closes.ts";
import { CoinGeckoProvider } from "../src/providers/coingecko.ts";
import { CsvDirectoryProvider } from "../src/providers/csv.ts";
import { JsonHttpClient } from "../src/providers/http.ts";
import { UnknownTickerError } from "../src/providers/port.ts";
import { YahooProvider } from "../src/providers/yahoo.ts";
import { createPricingService } from "../src/service.ts";
import {
  ETH,
  hasRealData,
  pricingTestDeps,
  REAL_DATA_DIR,
  removeMarketData,
  type Series,
  writeMarketData,
  writeSeries,
} from "./support.ts";

afterAll(removeMarketData);

/** A ticker split 4:1 on 2024-03-04: its split-adjusted closes before are a quarter of what was paid. */
const SPLIT: Series = [
  ["2024-02-28", 25],
  ["2024-02-29", 26],
  ["2024-03-04", 104.5],
];

/** A folder with SPLIT (split-adjusted file, its split, adjusted file from earlier) and ETH-USD. */
function splitFolder(): string {
  const dir = writeMarketData({ "ETH-USD": ETH });
  mkdirSync(join(dir, "split-adjusted"));
  mkdirSync(join(dir, "splits"));
  mkdirSync(join(dir, "dividends"));
  writeSeries(join(dir, "split-adjusted"), "SPLIT", SPLIT);
  // adjusted closes from January: below the split-adjusted ones by a dividend factor (0.98 on the overlap)
  writeSeries(dir, "SPLIT", [
    ["2024-01-31", 19.6],
    ["2024-02-28", 24.5],
    ["2024-02-29", 25.48],
    ["2024-03-04", 102.41],
  ]);
  writeFileSync(join(dir, "splits", "SPLIT.csv"), "date,ratio\n2024-03-04,4\n");
  writeFileSync(join(dir, "dividends", "SPLIT.csv"), "date,amount\n2024-02-15,0.5\n");
  return dir;
}

describe("the as-traded rules (domain/closes.ts)", () => {
  it("multiplies a close by the splits after its day only", () => {
    const splits = [
      { date: "2021-07-20", ratio: 4 },
      { date: "2024-06-10", ratio: 10 },
    ];
    // NVDA on 2021-01-29 holds 4 × 10 = 40 of today's shares; on the ex-date itself the split is done
    expect(splitFactorAfter(splits, "2021-01-29")).toBe(40);
    expect(splitFactorAfter(splits, "2024-06-10")).toBe(1);
    expect(splitFactorAfter(splits, "2024-06-07")).toBe(10);
    // 45.093875885009766 × 10 = 450.93875885… → 450.9388 (4 decimals)
    expect(asTraded(45.093875885009766, "2023-09-11", splits)).toBe(450.9388);
  });

  it("rounds to 4 decimals from 1 up and to 6 significant digits below", () => {
    expect(roundPrice(519.0999908447266)).toBe(519.1);
    expect(roundPrice(0.08123456)).toBe(0.0812346);
  });

  it("finds the last close on or before a day", () => {
    const rows = SPLIT.map(([date, close]) => ({ date, close }));
    expect(closeOnOrBefore(rows, "2024-03-02")).toEqual({ date: "2024-02-29", close: 26 });
    expect(closeOnOrBefore(rows, "2024-03-04")?.close).toBe(104.5);
    expect(closeOnOrBefore(rows, "2024-02-27")).toBeNull();
  });

  it("continues a later split-adjusted series backwards with the adjusted one, rescaled to meet it", () => {
    const own = SPLIT.map(([date, close]) => ({ date, close }));
    const adjusted = [
      { date: "2024-01-31", close: 19.6 },
      { date: "2024-02-28", close: 24.5 },
    ];
    // k = 25 / 24.5 on the first split-adjusted day; 19.6 × 25 / 24.5 = 20
    const spliced = spliceEarlier(own, adjusted);
    expect(spliced[0].date).toBe("2024-01-31");
    expect(spliced[0].close).toBeCloseTo(20, 12);
    expect(spliced.slice(1)).toEqual(own);
    // nothing earlier: unchanged
    expect(spliceEarlier(own, [{ date: "2024-03-01", close: 1 }])).toEqual(own);
  });
});

describe("CsvDirectoryProvider's closes", () => {
  it("gives the split-adjusted close with its basis, and the rescaled adjusted one before the file starts", async () => {
    const csv = new CsvDirectoryProvider(splitFolder());
    expect(await csv.dailyClose("SPLIT", "2024-03-01")).toEqual({
      date: "2024-02-29",
      close: 26,
      basis: "split-adjusted",
      currency: "USD",
    });
    // 2024-01-31 only in the adjusted file: 19.6 × 25 / 24.5 = 20
    const early = await csv.dailyClose("SPLIT", "2024-02-01");
    expect(early?.basis).toBe("adjusted");
    expect(early?.close).toBeCloseTo(20, 12);
    expect(await csv.dailyClose("SPLIT", "2023-12-31")).toBeNull();
    await expect(csv.dailyClose("NOPE", "2024-01-01")).rejects.toBeInstanceOf(UnknownTickerError);
  });

  it("gives the months before the split-adjusted file from the rescaled adjusted closes", async () => {
    const h = await new CsvDirectoryProvider(splitFolder()).history("SPLIT");
    expect(h.closes["2024-01"]).toBeCloseTo(20, 12);
    expect(h.closes["2024-02"]).toBe(26);
    // historical_data stays the adjusted file
    expect(h.adjusted["2024-01"]).toBe(19.6);
  });

  it.skipIf(!hasRealData)("has JNJ closes before 2006: the 2002 months come from JNJ.csv, rescaled to split-adjusted/JNJ.csv", async () => {
    const csv = new CsvDirectoryProvider(REAL_DATA_DIR);
    const rows = (file: string) =>
      readFileSync(join(REAL_DATA_DIR, file), "utf8")
        .trim()
        .split("\n")
        .slice(1)
        .map((l) => l.split(","))
        .map(([date, close]) => ({ date, close: Number(close) }));
    const own = rows("split-adjusted/JNJ.csv");
    const adjusted = rows("JNJ.csv");
    const first = own[0];
    const join0 = adjusted.filter((r) => r.date <= first.date).at(-1) as { date: string; close: number };
    const sept2002 = adjusted.filter((r) => r.date.startsWith("2002-09")).at(-1) as { date: string; close: number };
    const h = await csv.history("JNJ");
    expect(first.date > "2005-12-31").toBe(true);
    expect(h.closes["2002-09"]).toBeCloseTo((sept2002.close * first.close) / join0.close, 9);
    expect(h.closes["2000-03"]).toBeGreaterThan(0);
  });
});

describe("the providers' daily closes against the fake vendors", () => {
  let fake: FakeMarketData;
  beforeAll(async () => {
    fake = await startFakeMarketData({ dataDir: splitFolder() });
  });
  afterAll(() => fake.close());
  const client = (name: string) => new JsonHttpClient(name, { baseUrl: fake.url, timeoutMs: 2000, retries: 0, retryBaseMs: 1 });

  it("Yahoo: the chart's daily `close` in the fortnight up to the day (period1/period2)", async () => {
    const yahoo = new YahooProvider(client("yahoo"));
    expect(await yahoo.dailyClose("SPLIT", "2024-03-03")).toEqual({
      date: "2024-02-29",
      close: 26,
      basis: "split-adjusted",
      currency: "USD",
    });
    expect(fake.log.at(-1)).toMatch(/period1=\d+&period2=\d+|period2=\d+.*period1=\d+/);
    expect(await yahoo.dailyClose("SPLIT", "2023-06-01")).toBeNull();
  });

  it("CoinGecko: market_chart/range, each point on the day it closes", async () => {
    const gecko = new CoinGeckoProvider(client("coingecko"));
    expect(await gecko.dailyClose("ETH-USD", "2024-03-01")).toEqual({
      date: "2024-03-01",
      close: 3100.5,
      basis: "split-adjusted",
      currency: "USD",
    });
    expect(await gecko.dailyClose("ETH-USD", "2024-02-15")).toEqual({
      date: "2024-01-31",
      close: 2000,
      basis: "split-adjusted",
      currency: "USD",
    });
  });
});

describe("GET /v1/get/{ticker}/close", () => {
  const opened: Array<{ app: App; deps: TestDeps }> = [];
  afterEach(async () => {
    for (const { app, deps } of opened.splice(0)) {
      await app.close();
      await deps.store.close();
    }
  });
  async function appOn(dir: string) {
    const deps = pricingTestDeps({ MARKET_DATA_DIR: dir, MARKET_DATA_PROVIDERS: "csv" });
    deps.clock.set(Date.UTC(2024, 2, 5, 12));
    const app = await buildServiceApp(createPricingService(forService(deps, "pricing")), deps);
    opened.push({ app, deps });
    return app;
  }
  const get = (app: App, url: string) => app.inject({ method: "GET", url });

  it("answers the price paid on the last trading day on or before the date, in the contract's shape", async () => {
    const app = await appOn(splitFolder());
    const res = await get(app, "/v1/get/split/close?date=2024-03-02");
    expect(res.statusCode).toBe(200);
    // 2024-02-29's split-adjusted 26 × 4 (the 4:1 split of 2024-03-04 comes after) = 104
    expect(res.json()).toEqual({ ticker: "SPLIT", date: "2024-02-29", close: 104, currency: "USD", basis: "as-traded" });
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    // on the ex-date: already post-split shares
    expect((await get(app, "/v1/get/SPLIT/close?date=2024-03-04")).json().close).toBe(104.5);
  });

  it("is 404 naming the ticker when it is unknown or has no close that early, and 400 for a bad or future date", async () => {
    const app = await appOn(splitFolder());
    const unknown = await get(app, "/v1/get/NOPE/close?date=2024-01-02");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("Unknown ticker: NOPE");
    const early = await get(app, "/v1/get/SPLIT/close?date=2023-12-01");
    expect(early.statusCode).toBe(404);
    expect(early.json().error).toBe("SPLIT has no close on or before 2023-12-01");
    for (const bad of ["2024-02-30", "02/03/2024", "", "2024-1-1"]) {
      const res = await get(app, `/v1/get/SPLIT/close?date=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe("The date must be a calendar date written YYYY-MM-DD");
    }
    expect((await get(app, "/v1/get/SPLIT/close")).statusCode).toBe(400);
    // today is 2024-03-05: tomorrow is accepted (time zones), the day after is the future
    expect((await get(app, "/v1/get/SPLIT/close?date=2024-03-06")).statusCode).toBe(200);
    const future = await get(app, "/v1/get/SPLIT/close?date=2024-03-07");
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe("The date must not be after today");
  });

  it.skipIf(!hasRealData)("NVDA on 2023-09-11 is $450.94 (10 × the split-adjusted 45.0939), JNJ on 2016-01-04 $100.48", async () => {
    const app = await appOn(REAL_DATA_DIR);
    // clock before the files' end would make these dates future: move it
    for (const o of opened) o.deps.clock.set(Date.UTC(2026, 6, 14));
    // NVDA.csv 2023-09-11: 45.093875885009766 (adjusted; no split-adjusted file) × 10 (split of 2024-06-10)
    expect((await get(app, "/v1/get/NVDA/close?date=2023-09-11")).json()).toEqual({
      ticker: "NVDA",
      date: "2023-09-11",
      close: 450.9388,
      currency: "USD",
      basis: "as-traded",
    });
    // split-adjusted/JNJ.csv 2016-01-04: 100.4800033569336, no split since
    expect((await get(app, "/v1/get/JNJ/close?date=2016-01-04")).json().close).toBe(100.48);
  });
});
