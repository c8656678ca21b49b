/**
 * Revaluation after a price change, as a fan-out of small jobs (the same shape as net worth's):
 *
 * - the price.updated consumer drops the ticker's cached price and adds one `portfolio.fanout` job per event
 *   (jobId from the event id, so a redelivery adds nothing), then marks the event handled;
 * - the fan-out (platform fanOut) pages through the ticker's holders one bucket at a time (store.ts holdings) and adds a
 *   `portfolio.revalue` job per portfolio (jobId per slug: a burst of ticks makes one job while it waits);
 * - a revaluation values one portfolio and records its figures (figures.ts: with portfolio.valued, only when
 *   newer and no worse), then replaces its cached reply. A portfolio with an asset whose price cannot be had
 *   right now keeps its stored figures (figures missing an asset would be wrong, not merely old) unless those
 *   are unusable (of another base currency, or an older release's), and its next read values it afresh.
 *
 * Every portfolio is its own job, retried on its own, and no commit holds more than one portfolio. The
 * consumer and the jobs are registered in consumers.ts and jobs.ts.
 */
import type { Event } from "@folio/platform/events";
import { fanOut } from "@folio/platform/fanout";
import { handleOnce } from "@folio/platform/inbox";
import type { JobData } from "@folio/platform/jobs";
import type { JobContext } from "@folio/platform/queue/port";
import type { ServiceDeps } from "@folio/platform/service";
import type { PortfolioContext } from "./context.ts";
import { FIGURES_VERSION, findBySlug, holdings, portfolios, revOf, slugsHolding, valueSnapshots } from "./store.ts";

export const REVALUATION_CONSUMER = "portfolio.revaluation";
export const FANOUT_QUEUE = "portfolio.fanout";
export const REVALUE_QUEUE = "portfolio.revalue";
/** Revaluations run at once per worker: each waits on pricing more than on this process. */
export const REVALUE_CONCURRENCY = 8;

/** BullMQ ids may not contain ':'; encoding keeps distinct keys distinct. */
export const fanOutJobId = (eventId: string) => `portfolio-fanout-${encodeURIComponent(eventId)}`;
export const revalueJobId = (slug: string) => `portfolio-revalue-${encodeURIComponent(slug)}`;

export interface RevaluationResult {
  slug: string;
  /** false when the portfolio is gone or one of its prices cannot be had now */
  revalued: boolean;
}

/** price.updated: drops the ticker's cached price and adds one fan-out per event, then marks it handled. */
export async function onPriceUpdated(ctx: PortfolioContext, event: Event<"price.updated">): Promise<void> {
  const { deps, valuer } = ctx;
  if (await deps.store.handled(REVALUATION_CONSUMER, event.id)) return;
  // the price cached for valuations is the one that just changed
  await valuer.pricing.forget(event.payload.ticker);
  await deps.jobs.add(FANOUT_QUEUE, { ticker: event.payload.ticker }, { jobId: fanOutJobId(event.id) });
  await handleOnce(deps.store, REVALUATION_CONSUMER, event, async () => []);
}

/** `portfolio.fanout`: a `portfolio.revalue` job per portfolio holding the ticker, one bucket at a time. */
export async function fanOutRevaluations(
  ctx: PortfolioContext,
  run: JobContext<JobData<typeof FANOUT_QUEUE>>,
): Promise<{ ticker: string; portfolios: number }> {
  const { deps } = ctx;
  const held = holdings(deps.store);
  const count = await fanOut({
    page: (bucket) => slugsHolding(held, run.data.ticker, bucket),
    each: (slugs) => Promise.all(slugs.map((slug) => deps.jobs.add(REVALUE_QUEUE, { slug }, { jobId: revalueJobId(slug) }))),
    progress: (percent) => run.updateProgress(percent),
  });
  return { ticker: run.data.ticker, portfolios: count };
}

/** `portfolio.revalue`: values one portfolio and records its figures (see the top of this file). */
export async function revaluePortfolio(ctx: PortfolioContext, slug: string): Promise<RevaluationResult> {
  const { deps, valuer, figures } = ctx;
  const collection = portfolios(deps.store);
  const doc = await findBySlug(collection, slug);
  if (!doc) return { slug, revalued: false };
  // background work: it may wait for pricing as long as pricing takes
  const valued = await valuer.value(doc, null);
  const recorded = await figures.record(doc, valued);
  if (!valued.complete && !recorded) {
    await valuer.forget(slug);
    deps.log.warn({ slug, unavailable: valued.unavailable }, "portfolio left unrevalued: some of its prices are unavailable");
    return { slug, revalued: false };
  }
  // a save meanwhile wrote figures of a newer revision in its own commit, and its reply: those stand
  const now = await findBySlug(collection, slug);
  if (!now || revOf(now) !== revOf(doc)) return { slug, revalued: false };
  // after the commit: a reader must never get figures newer than what is stored
  await valuer.keep(slug, valued);
  return { slug, revalued: true };
}

/** Which release's figures every stored portfolio has (one document): what `refreshOldFigures` last brought them to. */
const MIGRATIONS = "portfolio_migrations";
interface MigrationDoc {
  _id: string;
  _v?: number;
  version: number;
}

/**
 * At start, once per release that changes what figures hold (FIGURES_VERSION): a revaluation of every
 * portfolio whose stored figures are missing or an older release's, so every screen has figures of this
 * release's definitions without waiting for a price to move. Returns how many were queued (0 when done before).
 */
export async function refreshOldFigures(deps: ServiceDeps): Promise<number> {
  const marks = deps.store.collection<MigrationDoc>(MIGRATIONS);
  const mark = await marks.get("figures");
  if (mark && mark.version >= FIGURES_VERSION) return 0;
  const docs = await portfolios(deps.store).find({});
  const stored = new Map((await valueSnapshots(deps.store).find({})).map((s) => [s._id, s]));
  let queued = 0;
  for (const doc of docs) {
    const s = stored.get(doc.slug);
    if (s && s.version === FIGURES_VERSION && s.rev === revOf(doc)) continue;
    await deps.jobs.add(REVALUE_QUEUE, { slug: doc.slug }, { jobId: revalueJobId(doc.slug) });
    queued++;
  }
  const done: MigrationDoc = { _id: "figures", version: FIGURES_VERSION };
  await deps.store.commit([{ op: "upsert", collection: MIGRATIONS, doc: done }]);
  if (queued > 0) deps.log.info({ portfolios: queued }, "portfolios with figures of an older release are being valued again");
  return queued;
}
