import type { EventEnvelope } from "@folio/platform/bus/port";
import { envelope } from "@folio/platform/ids";
import type { ServiceModule } from "@folio/platform/service";
import { forService, type TestDeps } from "@folio/platform/testing";
import { type EventPayload, EventPayloads } from "@folio/proto/events";
import { Value } from "typebox/value";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { REFRESH_EVERY_MS, REFRESH_QUEUE } from "../src/jobs.ts";
import { cacheKeys } from "../src/market-data.ts";
import { createPricingService } from "../src/service.ts";
import { ACME, pricingTestDeps, removeMarketData, type Series, writeMarketData, writeSeries } from "./support.ts";

const VOO: Series = [["2024-03-01", 401.25]];

describe("hourly price refresh", () => {
  const opened: TestDeps[] = [];
  afterEach(async () => {
    for (const deps of opened.splice(0)) {
      await deps.queue.close();
      await deps.store.close();
    }
  });
  afterAll(removeMarketData);

  function setup(env: Record<string, string> = {}) {
    const dir = writeMarketData({ ACME, VOO });
    const deps = pricingTestDeps({ MARKET_DATA_DIR: dir, MARKET_DATA_PROVIDERS: "csv", ...env });
    opened.push(deps);
    const module = createPricingService(forService(deps, "pricing"));
    const job = module.jobs?.find((j) => j.queue === REFRESH_QUEUE);
    if (!job) throw new Error("no refresh job");
    deps.queue.process(job.queue, job.handler);
    return { dir, deps, module };
  }

  async function portfolioSaved(module: ServiceModule, deps: TestDeps, slug: string, tickers: string[], rev = 1) {
    const payload: EventPayload<"portfolio.saved"> = {
      uid: "u1",
      slug,
      pName: slug,
      privateMode: false,
      playGround: false,
      created: rev === 1,
      copiedFrom: null,
      tickers,
      holdings: tickers.map((ticker) => ({ ticker, quantity: 1, PoA: 100, DoA: "2024-01-02" })),
      assetCount: tickers.length,
      rev,
    };
    await module.consumers?.[0].handle(envelope("portfolio.saved", "u1", payload, deps.clock.now()));
  }

  async function runRefresh(deps: TestDeps, options = {}) {
    const id = await deps.queue.add(REFRESH_QUEUE, "refresh", {}, options);
    await deps.queue.drain?.(REFRESH_QUEUE);
    return deps.queue.getJob(REFRESH_QUEUE, id);
  }

  async function priceEvents(deps: TestDeps): Promise<EventEnvelope<EventPayload<"price.updated">>[]> {
    return (await deps.outboxEvents()).filter((e) => e.type === "price.updated") as EventEnvelope<EventPayload<"price.updated">>[];
  }

  it("is declared as the module's job and scheduled every hour on start", async () => {
    const { deps, module } = setup();
    const repeat = vi.spyOn(deps.queue, "repeat");
    await module.start?.();
    expect(repeat).toHaveBeenCalledWith("pricing.refresh", "pricing.refresh", {}, 3_600_000, "pricing.refresh");
    expect(REFRESH_EVERY_MS).toBe(3_600_000);
    expect(module.jobs?.map((j) => j.queue)).toEqual(["pricing.refresh"]);
  });

  it("announces every held ticker's first price, then only prices that changed", async () => {
    const { dir, deps, module } = setup();
    await portfolioSaved(module, deps, "growth", ["ACME", "voo"]);
    await portfolioSaved(module, deps, "other", ["ACME", "NOPE"]);

    const first = await runRefresh(deps);
    expect(first).toMatchObject({ state: "completed", result: { tickers: 3, changed: 2, failed: 0, unknown: 1 } });
    const announced = await priceEvents(deps);
    expect(announced.map((e) => [e.key, e.payload])).toEqual([
      ["ACME", { ticker: "ACME", latestPrice: 14, previousPrice: null, at: "2024-03-01T00:00:00.000Z" }],
      ["VOO", { ticker: "VOO", latestPrice: 401.25, previousPrice: null, at: "2024-03-01T00:00:00.000Z" }],
    ]);
    for (const e of announced) expect(Value.Check(EventPayloads["price.updated"], e.payload)).toBe(true);

    // nothing moved: nothing announced
    expect(await runRefresh(deps)).toMatchObject({ state: "completed", result: { changed: 0 } });
    expect(await priceEvents(deps)).toHaveLength(2);

    // ACME closes again at 14.5; VOO does not move
    writeSeries(dir, "ACME", [...ACME, ["2024-03-04", 14.5]]);
    expect(await runRefresh(deps)).toMatchObject({ state: "completed", result: { changed: 1 } });
    const after = await priceEvents(deps);
    expect(after).toHaveLength(3);
    expect(after[2]).toMatchObject({
      type: "price.updated",
      key: "ACME",
      payload: { ticker: "ACME", latestPrice: 14.5, previousPrice: 14 },
    });
  });

  it("follows the read model: a deleted portfolio's tickers are no longer refreshed", async () => {
    const { deps, module } = setup();
    await portfolioSaved(module, deps, "growth", ["ACME"]);
    await portfolioSaved(module, deps, "income", ["VOO"]);
    await module.consumers?.[0].handle(envelope("portfolio.deleted", "u1", { uid: "u1", slug: "income" }, deps.clock.now()));
    expect(await runRefresh(deps)).toMatchObject({ result: { tickers: 1, changed: 1 } });
    expect((await priceEvents(deps)).map((e) => e.key)).toEqual(["ACME"]);
  });

  it("leaves the cache warm, so the next price request asks no provider", async () => {
    const { deps, module } = setup();
    await portfolioSaved(module, deps, "growth", ["ACME"]);
    await runRefresh(deps);
    // the service's keys live under its namespace in the shared cache
    expect(await deps.cache.get(`pricing:${cacheKeys.quote("ACME")}`)).toMatchObject({ price: 14, currency: "USD" });
  });

  it("fails, for the queue to retry, when every provider is down", async () => {
    const { deps, module } = setup({ MARKET_DATA_PROVIDERS: "yahoo", YAHOO_BASE_URL: "http://127.0.0.1:9", MARKET_DATA_RETRIES: "0" });
    await portfolioSaved(module, deps, "growth", ["ACME"]);
    const job = await runRefresh(deps, { attempts: 1 });
    expect(job).toMatchObject({ state: "failed" });
    expect(job?.failedReason).toMatch(/price refresh failed/);
    expect(await priceEvents(deps)).toHaveLength(0);
  });

  it("does nothing when no portfolio holds anything", async () => {
    const { deps } = setup();
    expect(await runRefresh(deps)).toMatchObject({ state: "completed", result: { tickers: 0, changed: 0 } });
  });
});
