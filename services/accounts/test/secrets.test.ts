import { describe, expect, it } from "vitest";
import { digestToken, hashPassword, newResetToken, verifyPassword } from "../src/secrets.ts";

describe("password hashes", () => {
  it("are stored as scrypt$N$r$p$salt$hash with a 16-byte salt and a 64-byte key", async () => {
    const stored = await hashPassword("correct horse");
    const [scheme, N, r, p, salt, key] = stored.split("$");
    expect([scheme, N, r, p]).toEqual(["scrypt", "16384", "8", "1"]);
    expect(Buffer.from(salt, "base64url")).toHaveLength(16);
    expect(Buffer.from(key, "base64url")).toHaveLength(64);
    expect(stored).not.toContain("correct horse");
  });

  it("verify the right password and refuse a wrong one", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct hors", stored)).toBe(false);
    expect(await verifyPassword("Correct horse", stored)).toBe(false);
  });

  it("are salted: the same password hashes differently twice", async () => {
    expect(await hashPassword("same-password")).not.toBe(await hashPassword("same-password"));
  });

  it("still verify with the parameters they were made with", async () => {
    const stored = await hashPassword("pw-123456");
    const [, , , , salt, key] = stored.split("$");
    // same salt and key under other parameters must not verify: the parameters are part of the hash
    expect(await verifyPassword("pw-123456", ["scrypt", 1024, 8, 1, salt, key].join("$"))).toBe(false);
  });

  it.each(["", "plain", "scrypt$16384$8$1$salt", "bcrypt$16384$8$1$c2FsdA$a2V5", "scrypt$3$8$1$c2FsdA$a2V5", "scrypt$16384$8$1$$a2V5"])(
    "refuse an unreadable stored value %j instead of throwing",
    async (stored) => {
      expect(await verifyPassword("anything", stored)).toBe(false);
    },
  );
});

describe("reset tokens", () => {
  it("are 32 random bytes in base64url (43 characters) and differ each time", () => {
    const a = newResetToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, "base64url")).toHaveLength(32);
    expect(newResetToken()).not.toBe(a);
  });

  it("are stored as their SHA-256", () => {
    // sha256("abc") is the FIPS 180-2 test vector
    expect(digestToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
