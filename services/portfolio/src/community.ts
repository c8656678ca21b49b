/**
 * The community: GET /v1/get/communityportfolios lists PUBLIC portfolios as cards, by category and page,
 * from the community read model (community-model.ts). A card shows the figures of the portfolio's latest
 * valuation (figures.ts): the same market value, total return and history as its page, never recomputed.
 *
 * Caching: a computed page is kept in deps.cache (shared by replicas with Redis) for 30 s, so prices moving
 * show within that, and sent with `Cache-Control: public, max-age=30` and an ETag, so a visitor sees a
 * change within a minute at most. In front of it each process keeps the pages it served for LOCAL_PAGE_TTL_MS as
 * encoded bytes (and gzipped, for browsers that take it), bounded in bytes, so a read is the generation's
 * look-up and the bytes sent, neither a parse nor a serialisation. The cache keys carry a generation number that every commit changing the
 * read model, or a listed portfolio's figures, bumps (commands.ts, figures.ts): every cached page is dropped
 * at once, so a portfolio made private leaves the list as soon as the change is saved.
 */
import { createHash } from "node:crypto";
import type { Cache } from "@folio/platform/cache/port";
import { acceptsGzip, EncodedJson, sendEncoded } from "@folio/platform/http/encoded-reply";
import { route } from "@folio/platform/http/route";
import { LocalCache, SingleFlight } from "@folio/platform/memo";
import type { ServiceDeps } from "@folio/platform/service";
import {
  COMMUNITY_CATEGORIES,
  COMMUNITY_PAGE_SIZE,
  type CommunityCard,
  type CommunityCategory,
  type CommunityQuery,
  type CommunityReply,
} from "@folio/proto/community";
import { PortfolioContracts } from "@folio/proto/contracts/portfolio";
import type { FastifyPluginAsync } from "fastify";
import type { CommunityEntry, CommunityModel } from "./community-model.ts";
import { cardFigures, toCard } from "./domain/community.ts";
import type { Figures } from "./figures.ts";
import { FIGURES_VERSION, findBySlug, portfolios, type ValueSnapshot, valueSnapshots } from "./store.ts";
import type { PortfolioValuer } from "./valuation-service.ts";

export const COMMUNITY_CACHE_TTL_MS = 30_000;
/** A page computed while pricing could not price some tickers is kept only briefly. */
export const INCOMPLETE_CACHE_TTL_MS = 5_000;
export const COMMUNITY_CACHE_CONTROL = PortfolioContracts.community.cache;

const GENERATION_KEY = "community:generation";
/** Far longer than any page is kept: an expired counter restarts at 1, long after pages of that number went. */
const GENERATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface CachedPage {
  etag: string;
  /** the reply, serialised once when computed */
  body: string;
}

/** A page as this process serves it: its bytes, encoded once. */
interface ServedPage {
  etag: string;
  body: EncodedJson;
}

/** How long a process serves a page it holds without asking the shared cache (the generation is still read every time). */
export const LOCAL_PAGE_TTL_MS = 2000;
const LOCAL_PAGE_BYTES = 8 * 1024 * 1024;

/** The shared cache's text of a page: its ETag, a line break, its JSON. */
const pageText = (page: CachedPage) => `${page.etag}\n${page.body}`;
function pageOf(text: string | null): CachedPage | null {
  const nl = text?.indexOf("\n") ?? -1;
  return text && nl > 0 ? { etag: text.slice(0, nl), body: text.slice(nl + 1) } : null;
}

interface Built {
  reply: CommunityReply;
  /** every ticker was priced, or pricing said it does not know it */
  complete: boolean;
}

/** Drops every cached community page (the next request computes them again). */
export async function dropCommunityPages(cache: Cache): Promise<void> {
  await cache.incr(GENERATION_KEY, GENERATION_TTL_MS);
}

export interface Community {
  routes: FastifyPluginAsync;
  /** drops every cached page: called after each commit that changed the read model */
  invalidate(): Promise<void>;
  /** brings the read model in line with the stored portfolios (at start) */
  rebuild(): Promise<void>;
}

/** The figures record (figures.ts) gives every card its portfolio's latest figures. */
export function createCommunity(deps: ServiceDeps, valuer: PortfolioValuer, figures: Figures, model: CommunityModel): Community {
  /** concurrent misses of one page share one computation */
  const computing = new SingleFlight<string, CachedPage>();
  const served = new LocalCache<string, ServedPage>({
    max: 200,
    ttlMs: LOCAL_PAGE_TTL_MS,
    clock: deps.clock,
    maxBytes: LOCAL_PAGE_BYTES,
    sizeOf: (p) => p.body.bytes,
  });
  const snapshots = valueSnapshots(deps.store);
  const collection = portfolios(deps.store);

  const generation = async () => (await deps.cache.get<number>(GENERATION_KEY)) ?? 0;
  const invalidate = () => dropCommunityPages(deps.cache);

  /** The entry's figures: the stored ones of its revision, else (an older release's, or none) valued now. */
  async function figuresOf(entry: CommunityEntry, stored: ValueSnapshot | null) {
    const fresh = stored && stored.version === FIGURES_VERSION && stored.rev === entry.rev && stored.complete !== false;
    if (fresh) return stored;
    const doc = await findBySlug(collection, entry.slug);
    if (!doc) return stored;
    return figures.current(doc, stored, await valuer.baseCurrencyOf(doc.owner));
  }

  async function valued(
    groups: [CommunityCategory, CommunityEntry[]][],
  ): Promise<{ cards: Map<string, CommunityCard>; complete: boolean }> {
    const entries = groups.flatMap(([, list]) => list);
    const stored = new Map((await snapshots.find({ _id: { $in: entries.map((e) => e.slug) } })).map((s) => [s._id, s]));
    const shown = await Promise.all(entries.map((e) => figuresOf(e, stored.get(e.slug) ?? null)));
    const cards = new Map(entries.map((e, i) => [e.slug, toCard(e, cardFigures(shown[i] ?? null))]));
    return { cards, complete: shown.every((s) => s?.complete !== false) };
  }

  async function build(query: CommunityQuery, page: number, pageSize: number): Promise<Built> {
    let groups: [CommunityCategory, CommunityEntry[]][];
    const totals: Record<string, number> = {};
    if (query.samples) {
      const samples = await model.samples();
      groups = COMMUNITY_CATEGORIES.map((c) => [c, samples.filter((s) => s.category === c)]);
      groups = groups.filter(([, list]) => list.length > 0);
      for (const [c, list] of groups) totals[c] = list.length;
    } else {
      const categories = query.category ? [query.category] : [...COMMUNITY_CATEGORIES];
      groups = await Promise.all(
        categories.map(async (c): Promise<[CommunityCategory, CommunityEntry[]]> => [c, await model.page(c, page, pageSize)]),
      );
      const counts = await Promise.all(categories.map((c) => model.count(c)));
      categories.forEach((c, i) => {
        totals[c] = counts[i] ?? 0;
      });
    }
    const { cards, complete } = await valued(groups);
    const byCategory: Partial<Record<CommunityCategory, CommunityCard[]>> = {};
    for (const [c, list] of groups) byCategory[c] = list.map((e) => cards.get(e.slug) as CommunityCard);
    return { reply: { ...byCategory, pagination: { page, pageSize, totals } }, complete };
  }

  async function listing(query: CommunityQuery): Promise<ServedPage> {
    const page = query.samples ? 1 : (query.page ?? 1);
    const pageSize = query.samples ? COMMUNITY_PAGE_SIZE : (query.pageSize ?? COMMUNITY_PAGE_SIZE);
    const which = query.samples ? "samples" : (query.category ?? "all");
    // the generation is in the key: a page of an older one is never served, from either layer
    const key = `community:${await generation()}:${which}:${page}:${pageSize}`;
    const mine = served.get(key);
    if (mine) return mine;
    const hit = pageOf(await deps.cache.getText(key));
    const kept =
      hit ??
      (await computing.run(key, async () => {
        const { reply, complete } = await build(query, page, pageSize);
        const body = JSON.stringify(reply);
        const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
        const cached: CachedPage = { etag, body };
        await deps.cache.setText(key, pageText(cached), complete ? COMMUNITY_CACHE_TTL_MS : INCOMPLETE_CACHE_TTL_MS);
        return cached;
      }));
    const fresh: ServedPage = { etag: kept.etag, body: new EncodedJson(kept.body) };
    // the gzipped copy, made by the first client that accepts gzip, counts towards LOCAL_PAGE_BYTES too
    fresh.body.onGrow = () => {
      if (served.stale(key) === fresh) served.resize(key);
    };
    return served.set(key, fresh);
  }

  const routes: FastifyPluginAsync = async (app) => {
    // the contract's public caching (30 s) goes with the 200 and the 304 (platform/src/http/server.ts)
    route(app, PortfolioContracts.community, async (request, reply) => {
      const page = await listing(request.query);
      // the typed reply wants a CommunityReply object; this one sends no body (304) or the page's bytes, serialised
      // once when it was computed from a CommunityReply, not serialised again per request
      const gzip = acceptsGzip(request.headers["accept-encoding"]);
      const headers = { etag: page.etag, vary: "Accept-Encoding" };
      return sendEncoded(request, reply, headers, page.body.body(gzip), gzip);
    });
  };

  return {
    routes,
    invalidate,
    async rebuild() {
      if ((await model.rebuild(new Date(deps.clock.now()).toISOString())) > 0) await invalidate();
    },
  };
}
