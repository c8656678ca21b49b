/**
 * The Stripe fake, driven through the official SDK: if stripe-node reads what the fake answers and the
 * SDK's own webhook verifier accepts what it sends, the fake speaks Stripe's wire format.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeStripe, signStripePayload, startFakeStripe } from "./stripe.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook endpoint that records what it receives, as the billing service's will. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/billing/webhook`, received, server };
}

let fake: FakeStripe;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const sdk = (f: FakeStripe, options: Partial<Stripe.StripeConfig> = {}) =>
  new Stripe(f.secretKey, { host: f.host, port: f.port, protocol: "http", maxNetworkRetries: 0, ...options });

/** Verifies every received delivery with the SDK, as the billing service will. */
const verified = (secret = fake.webhookSecret) =>
  receiver.received.map((r) => stripe.webhooks.constructEvent(r.body, r.headers["stripe-signature"] as string, secret));

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

beforeEach(async () => {
  receiver.received.length = 0;
  fake = await startFakeStripe({
    webhookUrl: receiver.url,
    prices: [
      { id: "price_pro_monthly", unit_amount: 900, interval: "month", nickname: "Pro" },
      { id: "price_pro_yearly", unit_amount: 9000, interval: "year", nickname: "Pro yearly" },
      { id: "price_one_off", unit_amount: 500 },
    ],
  });
  stripe = sdk(fake);
});
afterEach(() => fake.close());

async function checkoutFor(customer: string) {
  return stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: "price_pro_monthly", quantity: 1 }],
    customer,
    success_url: "http://app.test/dashboard/settings?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/dashboard/settings",
    client_reference_id: "user-1",
    metadata: { user_id: "user-1" },
  });
}

describe("API calls through stripe-node", () => {
  it("creates and retrieves a customer from a form-encoded body with bracketed metadata", async () => {
    const created = await stripe.customers.create({ email: "ann@example.com", metadata: { user_id: "user-1" } });
    expect(created.id).toMatch(/^cus_/);
    const request = fake.requests.at(-1);
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request?.raw).toContain("metadata[user_id]=user-1");
    const again = await stripe.customers.retrieve(created.id);
    expect(again).toMatchObject({ id: created.id, object: "customer", email: "ann@example.com", metadata: { user_id: "user-1" } });
  });

  it("answers 401 with Stripe's error for a wrong or missing key", async () => {
    const wrong = new Stripe("sk_test_wrong_key_1234", { host: fake.host, port: fake.port, protocol: "http", maxNetworkRetries: 0 });
    const error = await wrong.customers.create({ email: "x@example.com" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);
    expect((error as Stripe.errors.StripeError).message).toBe("Invalid API Key provided: sk_test_**********1234");
    const bare = await fetch(`${fake.url}/v1/customers`, { method: "POST" });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: unknown }).error).toMatchObject({
      type: "invalid_request_error",
      message: expect.stringContaining("did not provide an API key"),
    });
    expect(fake.customers.size).toBe(0);
  });

  it("honours Idempotency-Key: same params replay the first answer, other params are an idempotency_error", async () => {
    const first = await stripe.customers.create({ email: "ann@example.com" }, { idempotencyKey: "customer-user-1" });
    const replay = await stripe.customers.create({ email: "ann@example.com" }, { idempotencyKey: "customer-user-1" });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(fake.customers.size).toBe(1);
    const error = await stripe.customers
      .create({ email: "bob@example.com" }, { idempotencyKey: "customer-user-1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(400);
    expect(fake.customers.size).toBe(1);
  });

  it("does not save a request that failed validation under its key", async () => {
    const bad = await stripe.checkout.sessions.create({ mode: "subscription" }, { idempotencyKey: "k" }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const customer = await stripe.customers.create({ email: "a@example.com" });
    const session = await stripe.checkout.sessions.create(
      { mode: "subscription", customer: customer.id, line_items: [{ price: "price_pro_monthly", quantity: 1 }] },
      { idempotencyKey: "k" },
    );
    expect(session.id).toMatch(/^cs_test_/);
  });

  it("creates a subscription Checkout Session with bracketed line items and returns its url", async () => {
    const customer = await stripe.customers.create({ email: "ann@example.com" });
    const session = await checkoutFor(customer.id);
    expect(fake.requests.at(-1)?.raw).toContain("line_items[0][price]=price_pro_monthly");
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      customer: customer.id,
      client_reference_id: "user-1",
      metadata: { user_id: "user-1" },
      amount_total: 900,
      currency: "usd",
    });
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    const price = await stripe.prices.retrieve("price_pro_monthly");
    expect(price).toMatchObject({ unit_amount: 900, recurring: { interval: "month" }, type: "recurring" });
  });

  it("serves Price objects as Stripe's reference shows them (docs.stripe.com/api/prices/object)", async () => {
    const yearly = await stripe.prices.retrieve("price_pro_yearly");
    expect({ ...yearly }).toEqual({
      id: "price_pro_yearly",
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created: expect.any(Number),
      currency: "usd",
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: "Pro yearly",
      product: expect.stringMatching(/^prod_/),
      recurring: { interval: "year", interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" },
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: "recurring",
      unit_amount: 9000,
      // a decimal string on the wire, which the SDK reads into its Decimal
      unit_amount_decimal: expect.anything(),
    });
    expect(String(yearly.unit_amount_decimal)).toBe("9000");
    const quarterly = fake.addPrice({ id: "price_q", unit_amount: 2500, currency: "eur", interval: "month", interval_count: 3 });
    expect((await stripe.prices.retrieve(quarterly.id)).recurring).toMatchObject({ interval: "month", interval_count: 3 });
    expect(await stripe.prices.retrieve("price_one_off")).toMatchObject({ type: "one_time", recurring: null });
    await expect(stripe.prices.retrieve("price_nope")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("rejects what Stripe rejects, with type, code and param", async () => {
    const customer = await stripe.customers.create({ email: "ann@example.com" });
    const cases: [Stripe.Checkout.SessionCreateParams, string, string][] = [
      [
        { mode: "subscription", customer: customer.id, line_items: [{ price: "price_nope", quantity: 1 }] },
        "resource_missing",
        "line_items[0][price]",
      ],
      [
        { mode: "subscription", customer: "cus_nope", line_items: [{ price: "price_pro_monthly", quantity: 1 }] },
        "resource_missing",
        "customer",
      ],
      [
        { mode: "subscription", customer: customer.id, line_items: [{ price: "price_pro_monthly" }] },
        "parameter_missing",
        "line_items[0][quantity]",
      ],
      [
        {
          mode: "subscription",
          customer: customer.id,
          line_items: [{ price: "price_pro_monthly", quantity: 1 }],
          success_url: "not a url",
        },
        "url_invalid",
        "success_url",
      ],
    ];
    for (const [params, code, param] of cases) {
      const error = (await stripe.checkout.sessions.create(params).catch((e: unknown) => e)) as Stripe.errors.StripeError;
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect({ status: error.statusCode, type: error.type, code: error.code, param: error.param }).toEqual({
        status: 400,
        type: "StripeInvalidRequestError",
        code,
        param,
      });
    }
    const oneOff = (await stripe.checkout.sessions
      .create({ mode: "subscription", customer: customer.id, line_items: [{ price: "price_one_off", quantity: 1 }] })
      .catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect(oneOff.message).toContain("recurring price");
    const unknown = (await stripe.customers
      .create({ email: "a@example.com", bogus: "1" } as Stripe.CustomerCreateParams)
      .catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect([unknown.code, unknown.param]).toEqual(["parameter_unknown", "bogus"]);
    const missing = (await stripe.subscriptions.retrieve("sub_nope").catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect([missing.statusCode, missing.code, missing.message]).toEqual([404, "resource_missing", "No such subscription: 'sub_nope'"]);
  });

  it("creates a Billing Portal session for an existing customer only", async () => {
    const customer = await stripe.customers.create({ email: "ann@example.com" });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/dashboard/settings" });
    expect(portal).toMatchObject({
      object: "billing_portal.session",
      customer: customer.id,
      return_url: "http://app.test/dashboard/settings",
    });
    expect(portal.url).toBe(`${fake.url}/p/session/${portal.id}`);
    const error = (await stripe.billingPortal.sessions
      .create({ customer: "cus_nope" })
      .catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect([error.statusCode, error.code, error.param]).toEqual([400, "resource_missing", "customer"]);
  });
});

describe("webhooks", () => {
  it("completing Checkout creates the subscription and sends checkout.session.completed and customer.subscription.created, signed", async () => {
    const customer = await stripe.customers.create({ email: "ann@example.com" });
    const session = await checkoutFor(customer.id);
    const result = await fake.completeCheckout(session.id);
    expect(result.deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect(receiver.received[0].headers["content-type"]).toBe("application/json; charset=utf-8");
    const events = verified();
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed", "customer.subscription.created"]);
    const completed = events[0].data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      client_reference_id: "user-1",
      customer: customer.id,
    });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({ status: "active", customer: customer.id, cancel_at_period_end: false });
    const item = subscription.items.data[0];
    expect(item.price.id).toBe("price_pro_monthly");
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    expect(events[1].data.object).toMatchObject({ id: subscription.id, object: "subscription" });
    expect(events[1].api_version).toBe(Stripe.API_VERSION);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("complete");
  });

  it("sends customer.subscription.updated with previous_attributes, invoice.payment_failed and customer.subscription.deleted", async () => {
    const customer = await stripe.customers.create({ email: "ann@example.com" });
    const { subscription } = await fake.completeCheckout((await checkoutFor(customer.id)).id);
    receiver.received.length = 0;

    await fake.updateSubscription(subscription.id, { price: "price_pro_yearly", cancel_at_period_end: true });
    await fake.failInvoicePayment(subscription.id);
    await fake.cancelSubscription(subscription.id);
    const events = verified();
    expect(events.map((e) => e.type)).toEqual([
      "customer.subscription.updated",
      "invoice.payment_failed",
      "customer.subscription.updated",
      "customer.subscription.deleted",
    ]);
    const updated = events[0].data as Stripe.CustomerSubscriptionUpdatedEvent.Data;
    expect(updated.object.items.data[0].price.id).toBe("price_pro_yearly");
    expect(updated.object.cancel_at_period_end).toBe(true);
    expect(updated.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
      items: { data: [{ price: { id: "price_pro_monthly" } }] },
    });
    const invoice = events[1].data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "open", amount_paid: 0, amount_due: 9000, customer: customer.id, attempted: true });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(events[2].data).toMatchObject({ object: { status: "past_due" }, previous_attributes: { status: "active" } });
    expect(events[3].data.object).toMatchObject({ id: subscription.id, status: "canceled" });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("canceled");
  });

  it("can hand events back undelivered, to send out of order or again later", async () => {
    const customer = await stripe.customers.create({ email: "ann@example.com" });
    const { events } = await fake.completeCheckout((await checkoutFor(customer.id)).id, { deliver: false });
    expect(receiver.received).toHaveLength(0);
    await fake.deliver(events[1]);
    await fake.deliver(events[0]);
    await fake.deliver(events[0]);
    expect(verified().map((e) => e.id)).toEqual([events[1].id, events[0].id, events[0].id]);
  });

  it("signs exactly as the SDK's test signer, and the SDK rejects a tampered body or a stale signature", async () => {
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "customer.subscription.deleted" });
    const timestamp = Math.floor(Date.now() / 1000);
    expect(signStripePayload(payload, "whsec_x", timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_x", timestamp }),
    );
    expect(stripe.webhooks.constructEvent(payload, signStripePayload(payload, "whsec_x"), "whsec_x").id).toBe("evt_1");
    expect(() =>
      stripe.webhooks.constructEvent(payload.replace("evt_1", "evt_2"), signStripePayload(payload, "whsec_x"), "whsec_x"),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(payload, signStripePayload(payload, "whsec_x", timestamp - 600), "whsec_x")).toThrow(
      /tolerance/,
    );
    expect(() => stripe.webhooks.constructEvent(payload, signStripePayload(payload, "whsec_other"), "whsec_x")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});

describe("hosted pages", () => {
  it("paying on the Checkout page completes the session and redirects to success_url with the session id", async () => {
    const customer = await stripe.customers.create({ email: "ann@example.com" });
    const session = await checkoutFor(customer.id);
    const pageHtml = await (await fetch(session.url as string)).text();
    expect(pageHtml).toContain("9.00 USD");
    const paid = await fetch(session.url as string, {
      method: "POST",
      body: new URLSearchParams({ email: "ann@example.com" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/dashboard/settings?session_id=${session.id}`);
    expect(verified().map((e) => e.type)).toEqual(["checkout.session.completed", "customer.subscription.created"]);
  });

  it("cancelling in the portal ends the subscription and sends customer.subscription.deleted", async () => {
    const customer = await stripe.customers.create({ email: "ann@example.com" });
    const { subscription } = await fake.completeCheckout((await checkoutFor(customer.id)).id);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/dashboard/settings" });
    expect(await (await fetch(portal.url)).text()).toContain('href="http://app.test/dashboard/settings"');
    const cancelled = await fetch(`${portal.url}/cancel`, {
      method: "POST",
      body: new URLSearchParams({ subscription: subscription.id }),
      redirect: "manual",
    });
    expect(cancelled.status).toBe(303);
    expect(verified().at(-1)?.type).toBe("customer.subscription.deleted");
  });
});

describe("scripted faults", () => {
  it("fails the next call with Stripe's api_error; the SDK's retries reuse the idempotency key", async () => {
    fake.fail({ status: 500 });
    const error = await stripe.customers.create({ email: "a@example.com" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    fake.fail({ status: 503 }, { path: "/v1/customers", times: 2 });
    const retrying = sdk(fake, { maxNetworkRetries: 2 });
    const customer = await retrying.customers.create({ email: "a@example.com" });
    expect(customer.id).toMatch(/^cus_/);
    const keys = fake.requests.slice(-3).map((r) => r.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(1);
    expect(fake.customers.size).toBe(1);
  });

  it("times out, drops the connection or answers garbage", async () => {
    fake.fail({ hang: true });
    const timedOut = await sdk(fake, { timeout: 200 })
      .customers.create({ email: "a@example.com" })
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    fake.fail({ close: true }, { times: 2 });
    expect(await stripe.customers.create({ email: "a@example.com" }).catch((e: unknown) => e)).toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
    fake.fail({ garbage: "<html>Bad gateway</html>" });
    const garbage = (await stripe.customers.create({ email: "a@example.com" }).catch((e: unknown) => e)) as Error;
    expect(garbage.message).toContain("Invalid JSON");
    expect(fake.customers.size).toBe(0);
  });
});
