/**
 * Prices for valuations, asked of the pricing service through its typed client (`@folio/pricing/client`) and
 * kept per ticker in deps.cache for an hour, the pricing service's own refresh period. A ticker that cannot be
 * priced never fails a read: it comes back in `unknown` (pricing does not know it) or `unavailable`
 * (pricing or its providers are down), and its assets show no live figures. No price is ever made up.
 *
 * A price is kept and handed on as the JSON text of pricing's reply, with its currency beside it: the
 * valuation threads parse it (valuation-task.ts), so a valuation's look-ups cost this thread neither a parse
 * nor a copy of every month of every ticker (a 500-ticker portfolio holds megabytes of them).
 */
import type { Cache } from "@folio/platform/cache/port";
import { ServiceUnavailableError } from "@folio/platform/internal";
import type { Logger } from "@folio/platform/log";
import { SingleFlight } from "@folio/platform/memo";
import type { CloseReply, PriceReply, PricingQueries } from "@folio/pricing/client";
import type { UnpricedHolding } from "@folio/proto/portfolio";

export const PRICE_TTL_MS = 60 * 60 * 1000;
/** A last good value pricing serves during an outage is real, but asked again soon. */
export const STALE_PRICE_TTL_MS = 5 * 60 * 1000;
/** Pricing's "unknown ticker" is remembered a while, so a typo in a portfolio does not reach the providers on every read. */
export const UNKNOWN_TICKER_TTL_MS = 10 * 60 * 1000;

/**
 * How long a read or a save waits for prices. Pricing may be slow (its providers time out after seconds
 * and retry); a portfolio screen or an autosave must not wait for that. A price that arrives later is
 * still cached, so the next valuation has it.
 */
export const PRICE_WAIT_MS = 2000;

export const priceCacheKey = (ticker: string) => `price:${ticker}`;

/** A price as kept: pricing's reply as JSON text, and its currency (what the exchange rates it needs depend on). */
export interface RawPrice {
  json: string;
  currency: string | null;
}

/** As cached: a price, or pricing's "unknown ticker" (remembered a while). */
type CachedLookup = { raw: RawPrice } | { unknown: true };

export interface PriceLookup {
  /** by ticker as asked (upper case) */
  prices: Map<string, RawPrice>;
  /** pricing answered that it does not know these */
  unknown: string[];
  /** pricing could not be reached or could not price these now */
  unavailable: string[];
}

/** The tickers pricing could not price, with why, by ticker. */
export const unpricedOf = (lookup: PriceLookup): UnpricedHolding[] =>
  [
    ...lookup.unknown.map((ticker): UnpricedHolding => ({ ticker, reason: "unknown-ticker" })),
    ...lookup.unavailable.map((ticker): UnpricedHolding => ({ ticker, reason: "unavailable" })),
  ].sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));

export class Prices {
  /** concurrent asks for one ticker share one call */
  private readonly asking = new SingleFlight<string, CachedLookup | null>();

  constructor(
    private readonly pricing: PricingQueries,
    private readonly cache: Cache,
    private readonly log: Logger,
  ) {}

  /**
   * Every ticker asked at once; each answer is a price, unknown or unavailable. With `waitMs`, a ticker
   * not answered by then counts as unavailable (its look-up goes on and caches what it gets).
   */
  async lookup(tickers: Iterable<string>, waitMs?: number): Promise<PriceLookup> {
    const unique = [...new Set([...tickers].map((t) => t.toUpperCase()))];
    const answers = await withDeadline(
      unique.map((t) => this.one(t)),
      waitMs,
    );
    const result: PriceLookup = { prices: new Map(), unknown: [], unavailable: [] };
    unique.forEach((ticker, i) => {
      const answer = answers[i];
      if (answer === null) result.unavailable.push(ticker);
      else if ("unknown" in answer) result.unknown.push(ticker);
      else result.prices.set(ticker, answer.raw);
    });
    return result;
  }

  /**
   * The as-traded close on or before `date` (docs/product-decisions.md "The as-traded close"); null when pricing knows no such
   * ticker or no close that early; ServiceUnavailableError during an outage. Not cached here: pricing keeps it.
   */
  close(ticker: string, date: string): Promise<CloseReply | null> {
    return this.pricing.close(ticker.toUpperCase(), date);
  }

  /** Drops the cached price of a ticker (its price changed), so the next valuation asks pricing again. */
  async forget(ticker: string): Promise<void> {
    await this.cache.del(priceCacheKey(ticker.toUpperCase()));
  }

  private async one(ticker: string): Promise<CachedLookup | null> {
    const hit = decode(await this.cache.getText(priceCacheKey(ticker)));
    return hit ?? this.asking.run(ticker, () => this.fetch(ticker));
  }

  /** null: not priceable now (outage); never cached, so the next read tries again. */
  private async fetch(ticker: string): Promise<CachedLookup | null> {
    let price: PriceReply | null;
    try {
      price = await this.pricing.quote(ticker);
    } catch (err) {
      if (!(err instanceof ServiceUnavailableError)) throw err;
      // one line per ticker per read during an outage: pricing itself says once, at warn, that it is offline
      this.log.debug({ ticker, err: err.message }, "pricing could not price a ticker; the asset is shown without live figures");
      return null;
    }
    const answer: CachedLookup = price ? { raw: { json: JSON.stringify(price), currency: price.currency ?? null } } : { unknown: true };
    const ttl = !price ? UNKNOWN_TICKER_TTL_MS : price.stale ? STALE_PRICE_TTL_MS : PRICE_TTL_MS;
    await this.cache.setText(priceCacheKey(ticker), encode(answer), ttl);
    return answer;
  }
}

/**
 * The cached text: `?` for an unknown ticker, else the currency, a line break and the price's JSON (no JSON
 * around it: the text is kept and handed on as it is).
 */
function encode(answer: CachedLookup): string {
  return "unknown" in answer ? "?" : `${answer.raw.currency ?? ""}\n${answer.raw.json}`;
}

function decode(text: string | null): CachedLookup | null {
  if (text === null) return null;
  if (text === "?") return { unknown: true };
  const nl = text.indexOf("\n");
  if (nl < 0) return null;
  return { raw: { currency: text.slice(0, nl) || null, json: text.slice(nl + 1) } };
}

/** The settled answers, null for those still pending after `waitMs` (no deadline without it). */
async function withDeadline<T>(pending: Promise<T | null>[], waitMs: number | undefined): Promise<(T | null)[]> {
  if (waitMs === undefined || pending.length === 0) return Promise.all(pending);
  const answers: (T | null)[] = pending.map(() => null);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((done) => {
    timer = setTimeout(done, waitMs);
  });
  await Promise.race([Promise.all(pending.map(async (p, i) => (answers[i] = await p))), deadline]);
  clearTimeout(timer);
  return answers;
}
