/**
 * Plaid access tokens at rest: AES-256-GCM under BROKERAGE_TOKEN_KEY (32 random bytes, base64), each
 * ciphertext tagged with its key's id (the first 8 hex digits of the key's SHA-256), so keys can rotate:
 * put the new key in BROKERAGE_TOKEN_KEY and the old ones in BROKERAGE_TOKEN_KEYS_OLD; tokens under an old
 * key still decrypt, and each is re-encrypted under the new key at its connection's next sync. The item id
 * is the GCM associated data, so a token copied onto another connection does not decrypt.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { ConfigError } from "@folio/platform/config";

export interface TokenKeys {
  current: { id: string; key: Buffer };
  all: Map<string, Buffer>;
}

const keyId = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

function parseKey(variable: string, raw: string): Buffer {
  const key = Buffer.from(raw.trim(), "base64");
  if (key.length !== 32) throw new ConfigError(variable, "must be 32 random bytes in base64 (openssl rand -base64 32)");
  return key;
}

export function tokenKeys(current: string, old: string): TokenKeys {
  const key = parseKey("BROKERAGE_TOKEN_KEY", current);
  const all = new Map<string, Buffer>([[keyId(key), key]]);
  for (const raw of old.split(",").filter((s) => s.trim() !== "")) {
    const k = parseKey("BROKERAGE_TOKEN_KEYS_OLD", raw);
    all.set(keyId(k), k);
  }
  return { current: { id: keyId(key), key }, all };
}

/** `v1.<key id>.<iv>.<tag>.<ciphertext>`, the binary parts in base64url. */
export function encryptToken(keys: TokenKeys, token: string, itemId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.current.key, iv);
  cipher.setAAD(Buffer.from(itemId, "utf8"));
  const data = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return ["v1", keys.current.id, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

export class TokenKeyMissing extends Error {
  constructor(readonly keyId: string) {
    super(`the access token was encrypted with key ${keyId}, which is in neither BROKERAGE_TOKEN_KEY nor BROKERAGE_TOKEN_KEYS_OLD`);
  }
}

export function decryptToken(keys: TokenKeys, sealed: string, itemId: string): string {
  const [version, id, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !data) throw new Error("not an encrypted access token");
  const key = keys.all.get(id);
  if (!key) throw new TokenKeyMissing(id);
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(itemId, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** Whether a sealed token is under an old key (and should be re-encrypted). */
export const needsRekey = (keys: TokenKeys, sealed: string): boolean => sealed.split(".")[1] !== keys.current.id;
