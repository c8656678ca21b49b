/**
 * GET /v1/get/communityportfolios through the real routes, on the embedded store, with the community's
 * consumer run by hand (deliver) and prices from a stand-in pricing service.
 */
import { envelope } from "@folio/platform/ids";
import { COMMUNITY_CATEGORIES } from "@folio/proto/community";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMUNITY_CACHE_CONTROL } from "../src/community.ts";
import { priceCacheKey } from "../src/prices.ts";
import { asset, type CommunityHarness, communityHarness, input, slugsByCategory } from "./community-support.ts";

let h: CommunityHarness;
beforeEach(async () => {
  h = await communityHarness();
  // 2024-01 closes at 100, 2025-12 at 120, the latest price is 125 (the clock is at 2026-01-02)
  h.pricing.set("VTI", 125, { "2024-01": 100, "2025-12": 120 });
});
afterEach(async () => {
  await h.close();
});

async function pricesMove(ticker: string, latestPrice: number, history: Record<string, number>) {
  h.pricing.set(ticker, latestPrice, history);
  // what the pricing service's hourly refresh announces; the service drops its cached price on it
  const event = envelope(
    "price.updated",
    ticker,
    { ticker, latestPrice, previousPrice: null, at: new Date(h.deps.clock.now()).toISOString() },
    h.deps.clock.now(),
  );
  for (const c of h.module.consumers ?? []) if (c.types.includes(event.type)) await c.handle(event);
  await h.deliver();
}

describe("GET /v1/get/communityportfolios", () => {
  it("lists public portfolios as cards under their category, valued at the latest prices", async () => {
    const slug = await h.create("alice", "Steady");
    await h.publish("alice", slug, "Index", "One fund, held.");
    await h.deliver();

    const res = await h.as(null).community();
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe(COMMUNITY_CACHE_CONTROL);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    const body = res.json();
    // every category is there, in the page's order, the empty ones as []
    expect(Object.keys(body)).toEqual([...COMMUNITY_CATEGORIES, "pagination"]);
    expect(body.Growth).toEqual([]);
    expect(body.pagination).toEqual({ page: 1, pageSize: 12, totals: { Growth: 0, Dividend: 0, Index: 1, Tech: 0, Crypto: 0, Other: 0 } });
    const [card] = body.Index;
    // 10 VTI bought at 100: worth 10 × 125 = 1250, growth (1250 − 1000) / 1000 = 25 %
    expect(card).toMatchObject({ pName: "Steady", slug, totalValue: 1250, growth: 25, pDescription: "One fund, held." });
    expect(Object.keys(card).sort()).toEqual([
      "allHistory",
      "baseCurrency",
      "gradient",
      "growth",
      "pDescription",
      "pName",
      "pricesAsOf",
      "slug",
      "totalValue",
    ]);
    expect(card).toMatchObject({ baseCurrency: "USD", pricesAsOf: "2026-01-02" });
    // the same figures as the portfolio's page
    const page = (await h.as(null).get(slug)).json();
    expect([card.totalValue, card.growth]).toEqual([page.valuation.marketValue, page.valuation.profitLossPercent]);
    // monthly from the purchase (2024-01: 10 × 100) to now (2026-01: 10 × 125): 25 months
    expect(Object.keys(card.allHistory)).toHaveLength(25);
    expect(card.allHistory["2024-01"]).toBe(1000);
    expect(card.allHistory["2026-01"]).toBe(1250);
  });

  it("files a public portfolio without a category under Other", async () => {
    const slug = await h.create("alice", "Unfiled", { privateMode: false });
    await h.deliver();
    expect(slugsByCategory(await h.communityList()).Other).toEqual([slug]);
  });

  it("refuses a category it does not offer with a 400 naming the field, and accepts '' to clear it", async () => {
    const slug = await h.create("alice", "Mine");
    const res = await h.as("alice").settings(slug, { category: "Stocks", privateMode: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "Category must be one of: Growth, Dividend, Index, Tech, Crypto, Other, (none)",
      code: "validation_failed",
    });
    expect(await h.stored(slug)).toMatchObject({ category: "", privateMode: true });

    expect((await h.as("alice").settings(slug, { category: "Crypto" })).statusCode).toBe(200);
    expect((await h.stored(slug))?.category).toBe("Crypto");
    expect((await h.as("alice").settings(slug, { category: "" })).statusCode).toBe(200);
    expect((await h.stored(slug))?.category).toBe("");
  });

  it("pages one category newest first; the plain call gives the first page of every category", async () => {
    const slugs: string[] = [];
    for (const name of ["One", "Two", "Three", "Four", "Five"]) {
      const slug = await h.create("alice", name);
      await h.publish("alice", slug, "Growth");
      slugs.push(slug);
    }
    await h.deliver();
    const newest = [...slugs].reverse();

    const first = await h.communityList("?category=Growth&pageSize=2");
    expect(Object.keys(first)).toEqual(["Growth", "pagination"]);
    expect(slugsByCategory(first).Growth).toEqual(newest.slice(0, 2));
    expect(first.pagination).toEqual({ page: 1, pageSize: 2, totals: { Growth: 5 } });
    expect(slugsByCategory(await h.communityList("?category=Growth&pageSize=2&page=2")).Growth).toEqual(newest.slice(2, 4));
    expect(slugsByCategory(await h.communityList("?category=Growth&pageSize=2&page=3")).Growth).toEqual(newest.slice(4));
    expect(slugsByCategory(await h.communityList("?category=Growth&pageSize=2&page=4")).Growth).toEqual([]);
    expect(slugsByCategory(await h.communityList()).Growth).toEqual(newest);
  });

  it("refuses an unknown category or a page size over 48", async () => {
    expect((await h.as(null).community("?category=Stocks")).statusCode).toBe(400);
    expect((await h.as(null).community("?pageSize=49")).statusCode).toBe(400);
    expect((await h.as(null).community("?page=0")).statusCode).toBe(400);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const slug = await h.create("alice", "Steady");
    await h.publish("alice", slug);
    await h.deliver();
    const etag = (await h.as(null).community()).headers.etag as string;
    const again = await h.as(null).community("", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect((await h.as(null).community("", { "if-none-match": 'W/"other"' })).statusCode).toBe(200);
  });

  it("shows a listed portfolio's change at once, and moved prices as soon as its revaluation stores them", async () => {
    const slug = await h.create("alice", "Steady");
    await h.publish("alice", slug);
    await h.deliver();
    expect((await h.communityList()).Growth?.[0]).toMatchObject({ totalValue: 1250 });

    // the owner adds 2 more: 12 × 125 = 1500, shown as soon as the save's event is handled
    const stored = await h.stored(slug);
    expect((await h.as("alice").save(slug, input({ assets: [asset({ quantity: 12 })], rev: stored?._v }))).statusCode).toBe(200);
    await h.deliver();
    expect((await h.communityList()).Growth?.[0]).toMatchObject({ totalValue: 1500, pName: "Steady" });

    // the price moves to 130: the revaluation stores 12 × 130 = 1560 and the cached pages go with the old figures
    await pricesMove("VTI", 130, { "2024-01": 100, "2025-12": 120 });
    expect((await h.communityList()).Growth?.[0]).toMatchObject({ totalValue: 1560 });
  });

  it("shows a listed portfolio's stored figures while pricing is down: a card never loses them", async () => {
    const slug = await h.create("alice", "Steady");
    await h.publish("alice", slug);
    await h.deliver();
    // pricing goes down once the service's cached price has expired: nothing is valued for the card
    h.pricing.down = true;
    await h.svc.cache.del(priceCacheKey("VTI"));
    h.deps.clock.advance(30_001);
    const asked = h.pricing.asked.length;
    expect((await h.communityList()).Growth?.[0]).toMatchObject({ slug, totalValue: 1250, growth: 25 });
    expect(h.pricing.asked.length).toBe(asked);
  });

  it("gives everyone the same list: it does not depend on who asks", async () => {
    const mine = await h.create("alice", "Mine");
    await h.publish("alice", mine);
    await h.create("alice", "Secret", { pDescription: "not for the list" });
    await h.deliver();
    const visitor = await h.as(null).community();
    const owner = await h.as("alice").community();
    const other = await h.as("bob").community();
    expect(owner.body).toBe(visitor.body);
    expect(other.body).toBe(visitor.body);
    // varies by encoding (gzip for browsers that take it), never by who asks
    expect(visitor.headers.vary).toBe("Accept-Encoding");
  });
});
