/**
 * Keeping connections fresh: Plaid's webhooks (verified as Plaid documents: ES256 JWT, key by kid, iat at
 * most 5 minutes old, the body's SHA-256), the sync job, the daily sweep, ITEM_LOGIN_REQUIRED, and access
 * tokens re-encrypted under a rotated key.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newSigningKey, signPlaidWebhook } from "../../../scripts/fakes/plaid-webhooks.ts";
import { connections } from "../src/store.ts";
import { KEY_FETCHES_PER_MINUTE } from "../src/webhook-verification.ts";
import { type BrokerageHarness, brokerageHarness, importedEvents, newKey } from "./helpers.ts";

let h: BrokerageHarness;
beforeEach(async () => {
  h = await brokerageHarness();
});
afterEach(() => h.close());

async function connect(uid = "alice") {
  const reply = await h.as(uid).createPortfolios(await h.link(uid));
  const [doc] = await connections(h.deps.store).find({ uid });
  return { connectionId: reply.json().connectionId as string, itemId: doc.itemId };
}

const webhook = (body: string, verification: string | undefined) =>
  h.app.inject({
    method: "POST",
    url: "/v1/plaid/webhook",
    headers: { "content-type": "application/json", ...(verification ? { "plaid-verification": verification } : {}) },
    payload: body,
  });

const holdingsUpdate = (itemId: string) =>
  JSON.stringify(
    {
      environment: "sandbox",
      error: null,
      item_id: itemId,
      new_holdings: 0,
      updated_holdings: 1,
      webhook_code: "DEFAULT_UPDATE",
      webhook_type: "HOLDINGS",
    },
    null,
    2,
  );

describe("POST /v1/plaid/webhook", () => {
  it("HOLDINGS DEFAULT_UPDATE, verified, syncs the connection: the new quantities are published as a sync", async () => {
    const { itemId, connectionId } = await connect();
    const item = h.fake.items.get(itemId);
    if (!item) throw new Error("no item");
    item.holdings[0].quantity = 12;
    const body = holdingsUpdate(itemId);
    const reply = await webhook(body, h.fake.signWebhook(body));
    expect(reply.statusCode).toBe(200);
    await h.deps.queue.drain?.("brokerage.sync");
    const events = await importedEvents(h.deps);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ connectionId, sync: true });
    expect(events[1].accounts[0].holdings[0]).toMatchObject({ ticker: "AAPL", quantity: 12 });
  });

  it("refuses a body that is not the one signed, a missing signature and a stale one; accepts a rotated key", async () => {
    const { itemId } = await connect();
    const body = holdingsUpdate(itemId);
    const signature = h.fake.signWebhook(body);
    expect((await webhook(body.replace("DEFAULT_UPDATE", "DEFAULT_UPDATE "), signature)).statusCode).toBe(401);
    expect((await webhook(body, undefined)).statusCode).toBe(401);
    const sixMinutesAgo = Math.floor(h.deps.clock.now() / 1000) - 6 * 60;
    expect((await webhook(body, h.fake.signWebhook(body, sixMinutesAgo))).statusCode).toBe(401);
    // Plaid's own kid and a well-formed signature that is not the key's: jose refuses it
    const [head, claims, sig] = signature.split(".");
    const wrong = Buffer.from(sig, "base64url");
    wrong[10] ^= 0xff;
    expect((await webhook(body, `${head}.${claims}.${wrong.toString("base64url")}`)).statusCode).toBe(401);
    h.fake.rotateVerificationKey();
    // signed with the new key: accepted
    expect((await webhook(body, h.fake.signWebhook(body))).statusCode).toBe(200);
    await h.deps.queue.drain?.("brokerage.sync");
    expect(await importedEvents(h.deps)).toHaveLength(2);
  });

  it("ITEM ERROR ITEM_LOGIN_REQUIRED marks the connection as needing the user", async () => {
    const { itemId } = await connect();
    const body = JSON.stringify({
      environment: "sandbox",
      error: { error_code: "ITEM_LOGIN_REQUIRED", error_type: "ITEM_ERROR" },
      item_id: itemId,
      webhook_code: "ERROR",
      webhook_type: "ITEM",
    });
    expect((await webhook(body, h.fake.signWebhook(body))).statusCode).toBe(200);
    expect((await h.as("alice").connections()).json().results[0].status).toBe("login_required");
  });
});

describe("a forged or malformed Plaid-Verification", () => {
  const keyAsks = () => h.fake.requests.filter((r) => r.path === "/webhook_verification_key/get").length;
  const forged = (body: string, key = newSigningKey(Math.floor(h.deps.clock.now() / 1000))) =>
    signPlaidWebhook(body, key, Math.floor(h.deps.clock.now() / 1000));

  it("is refused without asking Plaid for a key when its shape, age or body digest is wrong (400 malformed, 401 otherwise)", async () => {
    const { itemId } = await connect();
    const body = holdingsUpdate(itemId);
    const good = h.fake.signWebhook(body);
    const [header, payload, signature] = good.split(".");
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const before = keyAsks();
    const malformed = [
      "not-a-jwt",
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.extra`,
      `${b64({ alg: "HS256", kid: "k" })}.${payload}.${signature}`,
      `${b64({ alg: "none", kid: "k" })}.${payload}.`,
      `${b64({ alg: "ES256" })}.${payload}.${signature}`,
      `${b64({ alg: "ES256", kid: "../../etc/passwd" })}.${payload}.${signature}`,
      `${b64({ alg: "ES256", kid: "k".repeat(5000) })}.${payload}.${signature}`,
      `${b64("a string")}.${payload}.${signature}`,
      `${header}.${b64({ iat: "yesterday" })}.${signature}`,
      `${header}.${b64({ iat: 1, request_body_sha256: "nothex" })}.${signature}`,
      `${header}.${payload}.${Buffer.alloc(10).toString("base64url")}`,
      `${header}.${payload}.!!!`,
      "a".repeat(200_000),
    ];
    for (const jwt of malformed) expect((await webhook(body, jwt)).statusCode, jwt.slice(0, 80)).toBe(400);
    // well formed but stale, or for another body: 401, still no key asked for
    const stale = signPlaidWebhook(body, newSigningKey(0), Math.floor(h.deps.clock.now() / 1000) - 6 * 60);
    expect((await webhook(body, stale)).statusCode).toBe(401);
    expect((await webhook(`${body} `, forged(body))).statusCode).toBe(401);
    expect(keyAsks()).toBe(before);
  });

  it("with a kid Plaid does not know is a 401 (never a 500), and the kid's failure is kept: Plaid is asked once", async () => {
    const { itemId } = await connect();
    const body = holdingsUpdate(itemId);
    const stranger = newSigningKey(Math.floor(h.deps.clock.now() / 1000));
    const before = keyAsks();
    for (let i = 0; i < 5; i++) expect((await webhook(body, forged(body, stranger))).statusCode).toBe(401);
    expect(keyAsks() - before).toBe(1);
    // the genuine key is asked for once too, then kept
    for (let i = 0; i < 3; i++) expect((await webhook(body, h.fake.signWebhook(body))).statusCode).toBe(200);
    expect(keyAsks() - before).toBe(2);
  });

  it("with a new kid each time asks Plaid at most KEY_FETCHES_PER_MINUTE times a minute", async () => {
    const { itemId } = await connect();
    const body = holdingsUpdate(itemId);
    const before = keyAsks();
    const answers = [];
    for (let i = 0; i < KEY_FETCHES_PER_MINUTE + 15; i++) answers.push((await webhook(body, forged(body))).statusCode);
    expect(new Set(answers)).toEqual(new Set([401]));
    expect(keyAsks() - before).toBe(KEY_FETCHES_PER_MINUTE);
    h.deps.clock.advance(61_000);
    expect((await webhook(body, forged(body))).statusCode).toBe(401);
    expect(keyAsks() - before).toBe(KEY_FETCHES_PER_MINUTE + 1);
  });

  it("while Plaid cannot answer the key look-up is a 503 with Retry-After, kept 30 s, then asked again", async () => {
    const { itemId } = await connect();
    const body = holdingsUpdate(itemId);
    h.fake.fail({ status: 500 }, { path: "/webhook_verification_key/get", times: 1 });
    const before = keyAsks();
    const down = await webhook(body, h.fake.signWebhook(body));
    expect(down.statusCode).toBe(503);
    expect(Number(down.headers["retry-after"])).toBeGreaterThan(0);
    expect((await webhook(body, h.fake.signWebhook(body))).statusCode).toBe(503);
    expect(keyAsks() - before).toBe(1);
    h.deps.clock.advance(31_000);
    expect((await webhook(body, h.fake.signWebhook(body))).statusCode).toBe(200);
  });
});

describe("sync jobs", () => {
  it("a sync that meets ITEM_LOGIN_REQUIRED marks the connection instead of failing, and publishes nothing", async () => {
    const { itemId, connectionId } = await connect();
    const item = h.fake.items.get(itemId);
    if (!item) throw new Error("no item");
    const { PlaidApiError } = await import("../../../scripts/fakes/plaid.ts");
    item.error = PlaidApiError.loginRequired();
    await h.deps.queue.add("brokerage.sync", "brokerage.sync", { connectionId });
    await h.deps.queue.drain?.("brokerage.sync");
    expect((await h.as("alice").connections()).json().results[0].status).toBe("login_required");
    expect(await importedEvents(h.deps)).toHaveLength(1);
    // the daily sweep skips it
    await h.deps.queue.add("brokerage.sync-all", "brokerage.sync-all", {});
    await h.deps.queue.drain?.("brokerage.sync-all");
    await h.deps.queue.drain?.("brokerage.sync");
    expect(await importedEvents(h.deps)).toHaveLength(1);
  });

  it("the daily sweep syncs every connection in good standing", async () => {
    await connect("alice");
    await connect("bob");
    await h.deps.queue.add("brokerage.sync-all", "brokerage.sync-all", {});
    await h.deps.queue.drain?.("brokerage.sync-all");
    await h.deps.queue.drain?.("brokerage.sync");
    const events = await importedEvents(h.deps);
    expect(
      events
        .filter((e) => e.sync)
        .map((e) => e.uid)
        .sort(),
    ).toEqual(["alice", "bob"]);
  });
});

describe("holdings not ready yet", () => {
  it("keeps the connection, and the sync a minute later makes the first import", async () => {
    const linked = await h.link("alice");
    h.fake.fail(
      {
        status: 400,
        body: {
          error_type: "ITEM_ERROR",
          error_code: "PRODUCT_NOT_READY",
          error_message: "the requested product is not yet ready. please provide a webhook or try the request again later",
          display_message: null,
          request_id: "r1",
        },
      },
      { path: "/investments/holdings/get" },
    );
    const reply = await h.as("alice").createPortfolios(linked);
    expect(reply.json()).toMatchObject({ public_token_exchange: "complete", accounts: 0, duplicate: false });
    expect(await importedEvents(h.deps)).toEqual([]);
    expect((await h.as("alice").connections()).json().results[0]).toMatchObject({ lastSynced: null, status: "ok" });
    h.deps.clock.advance(60_000);
    await h.deps.queue.drain?.("brokerage.sync");
    const [event] = await importedEvents(h.deps);
    // the first import, though it came from a sync: portfolio creates the portfolios, achievements count step 8
    expect(event).toMatchObject({ sync: false });
    expect(event.accounts).toHaveLength(2);
  });
});

describe("BROKERAGE_TOKEN_KEY rotation", () => {
  it("a token under the old key still works, and the next sync re-encrypts it under the new one", async () => {
    const oldKey = newKey();
    const first = await brokerageHarness({ env: { BROKERAGE_TOKEN_KEY: oldKey }, fake: h.fake });
    // the rotated service shares the first one's store
    await first.as("alice").createPortfolios(await first.link("alice"));
    const [before] = await connections(first.deps.store).find({ uid: "alice" });
    const { createBrokerageService } = await import("../src/service.ts");
    const { forService } = await import("@folio/platform/testing");
    const rotatedEnv = { ...first.deps.config.env, BROKERAGE_TOKEN_KEY: newKey(), BROKERAGE_TOKEN_KEYS_OLD: oldKey };
    const rotated = createBrokerageService(forService({ ...first.deps, config: { ...first.deps.config, env: rotatedEnv } }, "brokerage"));
    const sync = rotated.jobs?.find((j) => j.queue === "brokerage.sync");
    await sync?.handler({
      id: "1",
      name: "brokerage.sync",
      data: { connectionId: before._id },
      attempt: 1,
      updateProgress: async () => {},
    });
    const [after] = await connections(first.deps.store).find({ uid: "alice" });
    expect(after.accessToken.split(".")[1]).not.toBe(before.accessToken.split(".")[1]);
    expect(after.lastSynced).not.toBeNull();
    await first.close();
  });

  it("refuses a key that is not 32 bytes of base64 at start", async () => {
    await expect(brokerageHarness({ env: { BROKERAGE_TOKEN_KEY: "short" }, fake: h.fake })).rejects.toThrow(/BROKERAGE_TOKEN_KEY/);
  });
});
