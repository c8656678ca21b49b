/**
 * Valued replies kept for the cachable read, in two layers:
 *
 * - deps.cache (Redis in the cluster, shared by the replicas), one copy per portfolio, which records the
 *   revision it was valued at and when. Replaced by saves and revaluations, dropped by other changes.
 * - a small in-process layer in front of it holding the copy's reply bodies already encoded, so a read
 *   neither parses the copy nor serialises the reply. It is trusted only while the copy is current
 *   (same revision, not older than the portfolio's last revaluation: what the caller reads from the store
 *   on every request anyway) and for a few seconds at most, so a copy another replica replaced is picked
 *   up from the shared layer within that time.
 *
 * Visitors (no identity) of a public portfolio are served from the in-process layer without reading the
 * store at all while it is fresh: what a visitor may see is already public for 60 s in any HTTP cache
 * (caching.ts), and every change made through this process drops the entry at once, so only a change made
 * by another replica can take up to LOCAL_TTL_MS to show, well inside those 60 s.
 */
import type { Cache } from "@folio/platform/cache/port";
import type { Clock } from "@folio/platform/clock";
import { EncodedJson } from "@folio/platform/http/encoded-reply";
import type { ValueSnapshot } from "./store.ts";

/** As long as a price is cached: a copy older than that was valued with prices since refreshed. */
export const REPLY_TTL_MS = 60 * 60 * 1000;
/** A copy valued while pricing was down lacks figures it will have once pricing is back: kept briefly. */
export const OUTAGE_REPLY_TTL_MS = 60 * 1000;
export const LOCAL_TTL_MS = 5000;
export const LOCAL_ENTRIES = 500;

export const replyCacheKey = (slug: string) => `reply:${slug}`;

/** A valued reply as cached: the two big parts already serialised, so serving it is string work only. */
export interface CachedCopy {
  rev: number;
  /** epoch ms the valuation started, before its prices were read */
  valuedAt: number;
  /** JSON of the Portfolio, cleaned against its schema */
  data: string;
  /** JSON of the Valuation or null */
  valuation: string;
}

/**
 * has_updates: the copy is older than the portfolio's latest data: valued at an earlier revision, or
 * before the portfolio's figures were last refreshed from changed prices (its snapshot's lastRefreshed).
 */
export function hasUpdates(
  copy: Pick<CachedCopy, "rev" | "valuedAt">,
  currentRev: number,
  snapshot: Pick<ValueSnapshot, "lastRefreshed"> | null,
): boolean {
  if (copy.rev < currentRev) return true;
  const refreshed = snapshot ? Date.parse(snapshot.lastRefreshed) : Number.NaN;
  return Number.isFinite(refreshed) && copy.valuedAt < refreshed;
}

/** The PortfolioReply body of a copy, by concatenation (its parts are schema-clean JSON). */
export function replyJson(copy: CachedCopy, has_updates: boolean, notOwner: boolean, isAdmin: boolean): string {
  return `{"data":${copy.data},"has_updates":${has_updates},"state":{"notOwner":${notOwner},"isAdmin":${isAdmin}},"valuation":${copy.valuation}}`;
}

/**
 * A copy with its reply bodies, encoded once per variant (has_updates × notOwner × isAdmin) and gzipped
 * once per variant when asked: the figures are tens of kilobytes, a third of that compressed.
 */
export class ServedCopy {
  private readonly bodies: (EncodedJson | undefined)[] = [];
  /** a visitor's view of a public portfolio, recorded after a full check (see ReplyCache.visitorView) */
  visitor: VisitorView | null = null;
  constructor(readonly copy: CachedCopy) {}
  body(has_updates: boolean, notOwner: boolean, isAdmin: boolean, gzip = false): Buffer {
    const variant = (has_updates ? 4 : 0) | (notOwner ? 2 : 0) | (isAdmin ? 1 : 0);
    this.bodies[variant] ??= new EncodedJson(replyJson(this.copy, has_updates, notOwner, isAdmin));
    return this.bodies[variant].body(gzip);
  }
}

export interface VisitorView {
  has_updates: boolean;
  /** the response headers the full check chose (caching, ETag) */
  headers: Record<string, string>;
}

export class ReplyCache {
  private readonly local = new Map<string, { served: ServedCopy; until: number }>();

  constructor(
    private readonly cache: Cache,
    private readonly clock: Clock,
  ) {}

  /** The copy to serve for a portfolio at revision `rev`, or null when there is none. */
  async get(slug: string, rev: number, snapshot: Pick<ValueSnapshot, "lastRefreshed"> | null): Promise<ServedCopy | null> {
    const mine = this.local.get(slug);
    if (mine && mine.until > this.clock.now() && mine.served.copy.rev === rev && !hasUpdates(mine.served.copy, rev, snapshot))
      return mine.served;
    const shared = await this.cache.get<CachedCopy>(replyCacheKey(slug));
    return shared ? this.remember(slug, shared) : null;
  }

  /** Makes `copy` the portfolio's copy in both layers. */
  async put(slug: string, copy: CachedCopy, ttlMs: number): Promise<ServedCopy> {
    await this.cache.set(replyCacheKey(slug), copy, ttlMs);
    return this.remember(slug, copy);
  }

  /** A visitor's view still fresh in this process, served without reading the store (see the file comment). */
  visitorView(slug: string): { served: ServedCopy; view: VisitorView } | null {
    const mine = this.local.get(slug);
    if (!mine?.served.visitor || !(mine.until > this.clock.now())) return null;
    return { served: mine.served, view: mine.served.visitor };
  }

  async drop(slug: string): Promise<void> {
    this.local.delete(slug);
    await this.cache.del(replyCacheKey(slug));
  }

  private remember(slug: string, copy: CachedCopy): ServedCopy {
    const served = new ServedCopy(copy);
    this.local.delete(slug);
    if (this.local.size >= LOCAL_ENTRIES) {
      const oldest = this.local.keys().next();
      if (!oldest.done) this.local.delete(oldest.value);
    }
    this.local.set(slug, { served, until: this.clock.now() + LOCAL_TTL_MS });
    return served;
  }
}
