import { type InternalRequest, ServiceUnavailableError } from "@folio/platform/internal";
import { bearer, createTestDeps, tokenFor } from "@folio/platform/testing";
import { EventPayloads } from "@folio/proto/events";
import { BASE_CURRENCY_UNSUPPORTED, SettingsErrorCodes, SUPPORTED_CURRENCIES, UsernameMessages } from "@folio/proto/settings";
import { Value } from "typebox/value";
import { afterEach, describe, expect, it } from "vitest";
import { PLAN_UNAVAILABLE } from "../src/settings.ts";
import { type Harness, harness, PUBLIC_URL } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.app.close();
});

const getSettings = async (token: string) => {
  const res = await h.post("/v1/get/settings", undefined, bearer(token));
  expect(res.statusCode).toBe(200);
  return res.json();
};
const update = (token: string, settings: unknown) => h.post("/v1/update/settings", { settings }, bearer(token));

describe("POST /v1/get/settings", () => {
  it("answers the defaults for a new account: notifications off, free plan, no username, no plans on offer", async () => {
    h = await harness();
    const { idToken } = await h.register("ann@example.com", "secret1", "Ann");
    expect(await getSettings(idToken)).toEqual({
      notifications: { enabled: false },
      account: { email: "ann@example.com", plan: "free", username: null, displayName: "Ann", baseCurrency: "USD" },
      currencies: [...SUPPORTED_CURRENCIES],
      plan_ids: [],
      connections: [],
    });
  });

  it("offers the price ids billing offers (BILLING_PRICE_IDS, read by billing), trimmed, once each", async () => {
    const env = { PUBLIC_URL, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    h = await harness(undefined, createTestDeps({ ...env, BILLING_PRICE_IDS: " price_monthly, price_yearly,,price_monthly " }));
    const { idToken } = await h.register();
    expect((await getSettings(idToken)).plan_ids).toEqual(["price_monthly", "price_yearly"]);
  });

  it("shows the plan billing reports for the caller, asked on the caller's own token", async () => {
    h = await harness();
    const { idToken } = await h.register();
    const asked: unknown[] = [];
    h.deps.services.call = async <T>(service: string, request: InternalRequest) => {
      asked.push({ service, ...request });
      if (service === "brokerage") return { status: 200, body: { results: [], maxConnections: 10, configured: true } as T };
      const plan = {
        plan: "pro",
        maxConnections: 10,
        plan_ids: ["price_m"],
        configured: true,
        paidMaxConnections: 10,
        manageable: true,
        status: "past_due",
      };
      return { status: 200, body: plan as T };
    };
    expect(await getSettings(idToken)).toMatchObject({ account: { plan: "pro" }, plan_ids: ["price_m"] });
    expect(asked).toEqual([
      { service: "billing", method: "GET", path: "/v1/billing/plan", token: idToken },
      { service: "brokerage", method: "POST", path: "/v1/plaid/get_connections", token: idToken },
    ]);
  });

  it("answers 503 with a clear message while billing cannot say the plan", async () => {
    h = await harness();
    const { idToken } = await h.register();
    h.deps.services.call = async () => {
      throw new ServiceUnavailableError("billing", new Error("connect ECONNREFUSED"));
    };
    const res = await h.post("/v1/get/settings", undefined, bearer(idToken));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: PLAN_UNAVAILABLE, code: "unavailable" });
  });

  it("answers from the token for an external identity not seen before", async () => {
    h = await harness();
    const token = tokenFor(h.app, { uid: "oidc|1", email: "Ext@Example.com" });
    expect((await getSettings(token)).account).toEqual({
      email: "ext@example.com",
      plan: "free",
      username: null,
      displayName: null,
      baseCurrency: "USD",
    });
  });

  it("needs a signed-in caller", async () => {
    h = await harness();
    const res = await h.post("/v1/get/settings");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: "nouser" });
  });
});

describe("POST /v1/update/settings", () => {
  it("saves the username, display name and notifications, and tells other services of the new public face", async () => {
    h = await harness();
    const { idToken, user } = await h.register("ann@example.com", "secret1", "Ann");
    const res = await update(idToken, { notifications: { enabled: true }, account: { username: " Ann_Lee ", displayName: " Ann Lee " } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(await getSettings(idToken)).toMatchObject({
      notifications: { enabled: true },
      account: { username: "Ann_Lee", displayName: "Ann Lee" },
    });

    const events = await h.deps.outboxEvents();
    expect(events.map((e) => e.type)).toEqual(["account.registered", "account.updated"]);
    expect(events[1]).toMatchObject({ key: user.uid, payload: { uid: user.uid, displayName: "Ann Lee", username: "Ann_Lee" } });
    expect(Value.Check(EventPayloads["account.updated"], events[1].payload)).toBe(true);
  });

  it("publishes nothing when only notifications change, and writes nothing when nothing changes", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    expect((await update(idToken, { notifications: { enabled: true } })).statusCode).toBe(200);
    expect((await getSettings(idToken)).notifications.enabled).toBe(true);
    const version = (await h.db.users.get(user.uid))?._v;
    expect((await update(idToken, { notifications: { enabled: true } })).statusCode).toBe(200);
    expect((await update(idToken, {})).statusCode).toBe(200);
    expect((await h.db.users.get(user.uid))?._v).toBe(version);
    expect((await h.deps.outboxEvents()).map((e) => e.type)).toEqual(["account.registered"]);
  });

  it("keeps a supported base currency, publishes it in account.updated, and refuses any other", async () => {
    h = await harness();
    const { idToken } = await h.register("ann@example.com", "secret1", "Ann");
    expect((await update(idToken, { account: { baseCurrency: "eur" } })).statusCode).toBe(200);
    expect((await getSettings(idToken)).account.baseCurrency).toBe("EUR");
    const events = await h.deps.outboxEvents();
    expect(events.at(-1)).toMatchObject({ type: "account.updated", payload: { baseCurrency: "EUR" } });
    expect(Value.Check(EventPayloads["account.updated"], events.at(-1)?.payload)).toBe(true);
    const refused = await update(idToken, { account: { baseCurrency: "XYZ" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "settings/base-currency", message: BASE_CURRENCY_UNSUPPORTED });
    expect((await getSettings(idToken)).account.baseCurrency).toBe("EUR");
    // the same currency again changes nothing and publishes nothing
    const count = (await h.deps.outboxEvents()).length;
    await update(idToken, { account: { baseCurrency: "EUR" } });
    expect(await h.deps.outboxEvents()).toHaveLength(count);
  });

  it("publishes account.updated for a username change alone", async () => {
    h = await harness();
    const { idToken } = await h.register("ann@example.com", "secret1", "Ann");
    await update(idToken, { account: { username: "ann" } });
    const events = await h.deps.outboxEvents();
    expect(events.at(-1)).toMatchObject({ type: "account.updated", payload: { displayName: "Ann", username: "ann" } });
  });

  it.each([
    ["an empty username", "", "required"],
    ["a blank username", "   ", "required"],
    ["2 characters", "ab", "length"],
    ["16 characters", "a".repeat(16), "length"],
    ["a space", "ann lee", "characters"],
    ["a hyphen", "ann-lee", "characters"],
    ["an accented letter", "änn", "characters"],
  ] as const)("refuses %s with the rule's message, and changes nothing", async (_name, username, failure) => {
    h = await harness();
    const { idToken } = await h.register();
    const res = await update(idToken, { notifications: { enabled: true }, account: { username } });
    expect(res.statusCode).toBe(400);
    const message = UsernameMessages[failure];
    expect(res.json()).toEqual({ message, error: message, code: SettingsErrorCodes[failure] });
    expect((await getSettings(idToken)).notifications.enabled).toBe(false);
  });

  it.each([
    ["3 characters", "abc"],
    ["15 characters", "a".repeat(15)],
  ])("accepts %s", async (_name, username) => {
    h = await harness();
    const { idToken } = await h.register();
    expect((await update(idToken, { account: { username } })).statusCode).toBe(200);
    expect((await getSettings(idToken)).account.username).toBe(username);
  });

  it("refuses a blank display name", async () => {
    h = await harness();
    const { idToken } = await h.register();
    const res = await update(idToken, { account: { displayName: "  " } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "The display name must not be empty",
      error: "The display name must not be empty",
      code: SettingsErrorCodes.displayName,
    });
  });

  it("refuses a malformed body with a validation error", async () => {
    h = await harness();
    const { idToken } = await h.register();
    const res = await h.post("/v1/update/settings", { settings: { notifications: { enabled: "yes" } } }, bearer(idToken));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_failed");
  });

  describe("username uniqueness", () => {
    it("refuses a name another user has, whatever its case", async () => {
      h = await harness();
      const ann = await h.register("ann@example.com");
      const bob = await h.register("bob@example.com");
      expect((await update(ann.idToken, { account: { username: "Ann_1" } })).statusCode).toBe(200);
      const res = await update(bob.idToken, { account: { username: "aNN_1" } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: UsernameMessages.taken, error: UsernameMessages.taken, code: SettingsErrorCodes.taken });
      expect((await getSettings(bob.idToken)).account.username).toBeNull();
    });

    it("lets the owner keep the name, change its case, and free it by choosing another", async () => {
      h = await harness();
      const ann = await h.register("ann@example.com");
      const bob = await h.register("bob@example.com");
      await update(ann.idToken, { account: { username: "ann_1" } });
      expect((await update(ann.idToken, { account: { username: "ann_1" } })).statusCode).toBe(200);
      expect((await update(ann.idToken, { account: { username: "ANN_1" } })).statusCode).toBe(200);
      expect((await getSettings(ann.idToken)).account.username).toBe("ANN_1");
      expect((await update(ann.idToken, { account: { username: "annie" } })).statusCode).toBe(200);
      expect((await update(bob.idToken, { account: { username: "ann_1" } })).statusCode).toBe(200);
      expect((await update(ann.idToken, { account: { username: "Ann_1" } })).statusCode).toBe(400);
      expect((await h.db.usernames.find()).map((c) => [c._id, c.uid]).sort()).toEqual(
        [
          ["ann_1", bob.user.uid],
          ["annie", ann.user.uid],
        ].sort(),
      );
    });

    it("gives a name two users ask for at the same moment to exactly one of them", async () => {
      h = await harness();
      const users = await Promise.all(["a@example.com", "b@example.com", "c@example.com"].map((e) => h.register(e)));
      const replies = await Promise.all(users.map((u) => update(u.idToken, { account: { username: "popular" } })));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      for (const r of replies.filter((r) => r.statusCode === 400)) expect(r.json().message).toBe(UsernameMessages.taken);
      const winner = users[replies.findIndex((r) => r.statusCode === 200)];
      expect(await h.db.usernames.get("popular")).toMatchObject({ uid: winner.user.uid });
    });
  });

  it("creates the account of an external identity on its first update", async () => {
    h = await harness();
    const token = tokenFor(h.app, { uid: "oidc|2", email: "two@example.com" });
    expect((await update(token, { account: { username: "two_2" } })).statusCode).toBe(200);
    expect(await h.db.users.get("oidc|2")).toMatchObject({ email: "two@example.com", username: "two_2" });
    expect((await h.deps.outboxEvents()).map((e) => e.type)).toEqual(["account.registered", "account.updated"]);
  });

  it("needs a signed-in caller", async () => {
    h = await harness();
    const res = await h.post("/v1/update/settings", { settings: { account: { username: "ann" } } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: "nouser" });
  });
});
