/**
 * The hourly price refresh: a repeatable job that quotes every ticker some portfolio holds (one batch per
 * provider) and announces each changed price with price.updated, written in one commit with the prices it
 * announces, so a crash can neither lose an announcement nor repeat one the next hour.
 */
import { type JobDefinition, job } from "@folio/platform/jobs";
import type { ServiceDeps } from "@folio/platform/service";
import type { WriteOp } from "@folio/platform/store/port";
import type { PricingContext } from "./context.ts";
import { normalizeTicker } from "./domain/series.ts";
import { priceUpdated } from "./events.ts";
import { type AnnouncedPrice, announcedPrices, trackedTickers } from "./store.ts";

export const REFRESH_QUEUE = "pricing.refresh";
export const REFRESH_EVERY_MS = 3_600_000;
export const REFRESH_KEY = "pricing.refresh";

export interface RefreshResult {
  tickers: number;
  changed: number;
  failed: number;
  unknown: number;
}

/** The tickers some portfolio holds, upper case, each once. */
export async function heldTickers(deps: ServiceDeps): Promise<string[]> {
  const docs = await trackedTickers(deps.store).find();
  return [...new Set(docs.flatMap((d) => d.tickers.map(normalizeTicker)))].sort();
}

export function refreshJob({ deps, marketData }: PricingContext): JobDefinition {
  const announced = announcedPrices(deps.store);
  return job(REFRESH_QUEUE, async (run): Promise<RefreshResult> => {
    const tickers = await heldTickers(deps);
    if (tickers.length === 0) return { tickers: 0, changed: 0, failed: 0, unknown: 0 };
    const { quotes, failed } = await marketData.refresh(tickers);
    await run.updateProgress(50);
    // every provider down: fail so the queue retries with backoff, rather than report an empty success
    if (quotes.size === 0 && failed.size > 0) throw new Error(`price refresh failed for all ${failed.size} quotable tickers`);
    const previous = new Map((await announced.find({ _id: { $in: [...quotes.keys()] } })).map((p) => [p._id, p]));
    const now = deps.clock.now();
    const ops: WriteOp[] = [];
    for (const [ticker, quote] of quotes) {
      const before = previous.get(ticker);
      if (before && before.price === quote.price) continue;
      const doc: AnnouncedPrice = { _id: ticker, price: quote.price, at: quote.at };
      ops.push({ op: "upsert", collection: announced.name, doc });
      ops.push(priceUpdated({ ticker, latestPrice: quote.price, previousPrice: before?.price ?? null, at: quote.at }, now));
    }
    if (ops.length > 0) await deps.store.commit(ops);
    await run.updateProgress(100);
    const result = {
      tickers: tickers.length,
      changed: ops.length / 2,
      failed: failed.size,
      unknown: tickers.length - quotes.size - failed.size,
    };
    if (result.failed > 0 || result.unknown > 0) deps.log.warn(result, "price refresh left some tickers without a price");
    return result;
  });
}

export const pricingJobs = (ctx: PricingContext): JobDefinition[] => [refreshJob(ctx)];
