import { ServiceUnavailableError } from "@folio/platform/internal";
import { BillingErrorCodes, BillingMessages } from "@folio/proto/billing";
import { afterEach, describe, expect, it } from "vitest";
import { BillingQueries } from "../src/client.ts";
import { type Harness, harness, PRICES, PUBLIC_URL, subscribe, withoutRetryWaits } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("unconfigured billing", () => {
  it("keeps everyone on the free plan and answers 503 naming the variables to set", async () => {
    h = await harness({}, { stripe: false });
    const token = h.token("u1");
    expect(await h.plan(token)).toEqual({
      plan: "free",
      maxConnections: 1,
      plan_ids: [],
      configured: false,
      paidMaxConnections: 10,
      manageable: false,
      status: null,
    });
    for (const [url, body] of [
      ["/v1/create-checkout-session", { price_id: "price_pro_monthly" }],
      ["/v1/create-portal-session", undefined],
    ] as const) {
      const res = await h.post(url, body, token);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: BillingMessages.notConfigured, code: BillingErrorCodes.notConfigured });
      expect(res.json().error).toMatch(/STRIPE_SECRET_KEY.*STRIPE_WEBHOOK_SECRET.*BILLING_PRICE_IDS/);
    }
    expect((await h.send({ id: "evt_1", type: "ping" })).statusCode).toBe(503);
    expect(h.fake.requests).toHaveLength(0);
  });

  it("counts as unconfigured without the webhook secret: the plan could never change", async () => {
    h = await harness({ STRIPE_WEBHOOK_SECRET: "" });
    expect((await h.plan(h.token("u1"))).configured).toBe(false);
  });
});

describe("POST /v1/create-checkout-session", () => {
  it("needs a signed-in caller and an offered price id", async () => {
    h = await harness();
    expect((await h.post("/v1/create-checkout-session", { price_id: PRICES[0] })).statusCode).toBe(401);
    const res = await h.post("/v1/create-checkout-session", { price_id: "price_other" }, h.token("u1"));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: BillingMessages.unknownPrice, code: BillingErrorCodes.unknownPrice });
    expect((await h.post("/v1/create-checkout-session", {}, h.token("u1"))).statusCode).toBe(400);
    expect(h.fake.requests).toHaveLength(0);
  });

  it("creates one Stripe customer per user and a subscription Checkout Session back to settings", async () => {
    h = await harness();
    const token = h.token("u1");
    const first = await h.post("/v1/create-checkout-session", { price_id: PRICES[1] }, token);
    expect(first.statusCode).toBe(200);
    const second = await h.post("/v1/create-checkout-session", { price_id: PRICES[0] }, token);
    expect(second.statusCode).toBe(200);
    expect(h.fake.customers.size).toBe(1);
    const [customer] = h.fake.customers.values();
    expect(customer).toMatchObject({ email: "u1@example.com", metadata: { uid: "u1" } });
    expect((await h.db.get("u1"))?.stripeCustomerId).toBe(customer.id);
    expect(h.fake.requests.find((r) => r.path === "/v1/customers")?.headers["idempotency-key"]).toBe("folio-customer-u1");

    const sessions = [...h.fake.checkoutSessions.values()];
    expect(sessions.map((s) => s.url)).toEqual([first.json().url, second.json().url]);
    expect(first.json().url).toBe(`${h.fake.url}/c/pay/${sessions[0].id}`);
    expect(sessions[0]).toMatchObject({
      mode: "subscription",
      customer: customer.id,
      client_reference_id: "u1",
      success_url: `${PUBLIC_URL}/settings?t=plan&checkout=success`,
      cancel_url: `${PUBLIC_URL}/settings?t=plan`,
      amount_total: 9000,
    });
  });

  it("refuses a second subscription while the paid plan runs", async () => {
    h = await harness();
    const token = h.token("u1");
    const { events } = await subscribe(h, token);
    for (const event of events) expect((await h.send(event)).statusCode).toBe(200);
    const res = await h.post("/v1/create-checkout-session", { price_id: PRICES[1] }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(BillingMessages.alreadySubscribed);
  });

  it("answers 503 with a clear message when Stripe fails, without its internals", async () => {
    h = await harness();
    h.fake.fail({ status: 500 }, { path: "/v1/customers", times: 3 });
    const res = await withoutRetryWaits(() => h.post("/v1/create-checkout-session", { price_id: PRICES[0] }, h.token("u1")));
    expect(res.statusCode).toBe(503);
    // the SDK asked three times (two retries) before giving up
    expect(h.fake.requests.filter((r) => r.path === "/v1/customers")).toHaveLength(3);
    expect(res.json()).toEqual({ error: BillingMessages.providerFailed, code: BillingErrorCodes.providerFailed });
    expect(res.body).not.toContain(h.fake.secretKey);
  });
});

describe("POST /v1/create-portal-session", () => {
  it("says so when the user has no customer yet", async () => {
    h = await harness();
    const res = await h.post("/v1/create-portal-session", undefined, h.token("u1"));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: BillingMessages.noCustomer, code: BillingErrorCodes.noCustomer });
  });

  it("opens the Billing Portal for the user's own customer, returning to settings", async () => {
    h = await harness();
    await subscribe(h, h.token("u1"));
    await h.post("/v1/create-checkout-session", { price_id: PRICES[0] }, h.token("u2"));
    const res = await h.post("/v1/create-portal-session", undefined, h.token("u1"));
    expect(res.statusCode).toBe(200);
    const [session] = h.fake.portalSessions.values();
    expect(res.json()).toEqual({ url: session.url });
    expect(session).toMatchObject({ customer: (await h.db.get("u1"))?.stripeCustomerId, return_url: `${PUBLIC_URL}/settings?t=plan` });
    expect(session.customer).not.toBe((await h.db.get("u2"))?.stripeCustomerId);
  });
});

describe("the typed client (@folio/billing/client)", () => {
  it("reads the caller's plan on their token, and reports an outage as the one failure of calls between services (ServiceUnavailableError)", async () => {
    h = await harness({ BILLING_PAID_CONNECTIONS: "3" });
    const queries = new BillingQueries(h.deps.services);
    expect(await queries.planOf(h.token("u1"))).toMatchObject({ plan: "free", plan_ids: PRICES, paidMaxConnections: 3 });
    await expect(queries.planOf("not-a-token")).rejects.toBeInstanceOf(ServiceUnavailableError);
    const down = new BillingQueries({
      call: async () => {
        throw new Error("connection refused");
      },
    });
    await expect(down.planOf(h.token("u1"))).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
