/**
 * Valued portfolios: prices from the pricing service (prices.ts), figures from the pure engine run as a
 * task (valuation-task.ts) on the valuation threads, and the valued reply kept per portfolio (reply-cache.ts)
 * so reads neither ask pricing nor run the engine.
 *
 * This thread only looks the prices up (as text) and hands them on: the engine's work, the reply's JSON and the
 * stored figures are made on a thread of the pool (VALUATION_THREADS, default 1; at most VALUATION_QUEUE
 * requests' valuations wait, more are a 503 with Retry-After; revaluation jobs always wait), so a 500-asset
 * portfolio dated 1970 costs this event loop what a small one does. Under the sources (the service tests) the
 * same task runs in place.
 *
 * The cached copy records the revision it was valued at and when (`valuedAt`). It is replaced by every
 * save and by revaluation after price.updated, and dropped by renames, settings changes and deletes, so a
 * reader normally gets a current copy. A copy can still be older than the portfolio's latest data when a
 * valuation that started before a save or a price change finished after it; the reply then says
 * has_updates (reply-cache.ts hasUpdates) and the client reloads from the uncached path, which values afresh.
 */
import { readEnv } from "@folio/platform/env";
import { SingleFlight } from "@folio/platform/memo";
import type { ServiceDeps } from "@folio/platform/service";
import { InPlace, type TaskRunner, WorkerPool } from "@folio/platform/worker-pool";
import { DEFAULT_TOTAL_VALUE, type PortfolioInput } from "@folio/proto/portfolio";
import type { PriceReply } from "@folio/proto/pricing";
import { PortfolioEnvironment } from "./config.ts";
import type { InitialPercentZero } from "./domain/valuation/types.ts";
import { fxPairsFor, valuationTickers } from "./domain/valued-portfolio.ts";
import type { OwnerSettings } from "./owners.ts";
import type { Prices } from "./prices.ts";
import { PRICE_WAIT_MS, type PriceLookup, unpricedOf } from "./prices.ts";
import { OUTAGE_REPLY_TTL_MS, REPLY_TTL_MS, ReplyCache, type ServedCopy } from "./reply-cache.ts";
import { type PortfolioDoc, revOf, type ValueSnapshot } from "./store.ts";
import {
  type InitialPercentsResult,
  type PortfolioTask,
  type RawPrices,
  runPortfolioTask,
  type ValuationResult,
} from "./valuation-task.ts";

/** A valuation as the service holds it: the task's result, and what the prices' look-up said. */
export interface Valued extends ValuationResult {
  /** the owner's base currency, which every amount is in */
  baseCurrency: string;
  /** the exchange-rate pairs the valuation needed (`EURUSD=X`), asked of pricing like tickers */
  fxPairs: string[];
  /** tickers (and pairs) pricing could not price now: an outage */
  unavailable: string[];
  /** every held ticker and needed rate was answered (priced, or unknown to pricing): no outage left a gap */
  complete: boolean;
}

/** A valuation runs longer than this only when something is wrong: its thread is ended and the read fails. */
const VALUATION_TIMEOUT_MS = 60_000;
const VALUATION_HEAP_MB = 512;
/** the threads' nursery: a valuation's short-lived objects (the default, 16 MB semi-spaces, held ~25 MB more per thread) */
const VALUATION_YOUNG_MB = 8;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type PortfolioTasks = TaskRunner<PortfolioTask, ValuationResult | InitialPercentsResult>;

/**
 * The valuation threads of the built app (dist/server/portfolio-valuation-worker.js beside the bundle), or the
 * task in place under the sources, where no worker file is built.
 */
export function portfolioTasks(env: NodeJS.ProcessEnv): PortfolioTasks {
  if (import.meta.url.endsWith(".ts")) return new InPlace(runPortfolioTask);
  const settings = readEnv(PortfolioEnvironment, env);
  return new WorkerPool({
    name: "valuation",
    start: new URL("./portfolio-valuation-worker.js", import.meta.url),
    threads: settings.VALUATION_THREADS,
    maxQueued: settings.VALUATION_QUEUE,
    timeoutMs: VALUATION_TIMEOUT_MS,
    heapMb: VALUATION_HEAP_MB,
    youngMb: VALUATION_YOUNG_MB,
  });
}

export class PortfolioValuer {
  /** concurrent cache misses for one revision share one valuation */
  private readonly valuing = new SingleFlight<string, ServedCopy>();
  private readonly replies: ReplyCache;

  constructor(
    private readonly deps: ServiceDeps,
    readonly pricing: Prices,
    private readonly owners: OwnerSettings,
    private readonly tasks: PortfolioTasks = portfolioTasks(deps.config.env),
  ) {
    this.replies = new ReplyCache(deps.cache, deps.clock);
  }

  /**
   * Values a stored portfolio now. A ticker without a price never fails it: it is listed as unpriced.
   * `waitMs` bounds the wait for prices (reads and saves); background work passes null: it waits for
   * pricing, and for a valuation thread however long their queue (an explicit `undefined` would take the
   * default). `party` is whom the valuation is for (the owner; a visitor's address for a playground draft):
   * the valuation threads are shared between parties by the assets valued (worker-pool.ts), so one user's
   * flood of large valuations does not hold another's small one.
   */
  async value(stored: PortfolioDoc, waitMs: number | null = PRICE_WAIT_MS, party: string = stored.owner): Promise<Valued> {
    const valuedAt = this.deps.clock.now();
    const baseCurrency = await this.owners.baseCurrencyOf(stored.owner);
    const { lookup, fxPairs } = await this.pricesWithRates(valuationTickers(stored), baseCurrency, waitMs ?? undefined);
    // the benchmark is not an asset: when it alone has no price, the chart has no index line and that is all
    const held = new Set(stored.assets.map((a) => a.ticker.toUpperCase()));
    const unpriced = unpricedOf(lookup).filter((u) => held.has(u.ticker));
    const needed = new Set([...held, ...fxPairs]);
    const complete = !lookup.unavailable.some((t) => needed.has(t));
    const task: PortfolioTask = { kind: "value", doc: stored, prices: rawPrices(lookup), unpriced, baseCurrency, valuedAt, complete };
    // a valuation's work grows with its assets: the pool shares the threads between parties by it
    const result = (await this.tasks.run(task, { background: waitMs === null, party, cost: stored.assets.length })) as ValuationResult;
    return { ...result, baseCurrency, fxPairs, unavailable: lookup.unavailable, complete };
  }

  /** The owner's base currency (owners.ts): the currency their portfolios are valued in. */
  baseCurrencyOf(owner: string): Promise<string> {
    return this.owners.baseCurrencyOf(owner);
  }

  /**
   * The tickers' prices, then the exchange rates their currencies need (`<CUR><BASE>=X`), in one look-up
   * result. A pair pricing cannot give is a gap of the valuation (docs/numbers.md "Currencies"), never a 1:1 rate.
   */
  private async pricesWithRates(
    tickers: string[],
    baseCurrency: string,
    waitMs: number | undefined,
  ): Promise<{ lookup: PriceLookup; fxPairs: string[] }> {
    const lookup = await this.pricing.lookup(tickers, waitMs);
    // the pairs depend on the prices' currencies alone
    const currencies = [...lookup.prices.values()].map((p) => ({ currency: p.currency ?? undefined }) as PriceReply);
    const fxPairs = fxPairsFor(currencies, baseCurrency);
    if (fxPairs.length === 0) return { lookup, fxPairs };
    const rates = await this.pricing.lookup(fxPairs, waitMs);
    for (const [pair, price] of rates.prices) lookup.prices.set(pair, price);
    lookup.unknown.push(...rates.unknown);
    lookup.unavailable.push(...rates.unavailable);
    return { lookup, fxPairs };
  }

  /**
   * The copy of a portfolio to serve, or a fresh one valued and cached when there is none (or, with `current`,
   * when the one kept is older than the portfolio's latest data). `snapshot` is the portfolio's value snapshot,
   * read by the caller for has_updates; `valued` is told of a fresh valuation (the figures record keeps it,
   * figures.ts), before it is cached.
   */
  async served(
    doc: PortfolioDoc,
    snapshot: ValueSnapshot | null,
    valued?: (v: Valued) => Promise<unknown>,
    options: { current?: boolean } = {},
  ): Promise<ServedCopy> {
    const hit = await this.replies.get(doc.slug, revOf(doc), snapshot);
    if (hit && !(options.current && hit.outdated(revOf(doc), snapshot))) return hit;
    return this.valuing.run(`${doc.slug}\n${revOf(doc)}`, async () => {
      const fresh = await this.value(doc);
      await valued?.(fresh);
      return this.keep(doc.slug, fresh);
    });
  }

  /** Caches a valuation as the portfolio's copy and returns it. */
  async keep(slug: string, valued: Valued): Promise<ServedCopy> {
    const copy = { rev: valued.rev, valuedAt: valued.valuedAt, data: valued.data, valuation: valued.valuation };
    return this.replies.put(slug, copy, valued.unavailable.length > 0 ? OUTAGE_REPLY_TTL_MS : REPLY_TTL_MS);
  }

  /** A visitor's view of a public portfolio still fresh in this process (reply-cache.ts). */
  visitorView(slug: string) {
    return this.replies.visitorView(slug);
  }

  async forget(slug: string): Promise<void> {
    await this.replies.drop(slug);
  }

  /**
   * Initial percents on save (PortfolioInput.applyInitialPercents): each asset with an initialPercent p gets
   * quantity round(T × p / 100 / price at its DoA), T the input's totalValue, else the stored one, else
   * 10000. Without the flag, or without initial percents, the input is returned as it is.
   */
  async withInitialPercents(
    input: PortfolioInput,
    storedTotal: number | undefined,
    owner: string,
    party: string = owner,
  ): Promise<{ input: PortfolioInput; skipped: string[]; zero: InitialPercentZero[] }> {
    const wanted = input.assets.some((a) => typeof a.initialPercent === "number");
    if (!input.applyInitialPercents || !wanted) return { input, skipped: [], zero: [] };
    const totalValue = input.totalValue ?? storedTotal ?? DEFAULT_TOTAL_VALUE;
    const baseCurrency = await this.owners.baseCurrencyOf(owner);
    const { lookup } = await this.pricesWithRates(
      input.assets.filter((a) => typeof a.initialPercent === "number").map((a) => a.ticker),
      baseCurrency,
      PRICE_WAIT_MS,
    );
    const { quantities, skipped, zero } = (await this.tasks.run(
      {
        kind: "initial-percents",
        assets: input.assets,
        totalValue,
        prices: rawPrices(lookup),
        baseCurrency,
        today: isoDay(this.deps.clock.now()),
      },
      { party, cost: input.assets.length },
    )) as InitialPercentsResult;
    return { input: { ...input, assets: input.assets.map((a, i) => ({ ...a, quantity: quantities[i] })) }, skipped, zero };
  }

  async close(): Promise<void> {
    await this.tasks.close();
  }
}

const rawPrices = (lookup: PriceLookup): RawPrices => Object.fromEntries([...lookup.prices].map(([ticker, p]) => [ticker, p.json]));
