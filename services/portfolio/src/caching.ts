/**
 * HTTP caching of GET /cachable/get/portfolio/{slug}, the path visitors and first loads use.
 *
 * - A reader's view of a public portfolio may be cached by anyone for 60 s, revalidated by ETag. The body
 *   says who is asking (state.notOwner, state.isAdmin), so it varies by Authorization and admins get an
 *   ETag of their own: a cache never hands one caller's variant to another.
 * - The owner's view is never stored, public or not: right after a save the owner must not be served the
 *   version from a minute ago.
 */
export interface CacheHeaders {
  "cache-control": string;
  etag?: string;
  vary?: string;
}

export const OWNER_CACHE_CONTROL = "private, no-store";
export const PUBLIC_CACHE_CONTROL = "public, max-age=60";

/**
 * `copy` names the valued copy served (when it was valued, whether it is flagged has_updates): the same
 * revision re-valued after a price change is a different body and must not be answered with a 304.
 */
export function etagFor(slug: string, rev: number, isAdmin: boolean, copy?: string): string {
  return `W/"${slug}-${rev}${copy ? `-${copy}` : ""}${isAdmin ? "-admin" : ""}"`;
}

export function cacheHeaders(view: { isOwner: boolean; slug: string; rev: number; isAdmin: boolean; copy?: string }): CacheHeaders {
  if (view.isOwner) return { "cache-control": OWNER_CACHE_CONTROL };
  return { "cache-control": PUBLIC_CACHE_CONTROL, etag: etagFor(view.slug, view.rev, view.isAdmin, view.copy), vary: "Authorization" };
}
