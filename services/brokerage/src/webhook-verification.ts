/**
 * Plaid webhook verification as Plaid documents it (plaid.com/docs/api/webhooks/webhook-verification/):
 * the `Plaid-Verification` header is an ES256 JWT whose key (by `kid`) comes from
 * /webhook_verification_key/get; the key must not be expired, the JWT's `iat` at most 5 minutes old, and
 * its `request_body_sha256` the SHA-256 of the exact body received.
 *
 * Anyone can post here, so everything that needs no key is checked before a key is asked for: the JWT's
 * shape (three base64url parts, a JSON header naming ES256 and a plausible kid, claims with a whole `iat` and
 * a hex digest, a 64-byte signature), the claims' age and the body's digest. A malformed header is a 400; a
 * well-formed one that fails (stale, another body, an unknown key, a bad signature) a 401. Key look-ups are
 * kept: a key 10 minutes, a kid Plaid does not know 5 minutes, Plaid not answering 30 seconds (503 meanwhile),
 * and at most KEY_FETCHES_PER_MINUTE kids are asked for a minute, so forged kids cannot make this service
 * hammer Plaid; concurrent asks for one kid share one call. The signature itself is checked by `jose`.
 */
import { createHash, createPublicKey, KeyObject, timingSafeEqual } from "node:crypto";
import type { Clock } from "@folio/platform/clock";
import { LocalCache, SingleFlight } from "@folio/platform/memo";
import { compactVerify } from "jose";
import type { JWKPublicKey } from "plaid";

export const MAX_WEBHOOK_AGE_S = 5 * 60;
const KEY_TTL_MS = 10 * 60_000;
const UNKNOWN_KID_TTL_MS = 5 * 60_000;
const OUTAGE_TTL_MS = 30_000;
export const KEY_FETCHES_PER_MINUTE = 20;
/** Plaid's kids are UUIDs; anything longer or of other characters is not one */
const KID = /^[A-Za-z0-9_-]{1,100}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** far above a real header (about 400 bytes) */
const MAX_JWT_LENGTH = 2048;

export type Verification = { ok: true } | { ok: false; status: 400 | 401 | 503; reason: string };

/** A key look-up's outcome: Plaid does not know the kid (a 4xx), or Plaid could not be asked (down, 5xx, 429). */
export class KeyLookupFailure extends Error {
  constructor(
    readonly unknownKid: boolean,
    message: string,
  ) {
    super(message);
    this.name = "KeyLookupFailure";
  }
}

interface ParsedJwt {
  kid: string;
  iat: number;
  bodySha256: string;
}

function json(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The JWT's parts when it has the shape Plaid's has, else why not (no key is needed for any of this). */
export function parseVerificationJwt(jwt: string): ParsedJwt | string {
  if (jwt.length > MAX_JWT_LENGTH) return "header too long";
  const parts = jwt.split(".");
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return "not a compact JWT";
  const [headerPart, payloadPart, signaturePart] = parts;
  const header = json(headerPart);
  if (header?.alg !== "ES256") return "not an ES256 JWT";
  if (header.typ !== undefined && header.typ !== "JWT") return "not a JWT";
  if (header.crit !== undefined) return "critical extensions";
  if (typeof header.kid !== "string" || !KID.test(header.kid)) return "no usable kid";
  const claims = json(payloadPart);
  if (!claims || typeof claims.iat !== "number" || !Number.isSafeInteger(claims.iat)) return "no iat";
  if (typeof claims.request_body_sha256 !== "string" || !SHA256_HEX.test(claims.request_body_sha256)) return "no body digest";
  // ES256 in a JWS is r||s, 32 bytes each (IEEE P1363)
  if (Buffer.from(signaturePart, "base64url").length !== 64) return "not an ES256 signature";
  return {
    kid: header.kid,
    iat: claims.iat,
    bodySha256: claims.request_body_sha256,
  };
}

export function webhookVerifier(fetchKey: (kid: string) => Promise<JWKPublicKey>, clock: Clock) {
  const keys = new LocalCache<string, KeyObject | "expired">({ max: 64, ttlMs: KEY_TTL_MS, clock });
  const unknownKids = new LocalCache<string, true>({ max: 1024, ttlMs: UNKNOWN_KID_TTL_MS, clock });
  const asking = new SingleFlight<string, KeyObject | "expired">();
  let plaidDownUntil = 0;
  let window = { start: 0, fetches: 0 };

  /** The kid's key, from what is kept or asked of Plaid; a failure says why (and is kept too). */
  async function keyOf(kid: string): Promise<KeyObject | "expired" | Verification> {
    const kept = keys.get(kid);
    if (kept) return kept;
    if (unknownKids.get(kid)) return { ok: false, status: 401, reason: "unknown key" };
    const now = clock.now();
    if (now < plaidDownUntil) return { ok: false, status: 503, reason: "Plaid did not answer the key look-up" };
    if (now - window.start >= 60_000) window = { start: now, fetches: 0 };
    if (window.fetches >= KEY_FETCHES_PER_MINUTE) return { ok: false, status: 401, reason: "too many unknown keys asked for" };
    window.fetches++;
    try {
      return await asking.run(kid, async () => {
        const key = await fetchKey(kid);
        const usable = key.expired_at !== null && key.expired_at !== undefined ? "expired" : jwkKey(key);
        return keys.set(kid, usable);
      });
    } catch (err) {
      if (err instanceof KeyLookupFailure && err.unknownKid) {
        unknownKids.set(kid, true);
        return { ok: false, status: 401, reason: "unknown key" };
      }
      plaidDownUntil = clock.now() + OUTAGE_TTL_MS;
      return { ok: false, status: 503, reason: "Plaid did not answer the key look-up" };
    }
  }

  return async (rawBody: string, jwt: string | undefined): Promise<Verification> => {
    if (!jwt) return { ok: false, status: 401, reason: "no Plaid-Verification header" };
    const parsed = parseVerificationJwt(jwt);
    if (typeof parsed === "string") return { ok: false, status: 400, reason: parsed };
    const age = Math.floor(clock.now() / 1000) - parsed.iat;
    if (age > MAX_WEBHOOK_AGE_S || age < -MAX_WEBHOOK_AGE_S) return { ok: false, status: 401, reason: "stale" };
    const digest = Buffer.from(createHash("sha256").update(rawBody, "utf8").digest("hex"));
    const claimed = Buffer.from(parsed.bodySha256);
    if (digest.length !== claimed.length || !timingSafeEqual(digest, claimed))
      return { ok: false, status: 401, reason: "body does not match" };
    const key = await keyOf(parsed.kid);
    if (key === "expired") return { ok: false, status: 401, reason: "expired key" };
    if (!(key instanceof KeyObject)) return key;
    // the signature by jose (JWS compact serialization, ES256 only), after every check that needs no key
    try {
      await compactVerify(jwt, key, { algorithms: ["ES256"] });
      return { ok: true };
    } catch {
      return { ok: false, status: 401, reason: "bad signature" };
    }
  };
}

function jwkKey(key: JWKPublicKey): KeyObject {
  try {
    return createPublicKey({ key: { kty: key.kty, crv: key.crv, x: key.x, y: key.y }, format: "jwk" });
  } catch {
    throw new KeyLookupFailure(true, "Plaid's key is not an EC public key");
  }
}
