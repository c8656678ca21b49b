/**
 * Seeds the visitors' sample portfolios (domain/samples.ts) as a queue job added at the service's start, so
 * a slow or absent market-data provider never delays the app being up. Idempotent: the samples have fixed
 * slugs, a sample already stored is left as it is, and two replicas seeding at once collide on the slug's
 * unique index, where the loser counts the sample as present. Each sample is created as any new portfolio is
 * (commands.ts): with its figures, holdings, community entry and portfolio.saved event in one commit.
 *
 * The purchase prices are real closes from the pricing service. When pricing cannot give one now (not up
 * yet in a cluster, providers down), that sample is skipped with a logged reason and the job fails, so the
 * queue retries it with backoff (15 s, 30 s, 60 s, 2 min), and every start tries again; no price is made up.
 */
import { type JobDefinition, job } from "@folio/platform/jobs";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError } from "@folio/platform/store/port";
import type { PortfolioCommands } from "./commands.ts";
import {
  buildSample,
  SAMPLE_OWNER,
  SAMPLE_PURCHASE_MONTH,
  SAMPLE_SLUGS,
  SAMPLES,
  type SampleDefinition,
  sampleTickers,
} from "./domain/samples.ts";
import { portfolios } from "./store.ts";
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
  /** already stored (by an earlier start or another replica) */
  present: string[];
  skipped: SkippedSample[];
}

export async function seedSamples(deps: ServiceDeps, valuer: PortfolioValuer, commands: PortfolioCommands): Promise<SeedOutcome> {
  const collection = portfolios(deps.store);
  const outcome: SeedOutcome = { created: [], present: [], skipped: [] };
  const stored = new Map((await collection.find({ slug: { $in: [...SAMPLE_SLUGS] } })).map((d) => [d.slug, d]));
  const missing: SampleDefinition[] = [];
  for (const sample of SAMPLES) {
    const doc = stored.get(sample.slug);
    if (!doc) missing.push(sample);
    else if (doc.owner === SAMPLE_OWNER) outcome.present.push(sample.slug);
    else outcome.skipped.push({ slug: sample.slug, reason: "a user's portfolio has this slug", retry: false });
  }
  if (missing.length === 0) return outcome;

  const lookup = await valuer.pricing.lookup(sampleTickers(missing));
  const closes = new Map<string, number>();
  for (const [ticker, price] of lookup.prices) {
    const close = price.historical_data[SAMPLE_PURCHASE_MONTH];
    if (close > 0) closes.set(ticker, close);
  }
  const unavailable = new Set(lookup.unavailable);

  for (const sample of missing) {
    const built = buildSample(sample, closes);
    if (!built.ok) {
      const down = built.missing.filter((t) => unavailable.has(t));
      const reason =
        down.length > 0
          ? `pricing could not price ${down.join(", ")} now`
          : `no ${SAMPLE_PURCHASE_MONTH} close is known for ${built.missing.join(", ")}`;
      outcome.skipped.push({ slug: sample.slug, reason, retry: down.length > 0 });
      continue;
    }
    try {
      await commands.create(
        built.input,
        { name: sample.pName, owner: SAMPLE_OWNER, copiedFrom: null },
        { slug: sample.slug, extra: { category: sample.category } },
      );
      outcome.created.push(sample.slug);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      outcome.present.push(sample.slug);
    }
  }
  return outcome;
}

/** Adds this start's seeding (a job already waiting or running, from another replica, is not added twice). */
export function startSeeding(deps: ServiceDeps): Promise<string> {
  return deps.jobs.add(SEED_QUEUE, {}, { jobId: SEED_JOB_ID, attempts: SEED_ATTEMPTS, backoffMs: SEED_BACKOFF_MS });
}

export function seedJob(deps: ServiceDeps, valuer: PortfolioValuer, commands: PortfolioCommands): JobDefinition {
  return job(SEED_QUEUE, async (): Promise<SeedOutcome> => {
    const outcome = await seedSamples(deps, valuer, commands);
    if (outcome.created.length > 0) deps.log.info({ samples: outcome.created }, "sample portfolios created");
    for (const s of outcome.skipped) deps.log.warn({ sample: s.slug, reason: s.reason }, `sample portfolio not created: ${s.reason}`);
    // failing makes the queue retry with backoff while pricing may still come up
    const retry = outcome.skipped.filter((s) => s.retry);
    if (retry.length > 0) throw new Error(`sample portfolios not created yet: ${retry.map((s) => s.reason).join("; ")}`);
    return outcome;
  });
}
