/** GET /v1/get/{ticker} served from encoded replies (reply-cache.ts): HTTP caching, gzip, invalidation, bypass. */
import { gunzipSync } from "node:zlib";
import { ManualClock } from "@folio/platform/clock";
import { envelope } from "@folio/platform/ids";
import type { ServiceModule } from "@folio/platform/service";
import { buildServiceApp, forService, type TestDeps } from "@folio/platform/testing";
import type { EventPayload } from "@folio/proto/events";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { REFRESH_QUEUE } from "../src/jobs.ts";
import { cacheKeys } from "../src/market-data.ts";
import { LOCAL_BYTES, LOCAL_ENTRIES, LOCAL_TTL_MS, PriceReplyCache } from "../src/reply-cache.ts";
import { createPricingService } from "../src/service.ts";
import { ACME, BETA, pricingTestDeps, removeMarketData, writeMarketData, writeSeries } from "./support.ts";

describe("GET /v1/get/:ticker encoded replies", () => {
  let fake: FakeMarketData;
  const opened: Array<{ close: () => Promise<void> }> = [];

  beforeAll(async () => {
    fake = await startFakeMarketData({
      dataDir: writeMarketData({ BETA }),
      symbols: { BETA: { name: "Beta Industries", type: "EQUITY" } },
    });
  });
  afterEach(async () => {
    fake.setDown(false);
    for (const o of opened.splice(0)) await o.close();
  });
  afterAll(async () => {
    await fake.close();
    removeMarketData();
  });

  /** the service on a CSV folder of its own (ACME), with its refresh job running on the in-process queue */
  async function setup(env: Record<string, string> = {}) {
    const dir = writeMarketData({ ACME });
    const deps = pricingTestDeps({ MARKET_DATA_DIR: dir, MARKET_DATA_PROVIDERS: "csv", ...env });
    const module = createPricingService(forService(deps, "pricing"));
    const job = module.jobs?.find((j) => j.queue === REFRESH_QUEUE);
    if (!job) throw new Error("no refresh job");
    deps.queue.process(job.queue, job.handler);
    const app = await buildServiceApp(module, deps);
    opened.push({
      close: async () => {
        await app.close();
        await deps.queue.close();
        await deps.store.close();
      },
    });
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });
    /**
     * The reply this process keeps for the ticker: the first look-up fills deps.cache, and a reply built
     * while the ticker's data was being written is not kept (reply-cache.ts), so the second one is.
     */
    const warm = async (url: string) => {
      await get(url);
      return get(url);
    };
    return { dir, deps, module, get, warm };
  }

  async function hold(module: ServiceModule, deps: TestDeps, tickers: string[]) {
    const payload: EventPayload<"portfolio.saved"> = {
      uid: "u1",
      slug: "growth",
      pName: "Growth",
      privateMode: false,
      playGround: false,
      created: true,
      copiedFrom: null,
      tickers,
      holdings: tickers.map((ticker) => ({ ticker, quantity: 1, PoA: 10, DoA: "2024-01-02" })),
      assetCount: tickers.length,
      rev: 1,
    };
    await module.consumers?.[0].handle(envelope("portfolio.saved", "u1", payload, deps.clock.now()));
  }

  async function refresh(deps: TestDeps) {
    const id = await deps.queue.add(REFRESH_QUEUE, "refresh", {});
    await deps.queue.drain?.(REFRESH_QUEUE);
    return deps.queue.getJob(REFRESH_QUEUE, id);
  }

  it("sends an ETag and a public minute of Cache-Control, and answers If-None-Match with a bodyless 304", async () => {
    const { get } = await setup();
    const first = await get("/v1/get/ACME");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("public, max-age=60");
    expect(first.headers.vary).toBe("Accept-Encoding");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await get("/v1/get/ACME", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    expect((await get("/v1/get/ACME", { "if-none-match": 'W/"something-else"' })).statusCode).toBe(200);
    // another ticker is another body, so another tag
    const voo = await get("/v1/get/VOO");
    expect(voo.statusCode).toBe(404);
    expect(voo.headers.etag).toBeUndefined();
  });

  it("gzips for a client that accepts it, decoding to the very bytes the plain reply and the uncached path send", async () => {
    const { get } = await setup();
    const plain = await get("/v1/get/acme");
    const zipped = await get("/v1/get/ACME", { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(plain.body);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    // the uncached path serialises the reply object as the route always did: the same bytes, key order included
    const fresh = await get("/v1/get/ACME?cached=false");
    expect(fresh.body).toBe(plain.body);
    expect(plain.json()).toEqual({
      latestPrice: 14,
      ticker: "ACME",
      historical_data: { "2024-01": 11, "2024-02": 13, "2024-03": 14 },
      fee: 0,
      name: "ACME",
      assetClass: "Stock",
      asOf: "2024-03-01",
      currency: "USD",
      closes: { "2024-01": 11, "2024-02": 13, "2024-03": 14 },
      splits: [],
      dividends: [],
      dividendsInCloses: true,
    });
  });

  it("serves repeated requests from this process, without reading the cache again", async () => {
    const { deps, get, warm } = await setup();
    await warm("/v1/get/ACME");
    const reads = vi.spyOn(deps.cache, "get");
    const replies = await Promise.all(Array.from({ length: 5 }, () => get("/v1/get/ACME")));
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(reads).not.toHaveBeenCalled();
  });

  it("shows a price the refresh changed at once, under a new ETag", async () => {
    const { dir, deps, module, get, warm } = await setup();
    await hold(module, deps, ["ACME"]);
    const before = await warm("/v1/get/ACME");
    expect(before.json().latestPrice).toBe(14);

    writeSeries(dir, "ACME", [...ACME, ["2024-03-04", 14.5]]);
    // nothing has looked yet: the cached reply stands
    expect((await get("/v1/get/ACME")).json().latestPrice).toBe(14);
    expect(await refresh(deps)).toMatchObject({ state: "completed", result: { changed: 1 } });

    // no time passes: the refresh itself dropped the kept reply
    const after = await get("/v1/get/ACME", { "if-none-match": String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    // the refresh quotes; the monthly history keeps its own day-long TTL, as it did before this layer
    expect(after.json()).toMatchObject({ latestPrice: 14.5, historical_data: { "2024-03": 14 } });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("picks up a change another replica made to the shared cache within LOCAL_TTL_MS", async () => {
    const { deps, get, warm } = await setup();
    const before = (await warm("/v1/get/ACME")).json();
    // another replica's refresh: the shared cache changes, this process is not told
    await deps.cache.set(`pricing:${cacheKeys.quote("ACME")}`, { price: 15, at: "2024-03-05T00:00:00.000Z", currency: "USD" }, 3_600_000);
    deps.clock.advance(LOCAL_TTL_MS - 1);
    expect((await get("/v1/get/ACME")).json()).toEqual(before);
    deps.clock.advance(1);
    expect((await get("/v1/get/ACME")).json().latestPrice).toBe(15);
  });

  it("looks past everything for cached=false: no ETag, no 304, not stored, and leaves the new price for later reads", async () => {
    const { dir, get, warm } = await setup();
    const cached = await warm("/v1/get/ACME");
    writeSeries(dir, "ACME", [...ACME, ["2024-03-04", 16]]);

    const fresh = await get("/v1/get/ACME?cached=false", {
      "if-none-match": String(cached.headers.etag),
      "accept-encoding": "gzip",
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBeUndefined();
    expect(fresh.headers["content-encoding"]).toBeUndefined();
    expect(fresh.headers["cache-control"]).toBe("no-store");
    expect(fresh.json().latestPrice).toBe(16);

    // the look-up refreshed the cache, and with it this process's reply
    expect((await get("/v1/get/ACME")).json().latestPrice).toBe(16);
  });

  it("tags the stale reply of an outage apart from the fresh one, stale flag in the body", async () => {
    const { deps, get, warm } = await setup({ MARKET_DATA_PROVIDERS: "yahoo", YAHOO_BASE_URL: fake.url });
    const fresh = await warm("/v1/get/BETA");
    expect(fresh.json().stale).toBeUndefined();
    deps.clock.advance(25 * 3600 * 1000);
    fake.setDown("close");
    const stale = await get("/v1/get/BETA", { "if-none-match": String(fresh.headers.etag), "accept-encoding": "gzip" });
    expect(stale.statusCode).toBe(200);
    const body = JSON.parse(gunzipSync(stale.rawPayload).toString("utf8"));
    expect(body).toEqual({ ...fresh.json(), stale: true });
    expect(stale.headers.etag).not.toBe(fresh.headers.etag);
  });
});

describe("PriceReplyCache", () => {
  const text = async (p: Promise<{ body: { body(gzip: boolean): Buffer | Promise<Buffer> } }>) =>
    (await (await p).body.body(false)).toString();

  it("shares one build among concurrent requests and keeps its reply for LOCAL_TTL_MS", async () => {
    const clock = new ManualClock();
    const replies = new PriceReplyCache(clock);
    let builds = 0;
    const build = async () => `{"n":${++builds}}`;
    expect(await Promise.all([text(replies.get("ACME", build)), text(replies.get("ACME", build))])).toEqual(['{"n":1}', '{"n":1}']);
    clock.advance(LOCAL_TTL_MS - 1);
    expect(await text(replies.get("ACME", build))).toBe('{"n":1}');
    clock.advance(1);
    expect(await text(replies.get("ACME", build))).toBe('{"n":2}');
  });

  it("serves a reply built across a drop but does not keep it: it may rest on the data read before", async () => {
    const replies = new PriceReplyCache(new ManualClock());
    let finish: (json: string) => void = () => {};
    const slow = replies.get("ACME", () => new Promise<string>((resolve) => (finish = resolve)));
    replies.drop("ACME");
    // a request after the drop does not wait on the build that started before it
    const after = replies.get("ACME", async () => '{"price":15}');
    finish('{"price":14}');
    expect(await text(slow)).toBe('{"price":14}');
    expect(await text(after)).toBe('{"price":15}');
    // the reply kept is the one built after the drop, though the older build finished last
    expect(await text(replies.get("ACME", async () => '{"price":16}'))).toBe('{"price":15}');
  });

  it("keeps nothing of a failed build", async () => {
    const replies = new PriceReplyCache(new ManualClock());
    await expect(replies.get("ACME", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await text(replies.get("ACME", async () => "{}"))).toBe("{}");
  });

  it("holds at most LOCAL_BYTES, the gzipped copies counted, letting the oldest go first", async () => {
    const replies = new PriceReplyCache(new ManualClock());
    // 1 MiB bodies that gzip poorly (random digits, ≈ 0.43 of their size): 10 of them, each sent plain and gzipped
    const digits = Array.from({ length: 1024 * 1024 }, () => Math.floor(Math.random() * 10)).join("");
    const body = (i: number) => `{"i":${i},"digits":"${digits}"}`;
    const sizes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const served = await replies.get(`T${i}`, async () => body(i));
      const zipped = await served.body.body(true);
      sizes.push(served.body.plain.length + zipped.length);
      expect(replies.bytes).toBeLessThanOrEqual(LOCAL_BYTES);
    }
    // each entry ≈ 1 MiB plain + 0.43 MiB gzipped: the last five (7.1 MiB) are kept, a sixth would pass 8 MiB
    // (counting the plain bodies alone, seven would be)
    expect(replies.bytes).toBe(sizes.slice(-5).reduce((a, b) => a + b, 0));
    // the oldest went first: T4 is built again, T9 is still kept
    expect(await text(replies.get("T4", async () => '{"again":true}'))).toBe('{"again":true}');
    expect(await text(replies.get("T9", async () => "{}"))).toMatch(/^\{"i":9,/);
  });

  it("holds at most LOCAL_ENTRIES tickers, letting the oldest go first", async () => {
    const replies = new PriceReplyCache(new ManualClock());
    for (let i = 0; i <= LOCAL_ENTRIES; i++) await replies.get(`T${i}`, async () => `{"i":${i}}`);
    expect(await text(replies.get("T0", async () => '{"again":true}'))).toBe('{"again":true}');
    expect(await text(replies.get(`T${LOCAL_ENTRIES}`, async () => "{}"))).toBe(`{"i":${LOCAL_ENTRIES}}`);
  });
});
