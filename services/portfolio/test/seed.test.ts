/**
 * The visitors' samples, seeded by a queue job added at the service's start, with real closes (the shared
 * market data, served by a stand-in pricing service): created once, through the store's commit with
 * portfolio.saved events; starting again, or twice at once, adds nothing; without prices nothing is
 * invented, and the job retries with backoff on the test's clock.
 */
import type { EventEnvelope } from "@folio/platform/bus/port";
import type { ServiceModule } from "@folio/platform/service";
import { createTestDeps, forService, runJobs, type TestDeps } from "@folio/platform/testing";
import { PricingQueries } from "@folio/pricing/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPortfolioCommands } from "../src/commands.ts";
import { CommunityModel, communityEntries } from "../src/community-model.ts";
import { SAMPLE_OWNER, SAMPLE_PURCHASE_DATE, SAMPLE_SLUGS, SAMPLES, sampleTickers } from "../src/domain/samples.ts";
import { asTradedClose, hasMarketData, loadTicker, marketDataDir } from "../src/domain/valuation/testing/market-data.ts";
import { createFigures } from "../src/figures.ts";
import { OwnerSettings, owners } from "../src/owners.ts";
import { Prices } from "../src/prices.ts";
import { SEED_BACKOFF_MS, SEED_JOB_ID, SEED_QUEUE, type SeedOutcome, seedSamples } from "../src/seed.ts";
import { createPortfolioService } from "../src/service.ts";
import { type PortfolioDoc, portfolios } from "../src/store.ts";
import { PortfolioValuer } from "../src/valuation-service.ts";
import { type CommunityHarness, communityHarness, FakePricing } from "./community-support.ts";

const withData = hasMarketData();
if (!withData) console.warn(`no market data in ${marketDataDir()} (set MARKET_DATA_DIR): the sample seeding tests are skipped`);

let deps: TestDeps;
let h: CommunityHarness;
let pricing: FakePricing;

beforeEach(async () => {
  deps = createTestDeps();
  deps.clock.set(Date.UTC(2026, 6, 14, 12));
  pricing = new FakePricing();
  h = await communityHarness({ deps, pricing });
});
afterEach(async () => {
  await h.close();
});

const priceEverySample = () => {
  for (const t of sampleTickers(SAMPLES)) pricing.setFromMarketData(t);
};
const storedSamples = async () => (await portfolios(deps.store).find({ owner: SAMPLE_OWNER }, { sort: { slug: 1 } })).map((d) => d.slug);
const savedEvents = async (): Promise<EventEnvelope[]> => (await deps.outboxEvents()).filter((e) => e.type === "portfolio.saved");
const seedJob = () => deps.queue.getJob(SEED_QUEUE, SEED_JOB_ID);

/** Another start of the service on the same ports (a restart, or a second replica), its worker running too. */
function replica(): ServiceModule {
  const module = createPortfolioService(forService(deps, "portfolio"));
  runJobs(deps, [module]);
  return module;
}

/** Starts a module and waits for its seeding job; returns the job's outcome. */
async function started(module: ServiceModule = h.module): Promise<SeedOutcome> {
  await module.start?.();
  await deps.queue.drain(SEED_QUEUE);
  const job = await seedJob();
  if (job?.state !== "completed") throw new Error(`seeding did not complete: ${job?.state} ${job?.failedReason ?? ""}`);
  return job.result as SeedOutcome;
}

describe.skipIf(!withData)("seeding the samples", () => {
  it("creates the three samples at start, public, filed, bought at 2021-01-29's as-traded closes", async () => {
    priceEverySample();
    expect(await started()).toEqual({ created: [...SAMPLE_SLUGS], corrected: [], present: [], skipped: [] });

    const found = await portfolios(deps.store).find({ owner: SAMPLE_OWNER });
    const stored = SAMPLE_SLUGS.map((slug) => found.find((d) => d.slug === slug) as (typeof found)[number]);
    expect(stored.map((d) => [d.slug, d.category, d.privateMode])).toEqual([
      ["sample-three-fund", "Index", false],
      ["sample-tech-stocks", "Tech", false],
      ["sample-dividend-income", "Dividend", false],
    ]);
    const threeFund = stored[0];
    const vti = asTradedClose("VTI", SAMPLE_PURCHASE_DATE)?.close as number;
    // VTI is 50 % of $10,000, bought at its 2021-01-29 close (VTI.csv's row, no split since: about $180): round(5000 / close) units
    expect(threeFund.assets[0]).toMatchObject({ ticker: "VTI", PoA: vti, quantity: Math.round(5000 / vti), DoA: SAMPLE_PURCHASE_DATE });
    expect(threeFund.assets[0].quantity).toBeGreaterThan(20);
    expect(threeFund.assets[0].quantity).toBeLessThan(30);
    for (const doc of stored) {
      for (const a of doc.assets) expect(a.PoA).toBe(asTradedClose(a.ticker, SAMPLE_PURCHASE_DATE)?.close);
      // valued at the save, as any new portfolio is
      expect(doc.marketValue).toBeGreaterThan(0);
    }
    // NVDA paid in that day's shares: NVDA.csv's 2021-01-29 close × 4 (2021-07-20) × 10 (2024-06-10), about $517
    const nvda = stored[1].assets.find((a) => a.ticker === "NVDA");
    expect(nvda?.PoA).toBeGreaterThan(500);
    expect(nvda?.PoA).toBeLessThan(530);

    const events = await savedEvents();
    expect(events.map((e) => [e.key, (e.payload as { slug: string }).slug, (e.payload as { created: boolean }).created])).toEqual(
      SAMPLE_SLUGS.map((slug) => [SAMPLE_OWNER, slug, true]),
    );
  });

  it("is idempotent: a second start leaves exactly three samples and publishes nothing more", async () => {
    priceEverySample();
    await started();
    const eventsAfterFirst = (await savedEvents()).length;

    expect(await started(replica())).toEqual({ created: [], corrected: [], present: [...SAMPLE_SLUGS], skipped: [] });
    expect(await storedSamples()).toEqual([...SAMPLE_SLUGS].sort());
    expect((await savedEvents()).length).toBe(eventsAfterFirst);
  });

  it("two replicas starting at once add one seeding job, and two seedings at once create each sample once", async () => {
    priceEverySample();
    const other = replica();
    await Promise.all([h.module.start?.(), other.start?.()]);
    await deps.queue.drain(SEED_QUEUE);
    expect((await seedJob())?.result).toEqual({ created: [...SAMPLE_SLUGS], corrected: [], present: [], skipped: [] });
    expect(await savedEvents()).toHaveLength(3);

    // seedings that still race (a job of another start, not yet finished) collide on the slugs' unique index
    const seeded = await portfolios(deps.store).find({ owner: SAMPLE_OWNER });
    await deps.store.commit(seeded.map((d) => ({ op: "delete", collection: "portfolios", id: d._id })));
    const svc = forService(deps, "portfolio");
    const pricing = new Prices(new PricingQueries(svc.services), svc.cache, svc.log);
    const valuer = new PortfolioValuer(svc, pricing, new OwnerSettings(owners(svc.store)));
    const commands = createPortfolioCommands(svc, valuer, createFigures(svc, valuer), new CommunityModel(svc.store), async () => {});
    const [a, b] = await Promise.all([seedSamples(svc, valuer, commands), seedSamples(svc, valuer, commands)]);
    expect([...a.created, ...b.created].sort()).toEqual([...SAMPLE_SLUGS].sort());
    expect([...a.present, ...b.present].sort()).toEqual([...SAMPLE_SLUGS].sort());
    expect(await storedSamples()).toEqual([...SAMPLE_SLUGS].sort());
  });

  it("runs as part of the service's start, and visitors get the samples as community cards and read-only portfolios", async () => {
    priceEverySample();
    await started();

    const samples = await h.communityList("?samples=true");
    expect(Object.keys(samples)).toEqual(["Dividend", "Index", "Tech", "pagination"]);
    expect(samples.Index?.map((c) => c.slug)).toEqual(["sample-three-fund"]);
    for (const card of [samples.Index?.[0], samples.Tech?.[0], samples.Dividend?.[0]]) {
      expect(card?.totalValue).toBeGreaterThan(0);
      expect(card?.growth).not.toBeNull();
      // monthly from January 2021 to July 2026: 67 months, thinned to 60 points
      expect(Object.keys(card?.allHistory ?? {})).toHaveLength(60);
    }
    expect((await h.communityList("?category=Tech")).Tech?.map((c) => c.slug)).toEqual(["sample-tech-stocks"]);

    const view = await h.as(null).cachable("sample-tech-stocks");
    expect(view.statusCode).toBe(200);
    expect(view.json().state).toEqual({ notOwner: true, isAdmin: false });
    expect((await h.as("bob").settings("sample-tech-stocks", { privateMode: true })).statusCode).toBe(403);
  });
});

describe.skipIf(!withData)("correcting samples stored by an older release", () => {
  it("buys a sample stored at January 2021's adjusted closes again at the as-traded ones, once", async () => {
    priceEverySample();
    await started();
    // what the release before the as-traded close stored: the month's adjusted close as the price paid
    const tech = (await h.stored("sample-tech-stocks")) as PortfolioDoc;
    const old = tech.assets.map((a) => {
      const adjusted = loadTicker(a.ticker).history["2021-01"] as number;
      return { ...a, PoA: adjusted, quantity: Math.round(2000 / adjusted) };
    });
    const legacy: PortfolioDoc = { ...tech, assets: old };
    await deps.store.commit([{ op: "replace", collection: "portfolios", doc: legacy, expectedVersion: tech._v }]);
    expect(((await h.stored("sample-tech-stocks")) as PortfolioDoc).assets.find((a) => a.ticker === "NVDA")?.quantity).toBe(155);

    expect(await started(replica())).toEqual({
      created: [],
      corrected: ["sample-tech-stocks"],
      present: ["sample-three-fund", "sample-dividend-income"],
      skipped: [],
    });
    const fixed = (await h.stored("sample-tech-stocks")) as PortfolioDoc;
    expect(fixed.assets).toEqual(tech.assets);
    expect(fixed._v).toBe((tech._v ?? 1) + 2);
    // its page: NVDA's 4 shares of 2021 are 160 of today's, not 155 × 40 = 6,200
    const page = (await h.as(null).get("sample-tech-stocks")).json();
    expect(page.data.assets.find((a: { ticker: string }) => a.ticker === "NVDA")).toMatchObject({ quantity: 4, shares: 160 });
    // and it happens once
    expect(await started(replica())).toMatchObject({ corrected: [], present: [...SAMPLE_SLUGS] });
  });
});

describe("seeding without prices", () => {
  it("creates nothing when pricing is down, says why, and the job tries again with backoff", async () => {
    pricing.down = true;
    await h.module.start?.();
    await vi.waitFor(async () => expect((await seedJob())?.state).toBe("delayed"));
    const failed = await seedJob();
    expect(failed?.attemptsStarted).toBe(1);
    expect(failed?.failedReason).toContain("pricing could not price VTI, VXUS, BND now");
    expect(await storedSamples()).toEqual([]);
    expect(await deps.outboxEvents()).toEqual([]);

    // still down at the first retry: it waits twice as long for the next
    deps.clock.advance(SEED_BACKOFF_MS);
    await vi.waitFor(async () => expect((await seedJob())?.attemptsStarted).toBe(2));
    await vi.waitFor(async () => expect((await seedJob())?.state).toBe("delayed"));
    if (!withData) return;
    pricing.down = false;
    priceEverySample();
    deps.clock.advance(2 * SEED_BACKOFF_MS);
    await deps.queue.drain(SEED_QUEUE);
    expect((await seedJob())?.result).toMatchObject({ created: [...SAMPLE_SLUGS] });
    expect(await storedSamples()).toHaveLength(3);
  });

  it("does not retry a sample whose tickers pricing does not know, and invents nothing", async () => {
    const outcome = await started();
    expect(outcome.skipped.map((s) => s.retry)).toEqual([false, false, false]);
    expect(outcome.skipped[1].reason).toBe("no close on or before 2021-01-29 is known for AAPL, MSFT, NVDA, GOOGL, AMZN");
    expect(await storedSamples()).toEqual([]);
  });

  it.skipIf(!withData)("leaves a user's portfolio that took a sample's slug alone and seeds the others", async () => {
    priceEverySample();
    // slugs carry a random suffix now; one stored by an older release may still be a sample's
    const created = (await h.stored(await h.create("alice", "Sample Tech Stocks"))) as PortfolioDoc;
    const slug = "sample-tech-stocks";
    const legacy: PortfolioDoc = { ...created, slug };
    await deps.store.commit([{ op: "replace", collection: "portfolios", doc: legacy }]);
    const outcome = await started();
    expect(outcome.created).toEqual(["sample-three-fund", "sample-dividend-income"]);
    expect(outcome.skipped).toEqual([{ slug, reason: "a user's portfolio has this slug", retry: false }]);
    expect((await h.stored(slug))?.owner).toBe("alice");
    expect((await communityEntries(deps.store).find({ sample: true })).map((e) => e.slug).sort()).toEqual([
      "sample-dividend-income",
      "sample-three-fund",
    ]);
  });
});
