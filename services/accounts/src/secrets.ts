/**
 * Password hashes and reset tokens. Passwords are hashed with scrypt and stored as
 * `scrypt$N$r$p$salt$hash` (base64url), so the cost can be changed (PASSWORD_HASH_COST) and old hashes still
 * verify with the parameters they were made with.
 * Reset tokens are random and stored only as their SHA-256, so a leaked database holds no usable link.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt's N is 2^cost; r and p stay fixed. 14 (N = 16384, about 16 MiB per hash) unless configured. */
export const DEFAULT_HASH_COST = 14;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  // scrypt needs about 128·N·r bytes; the cap grows with the cost so a hash made with stronger settings still verifies
  const maxmem = 256 * N * r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, keyLength, { N, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A new hash at N = 2^cost (config.ts bounds the cost to what parseHash reads back). */
export async function hashPassword(password: string, cost: number = DEFAULT_HASH_COST): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, N, R, P, KEY_BYTES);
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  // bounds keep a corrupted record from asking scrypt for gigabytes
  const sane =
    Number.isInteger(N) &&
    N > 1 &&
    N <= 1 << 20 &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16;
  if (!sane) return null;
  const salt = Buffer.from(parts[4], "base64url");
  const key = Buffer.from(parts[5], "base64url");
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

/** False for a wrong password and for a hash this code cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** 32 random bytes: the link's secret, e-mailed and never stored. */
export const newResetToken = (): string => randomBytes(32).toString("base64url");

/** What the store keeps for a reset token, and what it is looked up by. */
export const digestToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");
