import { bearer, tokenFor } from "@folio/platform/testing";
import { ErrorCodes, Messages } from "@folio/proto/errors";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, harness } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.app.close();
});

describe("POST /v1/auth/profile", () => {
  it("changes the display name, replies with the user and publishes account.updated", async () => {
    h = await harness();
    const { idToken, user } = await h.register("ann@example.com", "secret1");
    const res = await h.post("/v1/auth/profile", { displayName: "  Ann Lee " }, bearer(idToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { uid: user.uid, email: "ann@example.com", displayName: "Ann Lee" } });

    const events = await h.deps.outboxEvents();
    expect(events.map((e) => e.type)).toEqual(["account.registered", "account.updated"]);
    expect(events[1]).toMatchObject({ key: user.uid, payload: { uid: user.uid, displayName: "Ann Lee" } });
    expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "secret1" })).json().user.displayName).toBe("Ann Lee");
  });

  it("publishes nothing when the name does not change", async () => {
    h = await harness();
    const { idToken } = await h.register("ann@example.com", "secret1", "Ann");
    expect((await h.post("/v1/auth/profile", { displayName: "Ann" }, bearer(idToken))).statusCode).toBe(200);
    expect(await h.deps.outboxEvents()).toHaveLength(1);
  });

  it("refuses a blank name", async () => {
    h = await harness();
    const { idToken } = await h.register();
    const res = await h.post("/v1/auth/profile", { displayName: "   " }, bearer(idToken));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "The display name must not be empty", code: ErrorCodes.validation });
  });

  it("needs a display name field", async () => {
    h = await harness();
    const { idToken } = await h.register();
    const res = await h.post("/v1/auth/profile", {}, bearer(idToken));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCodes.validation);
  });

  it("needs a signed-in caller", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/profile", { displayName: "Ann" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: "nouser" });
  });

  it("refuses a token that was not signed with the service's secret", async () => {
    h = await harness();
    const { idToken } = await h.register();
    const [header, payload] = idToken.split(".");
    const forged = `${header}.${payload}.${"x".repeat(43)}`;
    expect((await h.post("/v1/auth/profile", { displayName: "Mallory" }, bearer(forged))).statusCode).toBe(401);
  });
});

describe("POST /v1/login (the spec's sign-in report)", () => {
  it("records when the user last signed in", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    expect((await h.db.users.get(user.uid))?.lastLoginAt).toBeNull();
    h.deps.clock.advance(5_000);
    const res = await h.post("/v1/login", { currentUser: { uid: user.uid, email: user.email } }, bearer(idToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: "ok" });
    expect((await h.db.users.get(user.uid))?.lastLoginAt).toBe(new Date(h.deps.clock.now()).toISOString());
  });

  it("needs a signed-in caller", async () => {
    h = await harness();
    const res = await h.post("/v1/login", { currentUser: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: "nouser" });
  });

  it("trusts the token, not the reported user", async () => {
    h = await harness();
    const ann = await h.register("ann@example.com");
    const bob = await h.register("bob@example.com");
    await h.post("/v1/login", { currentUser: { uid: bob.user.uid } }, bearer(ann.idToken));
    expect((await h.db.users.get(ann.user.uid))?.lastLoginAt).not.toBeNull();
    expect((await h.db.users.get(bob.user.uid))?.lastLoginAt).toBeNull();
  });
});

describe("POST /v1/register (the spec's sign-up report with the referrer)", () => {
  it("records a referrer who is one of our users", async () => {
    h = await harness();
    const referrer = await h.register("ref@example.com");
    const { idToken, user } = await h.register("new@example.com");
    const res = await h.post("/v1/register", { currentUser: { uid: user.uid }, referrer: ` ${referrer.user.uid} ` }, bearer(idToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: "ok" });
    expect(await h.db.users.get(user.uid)).toMatchObject({ referrer: referrer.user.uid, referrerUid: referrer.user.uid });
  });

  it("records an unknown referrer as given, trimmed", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    await h.post("/v1/register", { currentUser: {}, referrer: "  some_username\n" }, bearer(idToken));
    expect(await h.db.users.get(user.uid)).toMatchObject({ referrer: "some_username", referrerUid: null });
  });

  it("records the referrer once", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    await h.post("/v1/register", { currentUser: {}, referrer: "first" }, bearer(idToken));
    await h.post("/v1/register", { currentUser: {}, referrer: "second" }, bearer(idToken));
    expect((await h.db.users.get(user.uid))?.referrer).toBe("first");
  });

  it("does not let a user refer themselves", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    await h.post("/v1/register", { currentUser: {}, referrer: user.uid }, bearer(idToken));
    expect(await h.db.users.get(user.uid)).toMatchObject({ referrer: null, referrerUid: null });
  });

  it("accepts a missing or null referrer and records nothing", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    expect((await h.post("/v1/register", { currentUser: {} }, bearer(idToken))).statusCode).toBe(200);
    expect((await h.post("/v1/register", { currentUser: {}, referrer: null }, bearer(idToken))).statusCode).toBe(200);
    expect((await h.db.users.get(user.uid))?.referrer).toBeNull();
  });

  it("needs a signed-in caller", async () => {
    h = await harness();
    const res = await h.post("/v1/register", { currentUser: {}, referrer: "x" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: "nouser" });
  });
});

describe("an identity from an external provider", () => {
  it("becomes an account on /v1/register, and other services hear of it with the referrer", async () => {
    h = await harness();
    const token = tokenFor(h.app, { uid: "oidc|42", email: "Ext@Example.com" });
    const res = await h.post("/v1/register", { currentUser: { displayName: "Ext" }, referrer: "campaign" }, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(await h.db.users.get("oidc|42")).toMatchObject({
      email: "ext@example.com",
      displayName: "Ext",
      passwordHash: null,
      referrer: "campaign",
    });
    const events = await h.deps.outboxEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "account.registered",
      key: "oidc|42",
      payload: { uid: "oidc|42", email: "ext@example.com", displayName: "Ext", referrer: "campaign" },
    });
  });

  it("becomes an account on /v1/login too, once", async () => {
    h = await harness();
    const token = tokenFor(h.app, { uid: "oidc|7", email: "seven@example.com" });
    await h.post("/v1/login", { currentUser: {} }, bearer(token));
    await h.post("/v1/login", { currentUser: {} }, bearer(token));
    expect((await h.db.users.get("oidc|7"))?.lastLoginAt).not.toBeNull();
    expect((await h.deps.outboxEvents()).map((e) => e.type)).toEqual(["account.registered"]);
  });

  it("cannot sign in with a password it never set", async () => {
    h = await harness();
    await h.post("/v1/login", { currentUser: {} }, bearer(tokenFor(h.app, { uid: "oidc|8", email: "eight@example.com" })));
    const res = await h.post("/v1/auth/login", { email: "eight@example.com", password: "anything" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(Messages.invalidCredential);
  });

  it("cannot take an e-mail a built-in account already has", async () => {
    h = await harness();
    await h.register("taken@example.com");
    const res = await h.post("/v1/register", { currentUser: {} }, bearer(tokenFor(h.app, { uid: "oidc|9", email: "taken@example.com" })));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: Messages.emailInUse, code: ErrorCodes.emailInUse });
  });
});
