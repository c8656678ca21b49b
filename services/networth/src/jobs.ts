/**
 * The networth queue job.
 *
 * `networth.recompute` (jobId `networth-<uid>`): sums the market values of the user's counted portfolios as
 * their latest valuations give them (portfolio.valued; domain/net-worth.ts), stores the value and the week's
 * snapshot and publishes networth.calculated, in one commit. Every cause adds the job under the same id (a
 * save, a valuation, a delete after the debounce delay; a base-currency change and the API's force at once),
 * and the queue ignores an id that is still waiting, delayed or running: a burst of changes makes one job. A
 * change that arrives while the job runs is dropped by that same rule, so the job looks again after
 * committing (the user's change counter) and computes once more when something moved, up to MAX_PASSES.
 * The API also recomputes a value older than the user's last change (a crash between a consumer's commit
 * and its enqueue). Nothing here asks for a price: the figures were computed once, by the valuation.
 */

import { type JobDefinition, type Jobs, job } from "@folio/platform/jobs";
import type { JobState } from "@folio/platform/queue/port";
import type { NetworthContext } from "./context.ts";
import { isoWeek } from "./domain/iso-week.ts";
import { netWorthOf, type PortfolioHoldings } from "./domain/net-worth.ts";
import { networthCalculated } from "./events.ts";
import { baseCurrencyOf, type HeldPortfolio, livePortfolios, type NetWorthValue, type NetWorthWeek, weekId } from "./store.ts";

export const RECOMPUTE_QUEUE = "networth.recompute";

/** Computations one job may run when changes keep arriving while it works. */
export const MAX_PASSES = 3;

/** BullMQ ids may not contain ':'; encoding keeps distinct uids distinct. */
export const recomputeJobId = (uid: string): string => `networth-${encodeURIComponent(uid)}`;

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
  return jobs.add(RECOMPUTE_QUEUE, { uid }, { jobId: recomputeJobId(uid), delayMs });
}

export const holdingsOf = (p: HeldPortfolio): PortfolioHoldings => ({
  slug: p._id,
  playGround: p.playGround,
  deleted: p.deleted === true,
  holdings: p.holdings ?? [],
  figures: p.figures ?? null,
});

export interface RecomputeResult {
  netWorth: number;
  at: string;
  passes: number;
}

export function recomputeJob(ctx: NetworthContext): JobDefinition {
  const { deps, collections: c } = ctx;
  const compute = async (uid: string): Promise<RecomputeResult> => {
    let result: RecomputeResult | undefined;
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      const changes = (await c.users.get(uid))?.changes ?? 0;
      const base = await baseCurrencyOf(c, uid);
      const figure = netWorthOf((await livePortfolios(c.portfolios, uid)).map(holdingsOf), base);
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
        rates: figure.rates,
        pending: figure.pending,
      };
      const snapshot: NetWorthWeek = {
        _id: weekId(uid, year, week),
        uid,
        year,
        week,
        networth: netWorth,
        currency: figure.baseCurrency,
        at,
      };
      // the user asked for this figure (opened net worth): the achievements service counts that as "check net-worth"
      const requested = (await deps.cache.get<boolean>(requestedKey(uid))) === true;
      await deps.store.commit([
        { op: "upsert", collection: c.values.name, doc: value },
        { op: "upsert", collection: c.weeks.name, doc: snapshot },
        networthCalculated({ uid, netWorth, at, ...(requested ? { requested: true } : {}) }, now),
      ]);
      if (requested) await deps.cache.del(requestedKey(uid));
      result = { netWorth, at, passes: pass };
      if (((await c.users.get(uid))?.changes ?? 0) === changes) break;
    }
    return result as RecomputeResult;
  };
  return job(RECOMPUTE_QUEUE, ({ data }) => compute(data.uid), { concurrency: ctx.settings.concurrency });
}

export const networthJobs = (ctx: NetworthContext): JobDefinition[] => [recomputeJob(ctx)];
