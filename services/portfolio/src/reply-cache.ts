/**
 * Valued replies kept for the portfolio reads, in two layers:
 *
 * - deps.cache (Redis in the cluster, shared by the replicas), one copy per portfolio, which records the
 *   revision it was valued at and when. Replaced by saves and revaluations, dropped by other changes. Kept as
 *   text (encodeCopy): its two parts are JSON already, and a 500-asset portfolio's are megabytes that a JSON
 *   round trip would escape and unescape again.
 * - a small in-process layer in front of it holding the copy's reply bodies already encoded (and gzipped, off
 *   the event loop when large), so a read neither parses the copy nor serialises the reply. It is trusted only
 *   while the copy is current (same revision, not older than the portfolio's last revaluation: what the caller
 *   reads from the store on every request anyway) and for a few seconds at most; then the shared copy is read
 *   again, and when it is the same copy the bodies already made are kept. So a copy another replica replaced is
 *   picked up within LOCAL_TTL_MS. The layer is bounded in bytes (LOCAL_BYTES), its oldest entries going first.
 *
 * Visitors (no identity) of a public portfolio are served from the in-process layer without reading the
 * store at all while it is fresh: what a visitor may see is already public for 60 s in any HTTP cache
 * (caching.ts), and every change made through this process drops the entry at once, so only a change made
 * by another replica can take up to LOCAL_TTL_MS to show, well inside those 60 s.
 */
import type { Cache } from "@folio/platform/cache/port";
import type { Clock } from "@folio/platform/clock";
import { EncodedJson } from "@folio/platform/http/encoded-reply";
import { LocalCache } from "@folio/platform/memo";
import type { ValueSnapshot } from "./store.ts";

/** As long as a price is cached: a copy older than that was valued with prices since refreshed. */
export const REPLY_TTL_MS = 60 * 60 * 1000;
/** A copy valued while pricing was down lacks figures it will have once pricing is back: kept briefly. */
export const OUTAGE_REPLY_TTL_MS = 60 * 1000;
export const LOCAL_TTL_MS = 5000;
export const LOCAL_ENTRIES = 500;
/** the in-process layer's bound: copies and their encoded bodies together */
export const LOCAL_BYTES = 8 * 1024 * 1024;

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

/** The shared layer's text of a copy: `<rev> <valuedAt> <length of data>`, a line break, data, valuation. */
export function encodeCopy(copy: CachedCopy): string {
  return `${copy.rev} ${copy.valuedAt} ${copy.data.length}\n${copy.data}${copy.valuation}`;
}

export function decodeCopy(text: string | null): CachedCopy | null {
  if (!text) return null;
  const nl = text.indexOf("\n");
  const [rev, valuedAt, length] = text.slice(0, Math.max(0, nl)).split(" ").map(Number);
  if (nl < 0 || !Number.isSafeInteger(rev) || !Number.isFinite(valuedAt) || !Number.isSafeInteger(length)) return null;
  const start = nl + 1;
  return { rev, valuedAt, data: text.slice(start, start + length), valuation: text.slice(start + length) };
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
 * once per variant when asked: the figures are tens of kilobytes (megabytes for 500 assets), a third of that
 * compressed.
 */
export class ServedCopy {
  private readonly bodies: (EncodedJson | undefined)[] = [];
  /** a visitor's view of a public portfolio, recorded after a full check (see ReplyCache.visitorView) */
  visitor: VisitorView | null = null;
  /** told when a body was added (the in-process layer measures the copy again) */
  onGrow: (() => void) | null = null;
  constructor(readonly copy: CachedCopy) {}

  body(has_updates: boolean, notOwner: boolean, isAdmin: boolean, gzip = false): Buffer | Promise<Buffer> {
    const variant = (has_updates ? 4 : 0) | (notOwner ? 2 : 0) | (isAdmin ? 1 : 0);
    let encoded = this.bodies[variant];
    if (!encoded) {
      encoded = new EncodedJson(replyJson(this.copy, has_updates, notOwner, isAdmin));
      this.bodies[variant] = encoded;
      this.onGrow?.();
    }
    const body = encoded.body(gzip);
    if (!Buffer.isBuffer(body))
      void body.then(
        () => this.onGrow?.(),
        () => {},
      );
    return body;
  }

  /** The copy is older than the portfolio's latest data (hasUpdates). */
  outdated(rev: number, snapshot: Pick<ValueSnapshot, "lastRefreshed"> | null): boolean {
    return hasUpdates(this.copy, rev, snapshot);
  }

  /** what the copy and its bodies hold, in bytes (about: the copy's text counted one byte a character) */
  get bytes(): number {
    let n = this.copy.data.length + this.copy.valuation.length;
    for (const b of this.bodies) if (b) n += b.bytes;
    return n;
  }
}

export interface VisitorView {
  has_updates: boolean;
  /** the response headers the full check chose (caching, ETag) */
  headers: Record<string, string>;
}

export class ReplyCache {
  private readonly local: LocalCache<string, ServedCopy>;

  constructor(
    private readonly cache: Cache,
    clock: Clock,
  ) {
    this.local = new LocalCache<string, ServedCopy>({
      max: LOCAL_ENTRIES,
      ttlMs: LOCAL_TTL_MS,
      clock,
      maxBytes: LOCAL_BYTES,
      sizeOf: (served) => served.bytes,
    });
  }

  /** The copy to serve for a portfolio at revision `rev`, or null when there is none. */
  async get(slug: string, rev: number, snapshot: Pick<ValueSnapshot, "lastRefreshed"> | null): Promise<ServedCopy | null> {
    const mine = this.local.get(slug);
    if (mine && mine.copy.rev === rev && !hasUpdates(mine.copy, rev, snapshot)) return mine;
    const shared = decodeCopy(await this.cache.getText(replyCacheKey(slug)));
    if (!shared) return null;
    // the same copy as the one kept here: its bodies stay (a megabyte body is not encoded again every 5 s)
    const kept = this.local.stale(slug);
    if (kept && kept.copy.rev === shared.rev && kept.copy.valuedAt === shared.valuedAt) {
      this.local.renew(slug);
      // a visitor's view is recorded again by the full check this read is part of (reads.ts cachable)
      kept.visitor = null;
      return kept;
    }
    return this.remember(slug, shared);
  }

  /** Makes `copy` the portfolio's copy in both layers. */
  async put(slug: string, copy: CachedCopy, ttlMs: number): Promise<ServedCopy> {
    await this.cache.setText(replyCacheKey(slug), encodeCopy(copy), ttlMs);
    return this.remember(slug, copy);
  }

  /** A visitor's view still fresh in this process, served without reading the store (see the file comment). */
  visitorView(slug: string): { served: ServedCopy; view: VisitorView } | null {
    const mine = this.local.get(slug);
    if (!mine?.visitor) return null;
    return { served: mine, view: mine.visitor };
  }

  async drop(slug: string): Promise<void> {
    this.local.delete(slug);
    await this.cache.del(replyCacheKey(slug));
  }

  private remember(slug: string, copy: CachedCopy): ServedCopy {
    const served = new ServedCopy(copy);
    served.onGrow = () => {
      if (this.local.stale(slug) === served) this.local.resize(slug);
    };
    this.local.set(slug, served);
    return served;
  }
}
