/**
 * Plaid webhook verification as Plaid documents it (plaid.com/docs/api/webhooks/webhook-verification/):
 * the `Plaid-Verification` header is an ES256 JWT whose key (by `kid`) comes from
 * /webhook_verification_key/get; the key must not be expired, the JWT's `iat` at most 5 minutes old, and
 * its `request_body_sha256` the SHA-256 of the exact body received. Keys are kept in memory by kid.
 */
import { createHash, createPublicKey, timingSafeEqual, verify } from "node:crypto";
import type { JWKPublicKey } from "plaid";

export const MAX_WEBHOOK_AGE_S = 5 * 60;
const KEY_TTL_MS = 10 * 60_000;

export type Verification = { ok: true } | { ok: false; reason: string };

function decode<T>(part: string | undefined): T | null {
  try {
    return part ? (JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as T) : null;
  } catch {
    return null;
  }
}

export function webhookVerifier(fetchKey: (kid: string) => Promise<JWKPublicKey>, nowMs: () => number) {
  // kept 10 minutes, so a key Plaid has since expired stops being accepted
  const keys = new Map<string, { key: JWKPublicKey; at: number }>();
  return async (rawBody: string, jwt: string | undefined): Promise<Verification> => {
    if (!jwt) return { ok: false, reason: "no Plaid-Verification header" };
    const [headerPart, payloadPart, signaturePart] = jwt.split(".");
    const header = decode<{ alg?: string; kid?: string }>(headerPart);
    if (header?.alg !== "ES256" || typeof header.kid !== "string") return { ok: false, reason: "not an ES256 JWT with a kid" };
    let key = keys.get(header.kid)?.key;
    if (!key || nowMs() - (keys.get(header.kid)?.at ?? 0) > KEY_TTL_MS) {
      key = await fetchKey(header.kid);
      keys.set(header.kid, { key, at: nowMs() });
    }
    if (key.expired_at !== null && key.expired_at !== undefined) return { ok: false, reason: "expired key" };
    const publicKey = createPublicKey({ key: { kty: key.kty, crv: key.crv, x: key.x, y: key.y }, format: "jwk" });
    const signed = verify(
      "sha256",
      Buffer.from(`${headerPart}.${payloadPart}`),
      { key: publicKey, dsaEncoding: "ieee-p1363" },
      Buffer.from(signaturePart ?? "", "base64url"),
    );
    if (!signed) return { ok: false, reason: "bad signature" };
    const claims = decode<{ iat?: number; request_body_sha256?: string }>(payloadPart);
    if (typeof claims?.iat !== "number" || Math.floor(nowMs() / 1000) - claims.iat > MAX_WEBHOOK_AGE_S)
      return { ok: false, reason: "stale" };
    const digest = Buffer.from(createHash("sha256").update(rawBody, "utf8").digest("hex"));
    const claimed = Buffer.from(String(claims.request_body_sha256 ?? ""));
    if (digest.length !== claimed.length || !timingSafeEqual(digest, claimed)) return { ok: false, reason: "body does not match" };
    return { ok: true };
  };
}
