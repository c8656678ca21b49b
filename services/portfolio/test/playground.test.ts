/**
 * The playground through the real routes: a visitor's draft valued by the same engine and prices as a saved
 * portfolio, nothing stored, its own per-client limit; and the rules of playground portfolios a signed-in
 * user keeps: never in the community, set and cleared in settings.
 */
import { AssetMessages } from "@folio/proto/asset-rules";
import { PLAYGROUND_PATH } from "@folio/proto/playground";
import { afterEach, describe, expect, it } from "vitest";
import { asset, type Harness, harness, input } from "./helpers.ts";
import { closes, hasRealData, REAL_DATA_DIR } from "./market-data.ts";

const TODAY = Date.UTC(2026, 6, 14, 12, 0, 0);
const CSV_ONLY = { MARKET_DATA_DIR: REAL_DATA_DIR, MARKET_DATA_PROVIDERS: "csv" };

let h: Harness;
afterEach(() => h.close());

const value = (portfolio: unknown, remoteAddress = "198.51.100.4") =>
  h.app.inject({ method: "POST", url: PLAYGROUND_PATH, payload: { portfolio } as object, remoteAddress });

async function communitySlugs(): Promise<string[]> {
  const body = (await h.app.inject({ method: "GET", url: "/v1/get/communityportfolios" })).json() as Record<string, unknown>;
  return Object.entries(body)
    .filter(([k]) => k !== "pagination")
    .flatMap(([, cards]) => (cards as { slug: string }[]).map((c) => c.slug));
}

describe.skipIf(!hasRealData)("a visitor's playground draft", () => {
  it("is valued like a saved portfolio, with no account and nothing stored", async () => {
    h = await harness({ pricing: true, env: CSV_ONLY });
    h.deps.clock.set(TODAY);
    const vti = closes("VTI");
    const res = await value(input({ assets: [asset({ ticker: "VTI", quantity: 10, PoA: 165, DoA: "2020-01-02" })] }));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const { data, valuation } = res.json();
    expect(data).toMatchObject({ slug: "playground", playGround: true, privateMode: true });
    // 10 × the last close; cost 10 × 165 = 1650
    expect(data.marketValue).toBeCloseTo(10 * vti.last, 6);
    expect(valuation.value).toBe(1650);
    expect(valuation.ranges.All.series.months.length).toBeGreaterThan(2);
    expect(await h.stored("playground")).toBeNull();
    expect(await communitySlugs()).not.toContain("playground");
  });
});

describe("the playground endpoint", () => {
  it("refuses an asset the save would refuse, with the same message", async () => {
    h = await harness();
    const res = await value(input({ assets: [asset({ quantity: 0 })] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toBe(AssetMessages.quantityMissing);
    // a price above 0 whose returns would overflow: refused in words, never a 500
    const tiny = await value(input({ assets: [asset({ PoA: 5e-324 })] }));
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().data).toBe("Purchase price must be at least 0.000000000001");
  });

  it("limits each client address (30 a minute by default), not everyone together", async () => {
    h = await harness({ env: { RATE_LIMIT_PLAYGROUND_PER_MINUTE: "3" } });
    const empty = input({ assets: [] });
    for (let i = 0; i < 3; i++) expect((await value(empty)).statusCode).toBe(200);
    const refused = await value(empty);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await value(empty, "198.51.100.99")).statusCode).toBe(200);
  });
});

describe("playground portfolios of a signed-in user", () => {
  it("are never listed in the community, even when public; turning it off lists it", async () => {
    h = await harness();
    const slug = await h.create("alice", "Sandbox", { privateMode: false, playGround: true });
    expect((await h.stored(slug))?.playGround).toBe(true);
    expect(await communitySlugs()).not.toContain(slug);
    // still readable by its link, read-only, as any public portfolio
    expect((await h.as("bob").get(slug)).json().data.playGround).toBe(true);
    expect((await h.as("alice").settings(slug, { playGround: false })).statusCode).toBe(200);
    expect(await communitySlugs()).toContain(slug);
    // the change that makes it real says so (achievements count it as made then); later ones do not
    const saved = (await h.deps.outboxEvents()).filter((e) => e.type === "portfolio.saved");
    expect(saved.map((e) => (e.payload as { promoted?: boolean }).promoted)).toEqual([undefined, true]);
    expect((await h.as("alice").settings(slug, { playGround: true })).statusCode).toBe(200);
    expect(await communitySlugs()).not.toContain(slug);
  });

  it("are marked in the owner's list, with each card's gradient", async () => {
    h = await harness();
    const sandbox = await h.create("alice", "Sandbox", { playGround: true });
    const real = await h.create("alice", "Real");
    await h.as("alice").settings(real, { gradient: 9 });
    const list = (await h.as("alice").list()).json().portfolios;
    expect(list[sandbox]).toMatchObject({ playGround: true });
    expect(list[real]).toMatchObject({ playGround: false, gradient: 9 });
    expect(list[sandbox].gradient).toBeGreaterThanOrEqual(1);
    expect(list[sandbox].gradient).toBeLessThanOrEqual(11);
    // null goes back to the slug's
    await h.as("alice").settings(real, { gradient: null });
    expect((await h.stored(real))?.gradient).toBeNull();
    expect((await h.as("alice").settings(real, { gradient: 12 })).statusCode).toBe(400);
  });
});
