/**
 * The portfolio service's queue jobs:
 * - `portfolio.fanout` (one per price.updated): a `portfolio.revalue` job per portfolio holding the ticker;
 * - `portfolio.revalue` (jobId per slug): values one portfolio and records its figures (revaluation.ts);
 * - `portfolio.seed` (added at each start): the visitors' sample portfolios (seed.ts).
 */
import { type JobDefinition, job } from "@folio/platform/jobs";
import type { PortfolioContext } from "./context.ts";
import { FANOUT_QUEUE, fanOutRevaluations, REVALUE_CONCURRENCY, REVALUE_QUEUE, revaluePortfolio } from "./revaluation.ts";
import { runSeeding, SEED_QUEUE } from "./seed.ts";

export function portfolioJobs(ctx: PortfolioContext): JobDefinition[] {
  return [
    job(FANOUT_QUEUE, (run) => fanOutRevaluations(ctx, run)),
    job(REVALUE_QUEUE, ({ data }) => revaluePortfolio(ctx, data.slug), { concurrency: REVALUE_CONCURRENCY }),
    job(SEED_QUEUE, () => runSeeding(ctx)),
  ];
}
