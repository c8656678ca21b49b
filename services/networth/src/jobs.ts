/**
 * The networth queue jobs.
 *
 * `networth.recompute` (jobId `networth-<uid>`): sums the user's counted portfolios at the latest prices,
 * stores the value and the week's snapshot and publishes networth.calculated, in one commit. Every cause
 * adds the job under the same id (a save, a delete, a price tick after the debounce delay; the API's force
 * at once), and the queue ignores an id that is still waiting, delayed or running: a burst of changes
 * makes one job. A change that arrives while the job runs is dropped by that same rule, so the job looks
 * again after committing (the user's change counter, the shared cache's prices) and computes once more
 * when something moved, up to MAX_PASSES. The API also recomputes a value older than the user's last
 * change (a crash between a consumer's commit and its enqueue).
 *
 * `networth.fanout` (jobId `networth-fanout-<event id>`): after a price.updated, pages through the ticker's
 * holders one bucket at a time and adds each holder's recompute.
 */

import { FANOUT_BUCKETS } from "@folio/platform/fanout";
import { type JobDefinition, type Jobs, job } from "@folio/platform/jobs";
import type { JobState } from "@folio/platform/queue/port";
import type { NetworthContext } from "./context.ts";
import { isoWeek } from "./domain/iso-week.ts";
import { netWorthIn, pairsNeeded } from "./domain/market-value.ts";
import { heldTickers, type PortfolioHoldings } from "./domain/net-worth.ts";
import { networthCalculated } from "./events.ts";
import { PriceBook } from "./prices.ts";
import { baseCurrencyOf, type HeldPortfolio, type NetWorthValue, type NetWorthWeek, weekId } from "./store.ts";

export const RECOMPUTE_QUEUE = "networth.recompute";
export const FANOUT_QUEUE = "networth.fanout";

/**
 * Attempts of a recompute while pricing cannot answer, and the first retry's delay (doubled after): pricing
 * failing 3 times in a row (each bounded by its providers' timeouts, README "Configuration") ends with a total
 * of the last good prices marked stale, or the holding listed as unpriced, well inside the web's 120 s of polling.
 */
export const RECOMPUTE_ATTEMPTS = 3;
export const RECOMPUTE_BACKOFF_MS = 2000;

/** Computations one job may run when changes keep arriving while it works. */
export const MAX_PASSES = 3;
/** Recompute jobs added at once by the fan-out. */
const ADD_BATCH = 200;

/** BullMQ ids may not contain ':'; encoding keeps distinct uids distinct. */
export const recomputeJobId = (uid: string): string => `networth-${encodeURIComponent(uid)}`;
export const fanOutJobId = (eventId: string): string => `networth-fanout-${encodeURIComponent(eventId)}`;

const PENDING: ReadonlySet<JobState> = new Set(["waiting", "delayed", "active"]);
export const isPending = (state: JobState | undefined): boolean => state !== undefined && PENDING.has(state);

/** Set while a user waits for a figure they asked for, so the next result says it was requested. */
export const requestedKey = (uid: string) => `networth-requested:${uid}`;
const REQUESTED_TTL_MS = 10 * 60_000;

export function markRequested(cache: NetworthContext["deps"]["cache"], uid: string): Promise<void> {
  return cache.set(requestedKey(uid), true, REQUESTED_TTL_MS);
}

/** Adds the user's recompute unless one is already waiting, delayed or running. */
export function scheduleRecompute(jobs: Jobs, uid: string, delayMs: number): Promise<string> {
  return jobs.add(
    RECOMPUTE_QUEUE,
    { uid },
    { jobId: recomputeJobId(uid), delayMs, attempts: RECOMPUTE_ATTEMPTS, backoffMs: RECOMPUTE_BACKOFF_MS },
  );
}

export const holdingsOf = (p: HeldPortfolio): PortfolioHoldings => ({ playGround: p.playGround, holdings: p.holdings ?? [] });

export interface RecomputeResult {
  netWorth: number;
  at: string;
  passes: number;
}

export function recomputeJob(ctx: NetworthContext): JobDefinition {
  const { deps, collections: c, prices } = ctx;
  const compute = async (uid: string, final: boolean): Promise<RecomputeResult> => {
    let result: RecomputeResult | undefined;
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      const changes = (await c.users.get(uid))?.changes ?? 0;
      const base = await baseCurrencyOf(c, uid);
      const portfolios = (await c.portfolios.find({ uid })).map(holdingsOf);
      const quotes = await prices.quotes(heldTickers(portfolios), final);
      const rates = await prices.quotes(pairsNeeded(quotes, base), final);
      const figure = netWorthIn(portfolios, quotes, rates, base);
      const used = new Map([...PriceBook.used(quotes), ...PriceBook.used(rates)]);
      const netWorth = figure.netWorth;
      const now = deps.clock.now();
      const at = new Date(now).toISOString();
      const { year, week } = isoWeek(now);
      const value: NetWorthValue = {
        _id: uid,
        netWorth,
        lastUpdated: at,
        computedChanges: changes,
        baseCurrency: figure.baseCurrency,
        stale: figure.stale,
        unpriced: figure.unpriced,
      };
      const snapshot: NetWorthWeek = { _id: weekId(uid, year, week), uid, year, week, networth: netWorth, at };
      // the user asked for this figure (opened net worth): accounts counts that as "check net-worth"
      const requested = (await deps.cache.get<boolean>(requestedKey(uid))) === true;
      await deps.store.commit([
        { op: "upsert", collection: c.values.name, doc: value },
        { op: "upsert", collection: c.weeks.name, doc: snapshot },
        networthCalculated({ uid, netWorth, at, ...(requested ? { requested: true } : {}) }, now),
      ]);
      if (requested) await deps.cache.del(requestedKey(uid));
      result = { netWorth, at, passes: pass };
      const changesNow = (await c.users.get(uid))?.changes ?? 0;
      if (changesNow === changes && !(await prices.changedSince(used))) break;
    }
    return result as RecomputeResult;
  };
  return job(RECOMPUTE_QUEUE, ({ data, attempt }) => compute(data.uid, attempt >= RECOMPUTE_ATTEMPTS), {
    concurrency: ctx.settings.concurrency,
  });
}

export interface FanOutResult {
  ticker: string;
  holders: number;
}

export function fanOutJob(ctx: NetworthContext): JobDefinition {
  const { deps, collections: c, settings } = ctx;
  return job(FANOUT_QUEUE, async (run): Promise<FanOutResult> => {
    const { ticker } = run.data;
    let count = 0;
    for (let bucket = 0; bucket < FANOUT_BUCKETS; bucket++) {
      const page = await c.holders.find({ ticker, bucket });
      for (let i = 0; i < page.length; i += ADD_BATCH) {
        await Promise.all(page.slice(i, i + ADD_BATCH).map((h) => scheduleRecompute(deps.jobs, h.uid, settings.debounceMs)));
      }
      count += page.length;
      if (page.length > 0 || bucket === FANOUT_BUCKETS - 1) await run.updateProgress(Math.round(((bucket + 1) / FANOUT_BUCKETS) * 100));
    }
    return { ticker, holders: count };
  });
}

export const networthJobs = (ctx: NetworthContext): JobDefinition[] => [recomputeJob(ctx), fanOutJob(ctx)];
