/**
 * Seeds the visitors' sample portfolios (domain/samples.ts) as a queue job added at the service's start, so
 * a slow or absent market-data provider never delays the app being up. Idempotent: the samples have fixed
 * slugs; a sample already stored as it should be is left as it is, and one stored by an older release at
 * other prices (the adjusted closes of January 2021) is corrected by a save of the right assets, once; two
 * replicas seeding at once collide on the slug's unique index (or the revision), where the loser counts the
 * sample as present. Each sample is created or saved as any portfolio is (commands.ts): with its figures,
 * holdings, community entry and events in one commit.
 *
 * The purchase prices are the pricing service's as-traded closes of the purchase day (the same route as the
 * Add window's suggested price). When pricing cannot give one now (not up yet in a cluster, providers down),
 * that sample is skipped with a logged reason and the job fails, so the queue retries it with backoff (15 s,
 * 30 s, 60 s, 2 min), and every start tries again; no price is made up.
 */
import { HttpError } from "@folio/platform/http/errors";
import { ServiceUnavailableError } from "@folio/platform/internal";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError } from "@folio/platform/store/port";
import type { PortfolioCommands } from "./commands.ts";
import type { PortfolioContext } from "./context.ts";
import { buildSample, SAMPLE_OWNER, SAMPLE_PURCHASE_DATE, SAMPLE_SLUGS, SAMPLES, sameAssets, sampleTickers } from "./domain/samples.ts";
import { portfolios, revOf } from "./store.ts";
import type { PortfolioValuer } from "./valuation-service.ts";

export const SEED_QUEUE = "portfolio.seed";
export const SEED_JOB_ID = "portfolio-seed";
/** attempts of one start's seeding, and the first retry delay (doubled each time) */
export const SEED_ATTEMPTS = 5;
export const SEED_BACKOFF_MS = 15_000;

export interface SkippedSample {
  slug: string;
  reason: string;
  /** pricing may give the prices later (it was unreachable or down), so another attempt can succeed */
  retry: boolean;
}

export interface SeedOutcome {
  created: string[];
  /** stored by an older release at other prices, saved again with the right ones */
  corrected: string[];
  /** already stored as they should be (by an earlier start or another replica) */
  present: string[];
  skipped: SkippedSample[];
}

/** The as-traded closes of the purchase day, by ticker; tickers pricing cannot answer now, and those it has no close for. */
async function purchaseCloses(valuer: PortfolioValuer, tickers: string[]) {
  const closes = new Map<string, number>();
  const unavailable = new Set<string>();
  await Promise.all(
    tickers.map(async (ticker) => {
      try {
        const close = await valuer.pricing.close(ticker, SAMPLE_PURCHASE_DATE);
        if (close && close.close > 0) closes.set(ticker, close.close);
      } catch (err) {
        if (!(err instanceof ServiceUnavailableError)) throw err;
        unavailable.add(ticker);
      }
    }),
  );
  return { closes, unavailable };
}

export async function seedSamples(deps: ServiceDeps, valuer: PortfolioValuer, commands: PortfolioCommands): Promise<SeedOutcome> {
  const collection = portfolios(deps.store);
  const outcome: SeedOutcome = { created: [], corrected: [], present: [], skipped: [] };
  const stored = new Map((await collection.find({ slug: { $in: [...SAMPLE_SLUGS] } })).map((d) => [d.slug, d]));
  const ours = SAMPLES.filter((sample) => {
    const doc = stored.get(sample.slug);
    if (!doc || doc.owner === SAMPLE_OWNER) return true;
    outcome.skipped.push({ slug: sample.slug, reason: "a user's portfolio has this slug", retry: false });
    return false;
  });
  if (ours.length === 0) return outcome;

  const { closes, unavailable } = await purchaseCloses(valuer, sampleTickers(ours));
  for (const sample of ours) {
    const built = buildSample(sample, closes);
    if (!built.ok) {
      const down = built.missing.filter((t) => unavailable.has(t));
      const reason =
        down.length > 0
          ? `pricing could not price ${down.join(", ")} now`
          : `no close on or before ${SAMPLE_PURCHASE_DATE} is known for ${built.missing.join(", ")}`;
      outcome.skipped.push({ slug: sample.slug, reason, retry: down.length > 0 });
      continue;
    }
    const doc = stored.get(sample.slug);
    if (doc && sameAssets(doc.assets, built.input.assets)) {
      outcome.present.push(sample.slug);
      continue;
    }
    try {
      if (doc) {
        // an older release's prices: saved again as the owner would, on the revision read
        await commands.save(SAMPLE_OWNER, sample.slug, { portfolio: { ...built.input, rev: revOf(doc) } });
        outcome.corrected.push(sample.slug);
      } else {
        await commands.create(
          built.input,
          { name: sample.pName, owner: SAMPLE_OWNER, copiedFrom: null },
          { slug: sample.slug, extra: { category: sample.category } },
        );
        outcome.created.push(sample.slug);
      }
    } catch (err) {
      // another replica created or corrected it first
      if (!(err instanceof DuplicateKeyError) && !(err instanceof HttpError && err.statusCode === 409)) throw err;
      outcome.present.push(sample.slug);
    }
  }
  return outcome;
}

/** Adds this start's seeding (a job already waiting or running, from another replica, is not added twice). */
export function startSeeding(deps: ServiceDeps): Promise<string> {
  return deps.jobs.add(SEED_QUEUE, {}, { jobId: SEED_JOB_ID, attempts: SEED_ATTEMPTS, backoffMs: SEED_BACKOFF_MS });
}

/** `portfolio.seed` (registered in jobs.ts): seeds, logs what happened, and fails while pricing may still come up. */
export async function runSeeding(ctx: PortfolioContext): Promise<SeedOutcome> {
  const { deps } = ctx;
  const outcome = await seedSamples(deps, ctx.valuer, ctx.commands);
  if (outcome.created.length > 0) deps.log.info({ samples: outcome.created }, "sample portfolios created");
  if (outcome.corrected.length > 0) {
    deps.log.info({ samples: outcome.corrected }, "sample portfolios stored at other prices were bought again at the as-traded close");
  }
  for (const s of outcome.skipped) deps.log.warn({ sample: s.slug, reason: s.reason }, `sample portfolio not created: ${s.reason}`);
  // failing makes the queue retry with backoff while pricing may still come up
  const retry = outcome.skipped.filter((s) => s.retry);
  if (retry.length > 0) throw new Error(`sample portfolios not created yet: ${retry.map((s) => s.reason).join("; ")}`);
  return outcome;
}
