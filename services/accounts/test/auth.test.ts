import { MemoryCache } from "@folio/platform/cache";
import { bearer, buildServiceApp, createTestDeps, forService } from "@folio/platform/testing";
import { ErrorCodes, Messages } from "@folio/proto/errors";
import { afterEach, describe, expect, it } from "vitest";
import { TOO_MANY_LOGINS } from "../src/domain/limits.ts";
import { createAccountsService } from "../src/service.ts";
import { type Harness, harness, PUBLIC_URL } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.app.close();
});

const MINUTE = 60_000;

describe("POST /v1/auth/register", () => {
  it("creates the account, signs it in and tells other services (outbox, keyed by uid)", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/register", { email: "  Ann@Example.COM ", password: "secret1", displayName: " Ann " });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["idToken", "user"]);
    expect(body.user).toEqual({ uid: expect.any(String), email: "ann@example.com", displayName: "Ann", isAdmin: false });
    expect(await h.profileStatus(body.idToken)).toBe(200);

    const events = await h.deps.outboxEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "account.registered",
      key: body.user.uid,
      occurredAt: new Date(h.deps.clock.now()).toISOString(),
      payload: { uid: body.user.uid, email: "ann@example.com", displayName: "Ann", referrer: null },
    });
  });

  it("issues a token with the user's id, e-mail and a token id", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    const claims = h.app.jwt.decode<{ sub: string; email: string; jti: string; iss: string }>(idToken);
    expect(claims).toMatchObject({ sub: user.uid, email: "ann@example.com", iss: "folio-accounts" });
    expect(claims?.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leaves the display name null when none is given", async () => {
    h = await harness();
    expect((await h.register("bob@example.com")).user.displayName).toBeNull();
  });

  it("never returns the password or its hash, which is made at the default cost (N = 16384) unless configured", async () => {
    // the test deps hash at PASSWORD_HASH_COST=10; unset, the production default applies
    h = await harness(undefined, createTestDeps({ PUBLIC_URL, PASSWORD_HASH_COST: "" }));
    const res = await h.post("/v1/auth/register", { email: "ann@example.com", password: "hunter22" });
    expect(res.body).not.toContain("hunter22");
    expect(res.body).not.toContain("scrypt");
    const stored = await h.db.users.get(res.json().user.uid);
    expect(stored?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
  });

  it.each([
    ["no e-mail", { password: "secret1" }],
    ["no password", { email: "ann@example.com" }],
    ["empty fields", { email: "", password: "" }],
    ["a blank e-mail", { email: "   ", password: "secret1" }],
    ["a malformed e-mail and no password", { email: "nope", password: "" }],
  ])("needs both fields: %s → 400", async (_name, body) => {
    h = await harness();
    const res = await h.post("/v1/auth/register", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: Messages.credentialsRequired, code: ErrorCodes.credentialsRequired });
  });

  it("refuses a malformed e-mail with the credential message, before the password's length", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/register", { email: "ann.example.com", password: "123" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: Messages.invalidCredential, code: ErrorCodes.invalidCredential });
  });

  it("refuses a password shorter than 6 characters", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/register", { email: "ann@example.com", password: "12345" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: Messages.weakPassword, code: ErrorCodes.weakPassword });
  });

  it("checks the length before whether the e-mail is taken", async () => {
    h = await harness();
    await h.register("ann@example.com");
    const res = await h.post("/v1/auth/register", { email: "ann@example.com", password: "123" });
    expect(res.json().code).toBe(ErrorCodes.weakPassword);
  });

  it("refuses a taken e-mail however it is capitalised, and publishes nothing more", async () => {
    h = await harness();
    await h.register("ann@example.com");
    const res = await h.post("/v1/auth/register", { email: "ANN@example.com ", password: "another1" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: Messages.emailInUse, code: ErrorCodes.emailInUse });
    expect(await h.deps.outboxEvents()).toHaveLength(1);
  });

  it("lets only one of two simultaneous registrations of one e-mail win", async () => {
    h = await harness();
    const [a, b] = await Promise.all([
      h.post("/v1/auth/register", { email: "race@example.com", password: "secret1" }),
      h.post("/v1/auth/register", { email: "Race@example.com", password: "secret2" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().error).toBe(Messages.emailInUse);
    expect(await h.db.users.count({ email: "race@example.com" })).toBe(1);
    expect(await h.deps.outboxEvents()).toHaveLength(1);
  });
});

describe("POST /v1/auth/login", () => {
  it("signs in with the right password, the e-mail in any case", async () => {
    h = await harness();
    const { user } = await h.register("ann@example.com", "secret1", "Ann");
    const res = await h.post("/v1/auth/login", { email: " ANN@example.com", password: "secret1" });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual(user);
    expect(res.body).not.toContain("secret1");
    expect(await h.profileStatus(res.json().idToken)).toBe(200);
  });

  it("refuses a wrong password with the credential message", async () => {
    h = await harness();
    await h.register();
    const res = await h.post("/v1/auth/login", { email: "ann@example.com", password: "secret2" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: Messages.invalidCredential, code: ErrorCodes.invalidCredential });
  });

  it("says an unknown e-mail is not registered", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/login", { email: "who@example.com", password: "secret1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: Messages.userNotFound, code: ErrorCodes.userNotFound });
  });

  it("refuses a malformed e-mail with the credential message", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/login", { email: "ann@", password: "secret1" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(Messages.invalidCredential);
  });

  it.each([{ email: "ann@example.com" }, { password: "secret1" }, { email: "", password: "" }])(
    "needs both fields: %j → 400",
    async (body) => {
      h = await harness();
      const res = await h.post("/v1/auth/login", body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: Messages.credentialsRequired, code: ErrorCodes.credentialsRequired });
    },
  );
});

describe("registration rate limit", () => {
  it("takes at most 20 registrations from one client address per hour", async () => {
    h = await harness();
    for (let i = 0; i < 20; i++)
      expect((await h.post("/v1/auth/register", { email: `r${i}@example.com`, password: "secret1" })).statusCode).toBe(200);
    const blocked = await h.post("/v1/auth/register", { email: "r99@example.com", password: "secret1" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("3600");
    h.deps.clock.advance(60 * MINUTE);
    expect((await h.post("/v1/auth/register", { email: "r99@example.com", password: "secret1" })).statusCode).toBe(200);
  });
});

describe("sign-in rate limits", () => {
  const tooMany = { error: TOO_MANY_LOGINS, code: "rate_limited" };

  it("allows 10 attempts at one account from one address per 15 minutes, then 429 even for the right password", async () => {
    h = await harness();
    await h.register();
    for (let i = 0; i < 10; i++)
      expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: `wrong-${i}` })).statusCode).toBe(401);
    const blocked = await h.post("/v1/auth/login", { email: "ann@example.com", password: "secret1" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    // the window began with the first attempt, 15 minutes before it ends
    expect(blocked.headers["retry-after"]).toBe("900");

    // another address is not blocked
    expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "secret1" }, {}, "198.51.100.1")).statusCode).toBe(200);

    h.deps.clock.advance(14 * MINUTE);
    expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "secret1" })).statusCode).toBe(429);
    h.deps.clock.advance(1 * MINUTE);
    expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "secret1" })).statusCode).toBe(200);
  });

  it("forgets failed attempts after a successful sign-in", async () => {
    h = await harness();
    await h.register();
    for (let i = 0; i < 9; i++) await h.post("/v1/auth/login", { email: "ann@example.com", password: "wrong" });
    expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "secret1" })).statusCode).toBe(200);
    // without the reset the 11th attempt would be refused; now ten more are allowed
    for (let i = 0; i < 10; i++)
      expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "wrong" })).statusCode).toBe(401);
    expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "wrong" })).statusCode).toBe(429);
  });

  it("allows 50 attempts from one address across e-mails per 15 minutes", async () => {
    h = await harness();
    for (let i = 0; i < 50; i++)
      expect((await h.post("/v1/auth/login", { email: `u${i}@example.com`, password: "secret1" })).statusCode).toBe(404);
    h.deps.clock.advance(5 * MINUTE);
    const blocked = await h.post("/v1/auth/login", { email: "u99@example.com", password: "secret1" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: "Too many requests. Please wait 10 minutes and try again.", code: "rate_limited" });
    expect(blocked.headers["retry-after"]).toBe("600");
    expect((await h.post("/v1/auth/login", { email: "u99@example.com", password: "secret1" }, {}, "198.51.100.1")).statusCode).toBe(404);
    h.deps.clock.advance(10 * MINUTE);
    expect((await h.post("/v1/auth/login", { email: "u99@example.com", password: "secret1" })).statusCode).toBe(404);
  });

  it("believes X-Forwarded-For only from a proxy named in TRUST_PROXY", async () => {
    h = await harness();
    await h.register();
    const guess = (forwardedFor: string) =>
      h.post("/v1/auth/login", { email: "ann@example.com", password: "wrong" }, { "x-forwarded-for": forwardedFor });
    // rotating the header does not make a new client: the 11th guess is refused
    for (let i = 0; i < 10; i++) expect((await guess(`203.0.113.${100 + i}`)).statusCode).toBe(401);
    expect((await guess("203.0.113.200")).statusCode).toBe(429);
  });
});

describe("POST /v1/auth/logout", () => {
  it("ends the session: the token no longer opens protected routes, other sessions keep working", async () => {
    h = await harness();
    const first = await h.register();
    const second = (await h.post("/v1/auth/login", { email: "ann@example.com", password: "secret1" })).json();

    const res = await h.post("/v1/auth/logout", undefined, bearer(first.idToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: "ok" });

    const denied = await h.post("/v1/auth/profile", { displayName: "Ann" }, bearer(first.idToken));
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ result: "nouser" });
    expect((await h.post("/v1/auth/logout", undefined, bearer(first.idToken))).statusCode).toBe(401);
    expect(await h.profileStatus(second.idToken)).toBe(200);
  });

  it("needs a signed-in caller", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/logout");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: "nouser" });
  });

  it("stays in force after a restart: start() reloads revocations into the new, empty cache", async () => {
    h = await harness();
    const { idToken } = await h.register();
    await h.post("/v1/auth/logout", undefined, bearer(idToken));

    const restarted = { ...h.deps, cache: new MemoryCache(h.deps.clock) };
    const service = createAccountsService(forService(restarted, "accounts"));
    const app = await buildServiceApp(service, restarted);
    try {
      const probe = () => app.inject({ method: "POST", url: "/v1/login", payload: {}, headers: bearer(idToken) });
      // the fresh cache knows nothing yet, which is why start() must reload
      expect((await probe()).statusCode).toBe(200);
      await service.start?.();
      expect((await probe()).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it("drops revocations of tokens that have expired anyway at start", async () => {
    h = await harness();
    const { idToken } = await h.register();
    await h.post("/v1/auth/logout", undefined, bearer(idToken));
    expect(await h.db.revocations.count()).toBe(1);
    await h.service.start?.();
    expect(await h.db.revocations.count()).toBe(1);

    // past the token's expiry on both the wall clock (its exp claim) and the service clock: 7 days + 1
    h.deps.clock.set(Math.max(Date.now(), h.deps.clock.now()) + 8 * 24 * 60 * MINUTE);
    await h.service.start?.();
    expect(await h.db.revocations.count()).toBe(0);
  });
});
