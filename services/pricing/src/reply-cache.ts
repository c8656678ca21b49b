/**
 * GET /v1/get/{ticker} replies kept in this process, already serialised (and gzipped the first time a client
 * accepts gzip), in front of deps.cache: without them every request parses the ticker's whole monthly
 * history out of the cache and serialises it again, some 9 KB for 25 years of months.
 *
 * An entry lives LOCAL_TTL_MS at most, and every change this process makes to a ticker's market data in
 * deps.cache (the hourly refresh, a cached=false look-up, an expired quote fetched again, a stale value
 * during an outage) drops it at once. A change made by another replica shows within LOCAL_TTL_MS, well
 * inside the 60 s any HTTP cache may keep a price anyway. Not price.updated: in the cluster one replica of
 * the consumer group gets each event, so it could not reach the others.
 */
import { createHash } from "node:crypto";
import type { Clock } from "@folio/platform/clock";
import { EncodedJson } from "@folio/platform/http/encoded-reply";
import { LocalCache } from "@folio/platform/memo";

export const LOCAL_TTL_MS = 5000;
/** a few hundred held tickers at ~12 KB each (body and gzipped body) */
export const LOCAL_ENTRIES = 500;
/** and never more than this in bytes, however long the tickers' histories */
export const LOCAL_BYTES = 8 * 1024 * 1024;
/** Prices are the same for everyone: any cache may keep one for a minute. */
export const PRICE_CACHE_CONTROL = "public, max-age=60";

export interface ServedPrice {
  body: EncodedJson;
  /** cache-control, a weak ETag of the JSON (the bytes differ when gzipped) and vary */
  headers: Record<string, string>;
}

/** The ETag of a reply: a digest of its JSON, so it changes exactly when the content does (stale flag included). */
export function priceEtag(json: string): string {
  return `W/"${createHash("sha1").update(json).digest("base64url")}"`;
}

export class PriceReplyCache {
  private readonly local: LocalCache<string, ServedPrice>;
  private readonly building = new Map<string, Promise<ServedPrice>>();
  /**
   * Bumped by every drop: a reply built across a drop is served but not kept, as it may rest on data read
   * before the change. That includes the first build of a ticker missing from deps.cache, whose own look-up
   * writes it: the next request, reading the cache now filled, builds the reply that is kept.
   */
  private generation = 0;

  constructor(clock: Clock) {
    this.local = new LocalCache<string, ServedPrice>({
      max: LOCAL_ENTRIES,
      ttlMs: LOCAL_TTL_MS,
      clock,
      maxBytes: LOCAL_BYTES,
      sizeOf: (served) => served.body.bytes,
    });
  }

  /**
   * The ticker's reply, from this process while fresh, else from `build` (its JSON, read through
   * deps.cache), which concurrent requests for the ticker share. A failed build keeps nothing.
   */
  get(ticker: string, build: () => Promise<string>): Promise<ServedPrice> {
    const mine = this.local.get(ticker);
    if (mine) return Promise.resolve(mine);
    const running = this.building.get(ticker);
    if (running) return running;
    const generation = this.generation;
    const started = build()
      .then((json) => {
        const served: ServedPrice = {
          body: new EncodedJson(json),
          headers: { "cache-control": PRICE_CACHE_CONTROL, etag: priceEtag(json), vary: "Accept-Encoding" },
        };
        if (generation === this.generation) this.remember(ticker, served);
        return served;
      })
      .finally(() => {
        if (this.building.get(ticker) === started) this.building.delete(ticker);
      });
    this.building.set(ticker, started);
    return started;
  }

  /** The ticker's market data changed: the next request builds its reply afresh. */
  drop(ticker: string): void {
    this.generation++;
    this.local.delete(ticker);
    this.building.delete(ticker);
  }

  /** what the kept replies hold (bodies and their gzipped copies), bounded by LOCAL_BYTES */
  get bytes(): number {
    return this.local.bytes;
  }

  private remember(ticker: string, served: ServedPrice): void {
    // the gzipped copy, made by the first client that accepts gzip, counts too
    served.body.onGrow = () => {
      if (this.local.stale(ticker) === served) this.local.resize(ticker);
    };
    this.local.set(ticker, served);
  }
}
