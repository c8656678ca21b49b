import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptToken, encryptToken, needsRekey, TokenKeyMissing, tokenKeys } from "./token-crypto.ts";

const key = () => randomBytes(32).toString("base64");

describe("access tokens at rest", () => {
  it("round-trips, never contains the token, and differs each time (random IV)", () => {
    const keys = tokenKeys(key(), "");
    const a = encryptToken(keys, "access-sandbox-123", "item-1");
    const b = encryptToken(keys, "access-sandbox-123", "item-1");
    expect(a).not.toContain("access-sandbox");
    expect(a).not.toBe(b);
    expect(decryptToken(keys, a, "item-1")).toBe("access-sandbox-123");
  });

  it("does not decrypt under another item (associated data) or after tampering", () => {
    const keys = tokenKeys(key(), "");
    const sealed = encryptToken(keys, "access-sandbox-123", "item-1");
    expect(() => decryptToken(keys, sealed, "item-2")).toThrow();
    const parts = sealed.split(".");
    parts[4] = Buffer.from("x").toString("base64url") + parts[4].slice(2);
    expect(() => decryptToken(keys, parts.join("."), "item-1")).toThrow();
  });

  it("reads tokens under an old key after rotation and says they need re-encrypting", () => {
    const old = key();
    const sealed = encryptToken(tokenKeys(old, ""), "t", "i");
    const rotated = tokenKeys(key(), old);
    expect(decryptToken(rotated, sealed, "i")).toBe("t");
    expect(needsRekey(rotated, sealed)).toBe(true);
    expect(needsRekey(rotated, encryptToken(rotated, "t", "i"))).toBe(false);
    expect(() => decryptToken(tokenKeys(key(), ""), sealed, "i")).toThrow(TokenKeyMissing);
  });
});
