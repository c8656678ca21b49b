import { createTestDeps } from "@folio/platform/testing";
import { describe, expect, it } from "vitest";
import { harness, PUBLIC_URL } from "./helpers.ts";

const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));

describe("admin accounts (ADMIN_EMAILS)", () => {
  it("puts the admin claim in the tokens of listed addresses only, at registration and sign-in", async () => {
    const h = await harness(undefined, createTestDeps({ PUBLIC_URL, ADMIN_EMAILS: " Mod@Example.com , boss@example.com" }));
    const mod = await h.register("mod@example.com", "secret1");
    const ann = await h.register("ann@example.com", "secret1");
    expect(claims(mod.idToken).admin).toBe(true);
    expect(mod.user).toMatchObject({ email: "mod@example.com", isAdmin: true });
    expect(claims(ann.idToken).admin).toBeUndefined();
    expect(ann.user).toMatchObject({ email: "ann@example.com", isAdmin: false });

    const login = await h.post("/v1/auth/login", { email: "MOD@example.com", password: "secret1" });
    expect(login.statusCode).toBe(200);
    expect(claims(login.json().idToken).admin).toBe(true);
    expect(login.json().user.isAdmin).toBe(true);
    await h.app.close();
  });

  it("makes nobody admin without ADMIN_EMAILS, whatever the body says", async () => {
    const h = await harness();
    const res = await h.post("/v1/auth/register", { email: "mod@example.com", password: "secret1", admin: true, isAdmin: true });
    expect(res.statusCode).toBe(200);
    expect(claims(res.json().idToken).admin).toBeUndefined();
    expect(res.json().user.isAdmin).toBe(false);
    await h.app.close();
  });

  it("refuses to start with a malformed address, naming the variable", async () => {
    await expect(harness(undefined, createTestDeps({ PUBLIC_URL, ADMIN_EMAILS: "not-an-address" }))).rejects.toThrow(/ADMIN_EMAILS/);
  });
});
