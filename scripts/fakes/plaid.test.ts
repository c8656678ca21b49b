/**
 * The Plaid fake, driven through the official SDK (plaid-node), and its webhooks verified the way Plaid
 * documents (plaid.com/docs/api/webhooks/webhook-verification/): decode the JWT header, insist on ES256,
 * fetch the JWK for its kid with /webhook_verification_key/get, check the signature, reject an iat older
 * than 5 minutes, and compare the body's SHA-256 with request_body_sha256 in constant time.
 */
import { createHash, createPublicKey, timingSafeEqual, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Configuration, CountryCode, type ItemGetRequest, type LinkTokenCreateRequest, PlaidApi, Products } from "plaid";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakePlaid, startFakePlaid } from "./plaid.ts";

let fake: FakePlaid;
let plaid: PlaidApi;
let clock = Date.now();
let receiver: { url: string; received: { headers: IncomingHttpHeaders; body: string }[]; server: Server };

const client = (f: FakePlaid, headers: Record<string, string> = { "PLAID-CLIENT-ID": f.clientId, "PLAID-SECRET": f.secret }, timeout = 0) =>
  new PlaidApi(new Configuration({ basePath: f.url, baseOptions: { headers, timeout } }));

/** What plaid-node rejects with: axios's error, carrying Plaid's answer. */
interface SdkError {
  code?: string;
  response?: { status: number; data: Record<string, unknown> };
}

/** The Plaid error body an SDK call failed with. */
async function plaidError(call: Promise<unknown>): Promise<{ status?: number; data: Record<string, unknown> }> {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as SdkError | null;
  if (!error?.response) throw new Error(`expected a Plaid error answer, got ${String(error)}`);
  return { status: error.response.status, data: error.response.data };
}

/** Plaid's documented verification, step by step; returns the parsed body or why it was rejected. */
async function verifyWebhook(body: string, headers: IncomingHttpHeaders, api: PlaidApi, nowSeconds = Math.floor(Date.now() / 1000)) {
  const jwt = headers["plaid-verification"];
  if (typeof jwt !== "string") return { rejected: "no Plaid-Verification header" };
  const [headerPart, payloadPart, signaturePart] = jwt.split(".");
  const header = JSON.parse(Buffer.from(headerPart, "base64url").toString("utf8")) as { alg: string; kid: string; typ: string };
  if (header.alg !== "ES256") return { rejected: "alg" };
  const { data } = await api.webhookVerificationKeyGet({ key_id: header.kid });
  const key = createPublicKey({ key: { kty: data.key.kty, crv: data.key.crv, x: data.key.x, y: data.key.y }, format: "jwk" });
  const signed = verify(
    "sha256",
    Buffer.from(`${headerPart}.${payloadPart}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signaturePart, "base64url"),
  );
  if (!signed) return { rejected: "signature" };
  const claims = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8")) as { iat: number; request_body_sha256: string };
  if (nowSeconds - claims.iat > 5 * 60) return { rejected: "stale" };
  const digest = createHash("sha256").update(body, "utf8").digest("hex");
  if (!timingSafeEqual(Buffer.from(digest), Buffer.from(claims.request_body_sha256))) return { rejected: "body" };
  return { body: JSON.parse(body) as Record<string, unknown> };
}

beforeAll(async () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/plaid/webhook`, received, server };
});
afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

beforeEach(async () => {
  receiver.received.length = 0;
  clock = Date.now();
  fake = await startFakePlaid({ now: () => clock });
  plaid = client(fake);
});
afterEach(() => fake.close());

async function linkedItem(institution_id = "ins_109508") {
  const { data: created } = await plaid.sandboxPublicTokenCreate({
    institution_id,
    initial_products: [Products.Investments],
    options: { webhook: receiver.url },
  });
  const { data } = await plaid.itemPublicTokenExchange({ public_token: created.public_token });
  return data;
}

describe("API calls through plaid-node", () => {
  it("creates a link token for Investments, authenticated by the PLAID-CLIENT-ID and PLAID-SECRET headers", async () => {
    const { data } = await plaid.linkTokenCreate({
      client_name: "Folio",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "user-1" },
      products: [Products.Investments],
      webhook: receiver.url,
    });
    expect(data.link_token).toMatch(/^link-sandbox-/);
    expect(Date.parse(data.expiration)).toBeGreaterThan(Date.now());
    expect(data.request_id).toMatch(/^\w{15}$/);
    const request = fake.requests.at(-1);
    expect(request?.headers["plaid-client-id"]).toBe(fake.clientId);
    expect(request?.headers["plaid-version"]).toBe("2020-09-14");
    expect(request?.body).not.toHaveProperty("secret");
  });

  it("accepts credentials in the body too, and answers INVALID_API_KEYS for wrong ones", async () => {
    const bare = client(fake, {});
    const { data } = await bare.institutionsGetById({
      client_id: fake.clientId,
      secret: fake.secret,
      institution_id: "ins_109508",
      country_codes: [CountryCode.Us],
    });
    expect(data.institution.name).toBe("First Platypus Bank");
    const wrong = await plaidError(
      client(fake, { "PLAID-CLIENT-ID": fake.clientId, "PLAID-SECRET": "nope" }).itemGet({ access_token: "access-sandbox-x" }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      error_type: "INVALID_INPUT",
      error_code: "INVALID_API_KEYS",
      error_message: "invalid client_id or secret provided",
      display_message: null,
    });
    expect(wrong.data.request_id).toEqual(expect.any(String));
  });

  it("names missing and unknown fields as Plaid does", async () => {
    const missing = await plaidError(
      plaid.linkTokenCreate({
        client_name: "Folio",
        language: "en",
        country_codes: [CountryCode.Us],
        products: [Products.Investments],
      } as unknown as LinkTokenCreateRequest),
    );
    expect(missing.data).toMatchObject({
      error_type: "INVALID_REQUEST",
      error_code: "MISSING_FIELDS",
      error_message: expect.stringContaining("user.client_user_id"),
    });
    const unknown = await plaidError(plaid.itemGet({ access_token: "access-sandbox-x", extra: 1 } as unknown as ItemGetRequest));
    expect(unknown.data).toMatchObject({
      error_code: "UNKNOWN_FIELDS",
      error_message: "the following fields are not recognized by this endpoint: extra",
    });
  });

  it("exchanges a Sandbox public token once, and not after 30 minutes", async () => {
    const { data: created } = await plaid.sandboxPublicTokenCreate({
      institution_id: "ins_109508",
      initial_products: [Products.Investments],
    });
    expect(created.public_token).toMatch(/^public-sandbox-/);
    const { data } = await plaid.itemPublicTokenExchange({ public_token: created.public_token });
    expect(data.access_token).toMatch(/^access-sandbox-/);
    expect(fake.items.get(data.item_id)?.access_token).toBe(data.access_token);
    const again = await plaidError(plaid.itemPublicTokenExchange({ public_token: created.public_token }));
    expect(again.data).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_PUBLIC_TOKEN" });
    const { data: late } = await plaid.sandboxPublicTokenCreate({ institution_id: "ins_109508", initial_products: [Products.Investments] });
    clock += 31 * 60 * 1000;
    const expired = await plaidError(plaid.itemPublicTokenExchange({ public_token: late.public_token }));
    expect(expired.data.error_message).toContain("expired");
  });

  it("returns holdings with accounts and securities, tickers and cost bases possibly null, values from quantity × price", async () => {
    const { access_token } = await linkedItem();
    const { data } = await plaid.investmentsHoldingsGet({ access_token });
    expect(data.accounts.map((a) => [a.name, a.type])).toEqual([
      ["Plaid Checking", "depository"],
      ["Plaid IRA", "investment"],
      ["Plaid 401k", "investment"],
    ]);
    expect(data.holdings).toHaveLength(5);
    const security = (id: string) => data.securities.find((s) => s.security_id === id);
    const fund = data.holdings.find((h) => security(h.security_id)?.ticker_symbol === null);
    expect(security(fund?.security_id ?? "")?.name).toBe("NH PORTFOLIO 1055 (FIDELITY INDEX)");
    expect(fund?.cost_basis).toBeNull();
    // 100.3 × 10.42 = 1045.126 → 1045.13
    expect(fund?.institution_value).toBe(1045.13);
    // IRA: 10 × 211.18 + 25 × 300.12 + 1200.5 × 1 = 2111.80 + 7503.00 + 1200.50 = 10815.30
    // 401k: 5 × 500.20 + 1045.13 = 2501.00 + 1045.13 = 3546.13
    expect(data.accounts.filter((a) => a.type === "investment").map((a) => a.balances.current)).toEqual([10815.3, 3546.13]);
    expect(data.item.institution_id).toBe("ins_109508");
    const ira = data.accounts[1].account_id;
    const only = await plaid.investmentsHoldingsGet({ access_token, options: { account_ids: [ira] } });
    expect(only.data.holdings.every((h) => h.account_id === ira)).toBe(true);
    expect(only.data.securities.map((s) => s.ticker_symbol).sort()).toEqual(["AAPL", "CUR:USD", "VTI"]);
  });

  it("completes Link for a link token: the item gets the token's webhook, metadata names the accounts", async () => {
    const { data: token } = await plaid.linkTokenCreate({
      client_name: "Folio",
      language: "en",
      country_codes: [CountryCode.Us],
      user: { client_user_id: "user-1" },
      products: [Products.Investments],
      webhook: receiver.url,
    });
    const { public_token, metadata } = fake.completeLink(token.link_token, { institutionId: "ins_109512" });
    expect(metadata.institution).toEqual({ name: "Houndstooth Bank", institution_id: "ins_109512" });
    const { data } = await plaid.itemPublicTokenExchange({ public_token });
    const { data: item } = await plaid.itemGet({ access_token: data.access_token });
    expect(item.item).toMatchObject({
      item_id: data.item_id,
      institution_name: "Houndstooth Bank",
      webhook: receiver.url,
      error: null,
      billed_products: ["investments"],
    });
    const { data: holdings } = await plaid.investmentsHoldingsGet({ access_token: data.access_token });
    expect(holdings.accounts.map((a) => a.account_id)).toEqual(metadata.accounts.map((a) => a.id));
  });

  it("looks institutions up by id and refuses unknown ones", async () => {
    const { data } = await plaid.institutionsGetById({
      institution_id: "ins_109508",
      country_codes: [CountryCode.Us],
      options: { include_optional_metadata: true },
    });
    expect(data.institution).toMatchObject({
      name: "First Platypus Bank",
      products: expect.arrayContaining(["investments"]),
      url: "https://www.plaid.com",
    });
    const error = await plaidError(plaid.institutionsGetById({ institution_id: "ins_nope", country_codes: [CountryCode.Us] }));
    expect(error.data).toMatchObject({ error_code: "INVALID_INSTITUTION", error_message: "invalid institution_id provided" });
  });

  it("removes an item; its access token then answers ITEM_NOT_FOUND", async () => {
    const { access_token, item_id } = await linkedItem();
    await plaid.itemRemove({ access_token });
    expect(fake.items.get(item_id)?.removed).toBe(true);
    const error = await plaidError(plaid.investmentsHoldingsGet({ access_token }));
    expect(error.data).toMatchObject({ error_type: "ITEM_ERROR", error_code: "ITEM_NOT_FOUND" });
    const unknown = await plaidError(plaid.itemGet({ access_token: "access-sandbox-unknown" }));
    expect(unknown.data).toMatchObject({ error_code: "INVALID_ACCESS_TOKEN", error_message: "could not find matching access token" });
  });
});

describe("webhooks", () => {
  it("sends HOLDINGS: DEFAULT_UPDATE signed with a key /webhook_verification_key/get serves", async () => {
    const { item_id } = await linkedItem();
    const delivery = await fake.sendHoldingsUpdate(item_id, { new_holdings: 1, updated_holdings: 2 });
    expect(delivery.status).toBe(200);
    const [received] = receiver.received;
    expect(received.body).toContain('\n  "webhook_type": "HOLDINGS"');
    expect(await verifyWebhook(received.body, received.headers, plaid)).toEqual({
      body: {
        environment: "sandbox",
        error: null,
        item_id,
        new_holdings: 1,
        updated_holdings: 2,
        webhook_code: "DEFAULT_UPDATE",
        webhook_type: "HOLDINGS",
      },
    });
  });

  it("ITEM_LOGIN_REQUIRED: sends ITEM: ERROR, and the item's data calls fail with it until re-linked", async () => {
    const { item_id, access_token } = await linkedItem();
    await fake.requireLogin(item_id);
    const verified = await verifyWebhook(receiver.received[0].body, receiver.received[0].headers, plaid);
    expect(verified.body).toMatchObject({
      webhook_type: "ITEM",
      webhook_code: "ERROR",
      item_id,
      error: { error_type: "ITEM_ERROR", error_code: "ITEM_LOGIN_REQUIRED", status: 400 },
    });
    const holdings = await plaidError(plaid.investmentsHoldingsGet({ access_token }));
    expect(holdings.data).toMatchObject({ error_type: "ITEM_ERROR", error_code: "ITEM_LOGIN_REQUIRED" });
    const { data } = await plaid.itemGet({ access_token });
    expect(data.item.error?.error_code).toBe("ITEM_LOGIN_REQUIRED");
    expect(data.status?.last_webhook?.code_sent).toBe("ERROR");
  });

  it("a tampered body, a stale signature or an unknown key fail verification; a rotated key is still served", async () => {
    const { item_id } = await linkedItem();
    await fake.sendHoldingsUpdate(item_id);
    const { body, headers } = receiver.received[0];
    expect(await verifyWebhook(body.replace('"updated_holdings": 1', '"updated_holdings": 9'), headers, plaid)).toEqual({
      rejected: "body",
    });
    expect(await verifyWebhook(body, headers, plaid, Math.floor(Date.now() / 1000) + 6 * 60)).toEqual({ rejected: "stale" });
    const replayed = fake.signWebhook(body, Math.floor(Date.now() / 1000) - 10 * 60);
    expect(await verifyWebhook(body, { "plaid-verification": replayed }, plaid)).toEqual({ rejected: "stale" });
    const oldKey = fake.verificationKey;
    const newKey = fake.rotateVerificationKey();
    expect(newKey.kid).not.toBe(oldKey.kid);
    expect((await plaid.webhookVerificationKeyGet({ key_id: oldKey.kid })).data.key.expired_at).toEqual(expect.any(Number));
    expect((await verifyWebhook(body, headers, plaid)).body).toBeDefined();
    const unknown = await plaidError(plaid.webhookVerificationKeyGet({ key_id: "nope" }));
    expect(unknown.data).toMatchObject({ error_type: "INVALID_INPUT", error_code: "INVALID_WEBHOOK_VERIFICATION_KEY_ID" });
  });
});

describe("scripted faults", () => {
  it("fails, times out or answers garbage for the next matching call", async () => {
    const { access_token } = await linkedItem();
    fake.fail({ status: 500 }, { path: "/investments/holdings/get" });
    await plaid.itemGet({ access_token });
    const failed = await plaidError(plaid.investmentsHoldingsGet({ access_token }));
    expect(failed).toMatchObject({ status: 500, data: { error_type: "API_ERROR", error_code: "INTERNAL_SERVER_ERROR" } });
    fake.fail({ hang: true });
    const timedOut = await client(fake, undefined, 200)
      .investmentsHoldingsGet({ access_token })
      .catch((e: unknown) => e);
    expect((timedOut as SdkError).code).toBe("ECONNABORTED");
    fake.fail({ garbage: "<html>502 Bad Gateway</html>" });
    const { data } = await plaid.investmentsHoldingsGet({ access_token });
    expect(data).toBe("<html>502 Bad Gateway</html>");
    expect((await plaid.investmentsHoldingsGet({ access_token })).data.holdings).toHaveLength(5);
  });
});
