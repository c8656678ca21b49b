import { loadConfig } from "@folio/platform/config";
import { buildServiceApp, createTestDeps, forService } from "@folio/platform/testing";
import { afterEach, describe, expect, it } from "vitest";
import { passwordHashCost } from "../src/config.ts";
import { hashPassword, verifyPassword } from "../src/secrets.ts";
import { createAccountsService } from "../src/service.ts";
import { type Harness, harness, PUBLIC_URL } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.app.close();
});

const costOf = (env: Record<string, string>) => passwordHashCost(loadConfig({ JWT_SECRET: "x".repeat(32), ...env }));
const nOf = (stored: string | null | undefined) => Number(stored?.split("$")[1]);

describe("PASSWORD_HASH_COST", () => {
  it("is 14 (N = 16384) unless set, and a whole number from 10 to 20", () => {
    expect(costOf({})).toBe(14);
    expect(costOf({ PASSWORD_HASH_COST: "" })).toBe(14);
    expect(costOf({ PASSWORD_HASH_COST: "10" })).toBe(10);
    expect(costOf({ PASSWORD_HASH_COST: "20" })).toBe(20);
    expect(() => costOf({ PASSWORD_HASH_COST: "9" })).toThrow("PASSWORD_HASH_COST must be between 10 and 20, got 9");
    expect(() => costOf({ PASSWORD_HASH_COST: "21" })).toThrow("PASSWORD_HASH_COST must be between 10 and 20, got 21");
    expect(() => costOf({ PASSWORD_HASH_COST: "16384" })).toThrow("PASSWORD_HASH_COST");
    expect(() => costOf({ PASSWORD_HASH_COST: "fast" })).toThrow("PASSWORD_HASH_COST must be a whole number");
  });

  it("stops the service from being made with a bad value", () => {
    const deps = createTestDeps({ PUBLIC_URL, PASSWORD_HASH_COST: "8" });
    expect(() => createAccountsService(forService(deps, "accounts"))).toThrow("PASSWORD_HASH_COST");
  });

  it("sets N = 2^cost of the hashes it makes", async () => {
    for (const cost of [10, 11, 12]) {
      const stored = await hashPassword("correct horse", cost);
      expect(stored.split("$").slice(0, 4)).toEqual(["scrypt", String(2 ** cost), "8", "1"]);
      expect(await verifyPassword("correct horse", stored)).toBe(true);
      expect(await verifyPassword("correct hors", stored)).toBe(false);
    }
  });

  it("changes only new hashes: an account made at one cost signs in after the setting changes", async () => {
    h = await harness(undefined, createTestDeps({ PUBLIC_URL, PASSWORD_HASH_COST: "10" }));
    const { user } = await h.register("ann@example.com", "secret1");
    expect(nOf((await h.db.users.get(user.uid))?.passwordHash)).toBe(1024);

    // the same store, the service started again with a higher cost
    const raised = { ...h.deps, config: { ...h.deps.config, env: { ...h.deps.config.env, PASSWORD_HASH_COST: "11" } } };
    const app = await buildServiceApp(createAccountsService(forService(raised, "accounts")), raised);
    try {
      const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload, remoteAddress: "203.0.113.7" });
      expect((await post("/v1/auth/login", { email: "ann@example.com", password: "secret1" })).statusCode).toBe(200);
      expect((await post("/v1/auth/login", { email: "ann@example.com", password: "secret2" })).statusCode).toBe(401);
      const bob = await post("/v1/auth/register", { email: "bob@example.com", password: "secret1" });
      expect(bob.statusCode).toBe(200);
      expect(nOf((await h.db.users.get(bob.json().user.uid))?.passwordHash)).toBe(2048);
      expect(nOf((await h.db.users.get(user.uid))?.passwordHash)).toBe(1024);
    } finally {
      await app.close();
    }
  });
});
