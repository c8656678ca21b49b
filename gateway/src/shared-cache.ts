/**
 * The gateway as an HTTP shared cache (RFC 9111) for the public reads: what a CDN or a reverse proxy in front
 * of the services would do, in the process every request already passes. The services say what may be kept
 * (a quote, a visitor's view of a public portfolio, the community list: `Cache-Control: public, max-age=…`
 * with an ETag); the gateway keeps exactly those, for a few seconds, so a hot read is answered without the
 * proxy's round trip to the service.
 *
 * What is stored: a GET answered 200 whose Cache-Control says `public` with a positive `s-maxage` or
 * `max-age`, and says neither `private`, `no-store` nor `no-cache`; without Set-Cookie; with a body of known
 * length up to ENTRY_BYTES; whose Vary is not `*`; asked without Authorization and without Cookie (a caller
 * with credentials is never answered from, nor stored into, the cache: the owner's view of a portfolio, an
 * admin's, anything said to one user goes straight to the service, whatever its headers).
 *
 * How it is served: to a GET without Authorization or Cookie whose request does not say `no-cache` or
 * `no-store` (a browser's reload asks the service), when a stored reply matches its URL (path and query) and
 * the request's values of every header the reply's Vary names (Accept-Encoding above all: gzipped bytes go
 * only to a client that asked the same way). It carries the service's headers and an Age; a matching
 * If-None-Match gets a 304 without body. The edge's hooks run first as for any request: every request, from
 * the cache or not, counts against the per-client ceiling and gets the gateway's own security headers (the
 * service's are not stored, so a reply kept from an HTTPS request never carries HSTS to a plain-HTTP one).
 *
 * How long: the reply's freshness lifetime (s-maxage, else max-age, less the Age it came with), but never
 * more than FRESH_MS in this process. The services drop their own copies at once on a change and another
 * replica's within 5 s (services/portfolio/src/reply-cache.ts LOCAL_TTL_MS, services/pricing/src/
 * reply-cache.ts); the gateway adds at most FRESH_MS to that, far inside the minute any browser may keep a
 * public portfolio after its owner saves it (docs/architecture.md, "The gateway's shared cache"). A stale
 * entry is not revalidated: the next request is forwarded and its reply stored afresh.
 *
 * Bounded in bytes (BYTES, bodies and headers), the oldest stored going first, and in variants per URL.
 */
import type { Clock } from "@folio/platform/clock";
import { etagMatches } from "@folio/platform/http/encoded-reply";
import { securityHeaderOptions, securityHeaders } from "@folio/platform/http/security-headers";
import { LocalCache } from "@folio/platform/memo";

/** what the cache holds at most, bodies and headers together */
export const BYTES = 16 * 1024 * 1024;
/** the largest reply kept (a 500-asset portfolio, megabytes even gzipped, goes to the service every time) */
export const ENTRY_BYTES = 1024 * 1024;
/** the longest a stored reply is served, whatever its max-age */
export const FRESH_MS = 5000;
/** URLs held; each holds up to VARIANTS replies for different values of its Vary headers */
export const ENTRIES = 10_000;
export const VARIANTS = 4;

type HeaderValue = string | string[] | number | undefined;
export type Headers = Record<string, HeaderValue>;

/** Headers of one connection or one moment, and the gateway's own: never stored with a reply. */
const NOT_STORED = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "date",
  "age",
  "content-length",
  "set-cookie",
  ...Object.keys(securityHeaders(securityHeaderOptions)),
  "strict-transport-security",
]);

/** The headers a 304 carries (RFC 9110 §15.4.5): those a 200 would have sent that describe the stored reply. */
const NOT_MODIFIED_HEADERS = ["cache-control", "content-location", "etag", "expires", "vary", "last-modified"];

/** A Cache-Control header's directives, by lower-case name, with their values (`true` for none). */
export function cacheDirectives(value: HeaderValue): Map<string, string | true> {
  const directives = new Map<string, string | true>();
  const text = Array.isArray(value) ? value.join(",") : value === undefined ? "" : String(value);
  for (const part of text.split(",")) {
    const [name, ...rest] = part.split("=");
    const key = name?.trim().toLowerCase();
    if (!key) continue;
    directives.set(
      key,
      rest.length
        ? rest
            .join("=")
            .trim()
            .replace(/^"(.*)"$/, "$1")
        : true,
    );
  }
  return directives;
}

/** Seconds of a delta-seconds directive or header, or undefined when absent or not a whole number. */
function seconds(value: string | true | HeaderValue): number | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

const text = (value: HeaderValue): string | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(", ") : String(value);

/** A request header's value as a Vary key compares it: list items trimmed, absent kept apart from empty. */
function varyValue(value: HeaderValue): string | null {
  const joined = text(value);
  if (joined === undefined) return null;
  return joined
    .split(",")
    .map((item) => item.trim())
    .join(",");
}

/** The names a Vary header lists, lower case; ["*"] when it varies on everything. */
function varyFields(value: HeaderValue): string[] {
  const joined = text(value) ?? "";
  return [
    ...new Set(
      joined
        .split(",")
        .map((f) => f.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** Whether a request carries credentials: such a request is never answered from, nor stored into, the cache. */
const withCredentials = (headers: Headers) => headers.authorization !== undefined || headers.cookie !== undefined;

/** Whether a request may be answered from the cache (a GET without credentials that does not ask to bypass it). */
export function mayServe(method: string, headers: Headers): boolean {
  if (method !== "GET" || withCredentials(headers)) return false;
  const asked = cacheDirectives(headers["cache-control"]);
  if (asked.has("no-cache") || asked.has("no-store")) return false;
  return !/no-cache/i.test(text(headers.pragma) ?? "");
}

/** Whether a request's reply may be stored (a GET without credentials whose request does not say no-store). */
export function mayStore(method: string, headers: Headers): boolean {
  return method === "GET" && !withCredentials(headers) && !cacheDirectives(headers["cache-control"]).has("no-store");
}

/** How long (ms) the gateway may serve a reply, from its status and headers; 0: it is not stored at all. */
export function freshFor(status: number, headers: Headers, maxMs = FRESH_MS): number {
  if (status !== 200 || headers["set-cookie"] !== undefined) return 0;
  const cc = cacheDirectives(headers["cache-control"]);
  if (!cc.has("public") || cc.has("private") || cc.has("no-store") || cc.has("no-cache")) return 0;
  if (varyFields(headers.vary).includes("*")) return 0;
  const lifetime = seconds(cc.get("s-maxage")) ?? seconds(cc.get("max-age"));
  if (lifetime === undefined) return 0;
  const left = (lifetime - (seconds(headers.age) ?? 0)) * 1000;
  return Math.max(0, Math.min(maxMs, left));
}

interface Variant {
  /** the Vary'd request headers' values, in `fields` order */
  fields: string[];
  values: (string | null)[];
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string | undefined;
  storedAt: number;
  /** the Age (s) the reply came with */
  initialAge: number;
  until: number;
  bytes: number;
}

export interface Hit {
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string | undefined;
  /** seconds since the service made the reply (RFC 9111 §4.2.3), for the Age header */
  age: number;
}

export interface SharedCacheOptions {
  clock: Clock;
  maxBytes?: number;
  maxEntryBytes?: number;
  freshMs?: number;
}

export class SharedCache {
  private readonly byUrl: LocalCache<string, Variant[]>;
  readonly maxEntryBytes: number;
  private readonly freshMs: number;

  constructor(private readonly options: SharedCacheOptions) {
    this.freshMs = options.freshMs ?? FRESH_MS;
    this.maxEntryBytes = options.maxEntryBytes ?? ENTRY_BYTES;
    this.byUrl = new LocalCache<string, Variant[]>({
      max: ENTRIES,
      // no variant outlives freshMs; each is checked against its own time too
      ttlMs: this.freshMs,
      clock: options.clock,
      maxBytes: options.maxBytes ?? BYTES,
      sizeOf: (variants) => variants.reduce((sum, v) => sum + v.bytes, 0),
    });
  }

  /** The stored reply for this URL and these request headers, while fresh. */
  lookup(url: string, requestHeaders: Headers): Hit | undefined {
    const variants = this.byUrl.get(url);
    if (!variants) return undefined;
    const now = this.options.clock.now();
    const found = variants.find((v) => v.until > now && matches(v, requestHeaders));
    if (!found) return undefined;
    const age = found.initialAge + Math.floor((now - found.storedAt) / 1000);
    return { headers: found.headers, body: found.body, etag: found.etag, age };
  }

  /** Stores a reply when its headers allow (freshFor) and its body is small enough; says whether it did. */
  store(url: string, requestHeaders: Headers, status: number, headers: Headers, body: Buffer): boolean {
    const fresh = freshFor(status, headers, this.freshMs);
    if (fresh <= 0 || body.length > this.maxEntryBytes) return false;
    const kept: Record<string, string | string[]> = {};
    let headerBytes = 0;
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || NOT_STORED.has(name)) continue;
      kept[name] = typeof value === "number" ? String(value) : value;
      headerBytes += name.length + String(value).length;
    }
    const fields = varyFields(headers.vary);
    const now = this.options.clock.now();
    const variant: Variant = {
      fields,
      values: fields.map((f) => varyValue(requestHeaders[f])),
      status,
      headers: kept,
      body,
      etag: text(headers.etag),
      storedAt: now,
      initialAge: seconds(headers.age) ?? 0,
      until: now + fresh,
      // a little for the object itself
      bytes: body.length + headerBytes + 256,
    };
    // the other variants of the URL still fresh and keyed on the same headers, minus the one this replaces
    const others = (this.byUrl.get(url) ?? []).filter((v) => v.until > now && sameFields(v, variant) && !sameKey(v, variant));
    this.byUrl.set(url, [variant, ...others].slice(0, VARIANTS));
    return true;
  }

  /** bytes held */
  get bytes(): number {
    return this.byUrl.bytes;
  }
}

/** Whether a stored variant was made for a request with these headers' values (every Vary'd one equal). */
function matches(variant: Variant, requestHeaders: Headers): boolean {
  return variant.fields.every((f, i) => varyValue(requestHeaders[f]) === variant.values[i]);
}

const sameFields = (a: Variant, b: Variant) => a.fields.length === b.fields.length && a.fields.every((f, i) => f === b.fields[i]);

const sameKey = (a: Variant, b: Variant) => sameFields(a, b) && a.values.every((v, i) => v === b.values[i]);

/** The stored headers a 304 answer repeats. */
export function notModifiedHeaders(hit: Hit): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = hit.headers[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Whether the request's If-None-Match names the stored reply's ETag (weak comparison). */
export function holdsCurrent(requestHeaders: Headers, hit: Hit): boolean {
  return hit.etag !== undefined && etagMatches(text(requestHeaders["if-none-match"]), hit.etag);
}
