/**
 * Seeds the visitors' sample portfolios (domain/samples.ts) as part of the service's start. Idempotent: the
 * samples have fixed slugs, a sample already stored is left as it is, and two replicas seeding at once
 * collide on the slug's unique index, where the loser counts the sample as present. Each sample is written
 * like any new portfolio: through the store's commit, with its portfolio.saved event.
 *
 * The purchase prices are real closes from the pricing service. When pricing cannot give one now (not up
 * yet in a cluster, providers down), that sample is skipped with a logged reason and tried again later in
 * this process (and at every start); no price is ever made up.
 */
import { newId } from "@folio/platform/ids";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError } from "@folio/platform/store/port";
import { newPortfolio } from "./domain/portfolio.ts";
import {
  buildSample,
  SAMPLE_OWNER,
  SAMPLE_PURCHASE_MONTH,
  SAMPLE_SLUGS,
  SAMPLES,
  type SampleDefinition,
  sampleTickers,
} from "./domain/samples.ts";
import { valuationTickers } from "./domain/valued-portfolio.ts";
import { portfolioSaved } from "./events.ts";
import { holdingOps, holdings, insertOp, type PortfolioDoc, portfolios, snapshotOp } from "./store.ts";
import type { PortfolioValuer } from "./valuation-service.ts";

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

/** `stopping` is asked before each write, so a seeding outlived by its process writes nothing. */
export async function seedSamples(deps: ServiceDeps, valuer: PortfolioValuer, stopping: () => boolean = () => false): Promise<SeedOutcome> {
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
    const now = deps.clock.now();
    const state = {
      ...newPortfolio(built.input, {
        slug: sample.slug,
        name: sample.pName,
        owner: SAMPLE_OWNER,
        copiedFrom: null,
        now: new Date(now).toISOString(),
      }),
      category: sample.category,
    };
    // stored as a save stores a new portfolio: with its figures, holdings and value snapshot (routes.ts)
    const _id = newId();
    const valued = await valuer.value({ ...state, _id, _v: 1 });
    const p = valued.portfolio;
    const doc: PortfolioDoc = {
      ...state,
      _id,
      marketValue: p.marketValue,
      fees: p.fees,
      allHistory: p.allHistory,
      lastRefreshed: p.lastRefreshed,
    };
    if (stopping()) break;
    try {
      await deps.store.commit([
        insertOp(doc),
        ...(await holdingOps(holdings(deps.store), sample.slug, valuationTickers(doc))),
        snapshotOp(sample.slug, valuer.snapshotOf(valued)),
        portfolioSaved(state, { rev: 1, created: true }, now),
      ]);
      await valuer.keep(sample.slug, valued);
      outcome.created.push(sample.slug);
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      outcome.present.push(sample.slug);
    }
  }
  return outcome;
}

/** How long a stop waits for a seeding attempt in progress. */
const STOP_PATIENCE_MS = 2000;

/** After a start whose seeding was skipped for want of prices: 15 s, 1 min, 5 min, then the next start. */
export const SEED_RETRY_DELAYS_MS = [15_000, 60_000, 300_000];

/**
 * Runs the seeding in the background of the start, so a slow or absent market-data provider never delays
 * the app being up, and retries while pricing might still come up.
 */
export class SampleSeeder {
  private running: Promise<SeedOutcome | null> = Promise.resolve(null);
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly valuer: PortfolioValuer,
    private readonly retryDelaysMs: readonly number[] = SEED_RETRY_DELAYS_MS,
  ) {}

  start(): void {
    this.stopped = false;
    this.attempt(0);
  }

  /** The latest attempt's outcome (null when it failed outright), once it has finished. */
  settled(): Promise<SeedOutcome | null> {
    return this.running;
  }

  /**
   * Waits a little for an attempt in progress (it writes nothing once stopping); one stuck on a slow
   * market-data provider is not waited for, so it cannot hold up the shutdown.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_PATIENCE_MS);
    });
    await Promise.race([this.running, patience]);
    clearTimeout(timer);
  }

  private attempt(n: number): void {
    this.running = seedSamples(this.deps, this.valuer, () => this.stopped).then(
      (outcome) => {
        this.report(outcome);
        const delay = this.retryDelaysMs[n];
        if (outcome.skipped.some((s) => s.retry) && delay !== undefined && !this.stopped) {
          this.timer = setTimeout(() => this.attempt(n + 1), delay);
          this.timer.unref();
        }
        return outcome;
      },
      (err: unknown) => {
        this.deps.log.error({ err }, "seeding the sample portfolios failed; it runs again at the next start");
        return null;
      },
    );
  }

  private report(outcome: SeedOutcome): void {
    if (outcome.created.length > 0) this.deps.log.info({ samples: outcome.created }, "sample portfolios created");
    for (const s of outcome.skipped) {
      this.deps.log.warn({ sample: s.slug, reason: s.reason }, `sample portfolio not created: ${s.reason}`);
    }
  }
}
