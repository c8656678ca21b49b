/**
 * Slugs: the last segment of /p/{slug}. Chosen once, from the name given at creation plus a short random
 * suffix, and never changed afterwards (a rename keeps it) so shared links keep working. The suffix makes a
 * slug unguessable from a name: without it, a second user naming a portfolio like someone's private one
 * would get `-2` and learn that the private one exists.
 */
import { NEW_SLUG } from "@folio/proto/portfolio";

export const SLUG_MAX_LENGTH = 60;
/** what a name with no letters or digits (say "!!!" or "日本株") becomes */
export const FALLBACK_SLUG = "portfolio";

/** Lowercase a-z, 0-9 and single hyphens, at most 60 characters; accents fold to their base letter. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return trimTo(slug, SLUG_MAX_LENGTH) || FALLBACK_SLUG;
}

function trimTo(slug: string, max: number): string {
  return slug.slice(0, max).replace(/-+$/, "");
}

/**
 * The n-th slug to try for a base: base, base-2, base-3 … The base is shortened so the suffix fits in
 * 60 characters: a long name still gets a unique slug rather than an over-long one.
 */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${trimTo(base, SLUG_MAX_LENGTH - suffix.length) || FALLBACK_SLUG}${suffix}`;
}

/** `count` candidates starting at the `from`-th, to look up in one query. */
export function slugCandidates(base: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => slugCandidate(base, from + i));
}

/**
 * The first candidate not taken, or null when all of them are. "new" counts as taken: it is the slug of
 * an unsaved portfolio (NEW_SLUG), so a portfolio named "New" becomes new-2.
 */
export function firstFreeSlug(candidates: string[], taken: ReadonlySet<string>): string | null {
  return candidates.find((c) => c !== NEW_SLUG && !taken.has(c)) ?? null;
}

/** Characters of the random suffix: lowercase letters and digits, 36^6 ≈ 2.2 billion suffixes. */
export const SUFFIX_LENGTH = 6;

/** A new portfolio's slug: the name's slug and a random suffix, the base shortened so both fit in 60 characters. */
export function suffixedSlug(name: string, suffix: string): string {
  const tail = `-${suffix}`;
  return `${trimTo(slugify(name), SLUG_MAX_LENGTH - tail.length) || FALLBACK_SLUG}${tail}`;
}
