/**
 * Prices as the networth service reads them: the pricing service's quote (its typed client,
 * `@folio/pricing/client`), with each latest price kept in the shared cache for an hour (pricing's own refresh
 * interval). A price.updated event writes its price there first, so the thousands of recomputes one tick
 * fans out to read the tick's price without asking pricing thousands of times.
 *
 * Each instance also remembers what it read for a second (MEMO_MS), which spares the shared cache most
 * reads during a fan-out's burst of recomputes. A tick handled by another replica may thus reach this one
 * up to a second late; the recompute job's closing check (`changedSince`) reads the shared cache itself
 * and computes again when it did.
 */
import type { Cache } from "@folio/platform/cache/port";
import type { Clock } from "@folio/platform/clock";
import { type PriceReply, type PricingQueries, PricingUnavailable } from "@folio/pricing/client";
import type { PriceUpdated } from "@folio/proto/pricing";
import { normalizeTicker } from "./domain/net-worth.ts";

export const PRICE_TTL_MS = 60 * 60 * 1000;
export const MEMO_MS = 1000;

export const priceKey = (ticker: string) => `price:${ticker}`;

interface CachedPrice {
  /** null: no provider knows the ticker (kept too, so an unknown ticker does not cost a call per recompute) */
  price: number | null;
  /** the market time of a price.updated; null for a price read from pricing */
  at: string | null;
}

/** Pricing did not answer usefully (down, 5xx): a recompute fails and is retried rather than publishing a wrong sum. */
export { PricingUnavailable };

export class PriceBook {
  private readonly memo = new Map<string, { price: number | null; until: number }>();

  constructor(
    private readonly pricing: PricingQueries,
    private readonly cache: Cache,
    private readonly clock: Clock,
  ) {}

  /** The pricing reply for a ticker; null when no provider knows it; PricingUnavailable when pricing cannot say. */
  quote(ticker: string): Promise<PriceReply | null> {
    return this.pricing.quote(ticker);
  }

  /** Latest price per ticker (null: unknown ticker), from the cache, else pricing. */
  async latest(tickers: string[]): Promise<Map<string, number | null>> {
    const entries = await Promise.all(tickers.map(async (t) => [t, await this.latestOne(t)] as const));
    return new Map(entries);
  }

  /**
   * Whether any shared-cache price now differs from what a computation used (a tick arrived meanwhile, or
   * reached this replica's memo late). What it reads replaces the memo, so the next pass uses it.
   */
  async changedSince(used: ReadonlyMap<string, number | null>): Promise<boolean> {
    const tickers = [...used.keys()];
    const current = await Promise.all(tickers.map((ticker) => this.cache.get<CachedPrice>(priceKey(ticker))));
    let changed = false;
    tickers.forEach((ticker, i) => {
      const hit = current[i];
      if (!hit) return;
      this.note(ticker, hit.price);
      if (hit.price !== used.get(ticker)) changed = true;
    });
    return changed;
  }

  /** Keeps a tick's price unless a later tick's is already there (a redelivered old event). */
  async remember(update: PriceUpdated): Promise<void> {
    const ticker = normalizeTicker(update.ticker);
    const hit = await this.cache.get<CachedPrice>(priceKey(ticker));
    if (hit?.at && hit.at > update.at) return;
    await this.cache.set(priceKey(ticker), { price: update.latestPrice, at: update.at } satisfies CachedPrice, PRICE_TTL_MS);
    this.note(ticker, update.latestPrice);
  }

  private async latestOne(ticker: string): Promise<number | null> {
    const noted = this.memo.get(ticker);
    if (noted && noted.until > this.clock.now()) return noted.price;
    const key = priceKey(ticker);
    const hit = await this.cache.get<CachedPrice>(key);
    if (hit) return this.note(ticker, hit.price);
    const reply = await this.quote(ticker);
    const price = reply?.latestPrice ?? null;
    // a tick may have landed while pricing answered: its price is newer than this one
    const landed = await this.cache.get<CachedPrice>(key);
    if (landed) return this.note(ticker, landed.price);
    await this.cache.set(key, { price, at: null } satisfies CachedPrice, PRICE_TTL_MS);
    return this.note(ticker, price);
  }

  private note(ticker: string, price: number | null): number | null {
    this.memo.set(ticker, { price, until: this.clock.now() + MEMO_MS });
    return price;
  }
}
