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
import type { Quote, QuoteAnswer } from "./domain/market-value.ts";
import { normalizeTicker } from "./domain/net-worth.ts";

const DEFAULT_CURRENCY = "USD";

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

/** What a net-worth computation needs of an instrument besides its price; changes rarely (a split, a listing). */
interface CachedInstrument {
  currency: string;
  splits: { date: string; ratio: number }[];
}

/** A last good price with what converting it needs. */
type LastGood = CachedInstrument & { price: number };

export const instrumentKey = (ticker: string) => `instrument:${ticker}`;
/** The last good price, kept a week: what a computation uses, marked stale, once pricing has failed its retries. */
export const lastGoodKey = (ticker: string) => `lastgood:${ticker}`;
export const INSTRUMENT_TTL_MS = 24 * 60 * 60 * 1000;
export const LAST_GOOD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export class PriceBook {
  private readonly memo = new Map<string, { answer: Quote | null; until: number }>();

  constructor(
    private readonly pricing: PricingQueries,
    private readonly cache: Cache,
    private readonly clock: Clock,
  ) {}

  /** The pricing reply for a ticker; null when no provider knows it; PricingUnavailable when pricing cannot say. */
  quote(ticker: string): Promise<PriceReply | null> {
    return this.pricing.quote(ticker);
  }

  /**
   * Each ticker's quote (price, currency, splits), from the cache, else pricing. While pricing cannot answer
   * this throws PricingUnavailable, so the job is retried; on its `final` attempt it answers instead with the
   * last good price marked stale, or "unavailable" when there is none, so a total always settles.
   */
  async quotes(tickers: string[], final: boolean): Promise<Map<string, QuoteAnswer>> {
    const entries = await Promise.all(tickers.map(async (t) => [t, await this.quoteOne(t, final)] as const));
    return new Map(entries);
  }

  /** The prices a computation used, for changedSince. */
  static used(answers: ReadonlyMap<string, QuoteAnswer>): Map<string, number | null> {
    const used = new Map<string, number | null>();
    for (const [t, a] of answers) if (a !== "unavailable" && !a?.stale) used.set(t, a ? a.price : null);
    return used;
  }

  /**
   * Whether any shared-cache price now differs from what a computation used (a tick arrived meanwhile, or
   * reached this replica's memo late). What it reads replaces the memo's price, so the next pass uses it.
   */
  async changedSince(used: ReadonlyMap<string, number | null>): Promise<boolean> {
    const tickers = [...used.keys()];
    const current = await Promise.all(tickers.map((ticker) => this.cache.get<CachedPrice>(priceKey(ticker))));
    let changed = false;
    tickers.forEach((ticker, i) => {
      const hit = current[i];
      if (!hit) return;
      if (hit.price !== used.get(ticker)) {
        changed = true;
        this.memo.delete(ticker);
      }
    });
    return changed;
  }

  /** Keeps a tick's price unless a later tick's is already there (a redelivered old event). */
  async remember(update: PriceUpdated): Promise<void> {
    const ticker = normalizeTicker(update.ticker);
    const hit = await this.cache.get<CachedPrice>(priceKey(ticker));
    if (hit?.at && hit.at > update.at) return;
    await this.cache.set(priceKey(ticker), { price: update.latestPrice, at: update.at } satisfies CachedPrice, PRICE_TTL_MS);
    // the last good price keeps its currency and splits with it, so it can only be written when they are known
    const facts = await this.cache.get<CachedInstrument>(instrumentKey(ticker));
    if (facts) await this.cache.set(lastGoodKey(ticker), { price: update.latestPrice, ...facts } satisfies LastGood, LAST_GOOD_TTL_MS);
    this.memo.delete(ticker);
  }

  private async quoteOne(ticker: string, final: boolean): Promise<QuoteAnswer> {
    const noted = this.memo.get(ticker);
    if (noted && noted.until > this.clock.now()) return noted.answer;
    const key = priceKey(ticker);
    const [hit, instrument] = await Promise.all([
      this.cache.get<CachedPrice>(key),
      this.cache.get<CachedInstrument>(instrumentKey(ticker)),
    ]);
    if (hit && (hit.price === null || instrument)) {
      return this.note(ticker, hit.price === null ? null : { price: hit.price, ...(instrument as CachedInstrument), stale: false });
    }
    let reply: PriceReply | null;
    try {
      reply = await this.quote(ticker);
    } catch (err) {
      if (!(err instanceof PricingUnavailable) || !final) throw err;
      const good = await this.cache.get<LastGood>(lastGoodKey(ticker));
      return good ? { ...good, stale: true } : "unavailable";
    }
    if (!reply) {
      await this.cache.set(key, { price: null, at: null } satisfies CachedPrice, PRICE_TTL_MS);
      return this.note(ticker, null);
    }
    const facts: CachedInstrument = { currency: reply.currency ?? DEFAULT_CURRENCY, splits: reply.splits ?? [] };
    await this.cache.set(instrumentKey(ticker), facts, INSTRUMENT_TTL_MS);
    if (reply.stale) return { price: reply.latestPrice, ...facts, stale: true };
    await this.cache.set(lastGoodKey(ticker), { price: reply.latestPrice, ...facts } satisfies LastGood, LAST_GOOD_TTL_MS);
    // a tick may have landed while pricing answered: its price is newer than this one
    const landed = await this.cache.get<CachedPrice>(key);
    if (landed && landed.price !== null) return this.note(ticker, { price: landed.price, ...facts, stale: false });
    await this.cache.set(key, { price: reply.latestPrice, at: null } satisfies CachedPrice, PRICE_TTL_MS);
    return this.note(ticker, { price: reply.latestPrice, ...facts, stale: false });
  }

  private note(ticker: string, answer: Quote | null): Quote | null {
    this.memo.set(ticker, { answer, until: this.clock.now() + MEMO_MS });
    return answer;
  }
}
