import { forService } from "@folio/platform/testing";
import { BillingErrorCodes, BillingMessages } from "@folio/proto/billing";
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { createBillingService } from "../src/service.ts";
import { type Harness, harness, subscribe, withoutRetryWaits } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const sendAll = async (events: Parameters<Harness["send"]>[0][]) => {
  for (const event of events) expect((await h.send(event)).statusCode).toBe(200);
};

describe("POST /v1/billing/webhook", () => {
  it("turns a completed checkout into the paid plan and publishes billing.plan.changed once", async () => {
    h = await harness();
    const token = h.token("u1");
    const { events, subscription } = await subscribe(h, token);
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed", "customer.subscription.created"]);
    await sendAll(events);
    expect(await h.plan(token)).toMatchObject({ plan: "pro", maxConnections: 10, status: "active", manageable: true });
    expect(await h.planEvents()).toEqual([{ uid: "u1", plan: "pro", maxConnections: 10 }]);
    expect((await h.db.get("u1"))?.subscriptions).toEqual({
      [subscription.id]: { status: "active", priceIds: ["price_pro_monthly"] },
    });
    expect((await h.plan(h.token("u2"))).plan).toBe("free");
  });

  it("handles each event id once: a replay changes nothing", async () => {
    h = await harness();
    const token = h.token("u1");
    const { events, subscription } = await subscribe(h, token);
    await sendAll(events);
    const cancelled = await h.fake.cancelSubscription(subscription.id, { deliver: false });
    await sendAll(cancelled.events);
    expect((await h.plan(token)).plan).toBe("free");
    const before = await h.db.get("u1");
    const lookups = h.fake.requests.length;
    // a replay of the creation, signed afresh, is recognised by its id: not even looked up again
    await sendAll(events);
    expect(h.fake.requests.length).toBe(lookups);
    expect(await h.db.get("u1")).toEqual(before);
    expect(await h.planEvents()).toEqual([
      { uid: "u1", plan: "pro", maxConnections: 10 },
      { uid: "u1", plan: "free", maxConnections: 1 },
    ]);
  });

  it("resolves out-of-order events by the subscription's own state", async () => {
    h = await harness();
    const token = h.token("u1");
    const created = await subscribe(h, token);
    const deleted = await h.fake.cancelSubscription(created.subscription.id, { deliver: false });
    // Stripe does not promise order: the deletion arrives first, the creation after it
    await sendAll(deleted.events);
    await sendAll([...created.events].reverse());
    expect(await h.plan(token)).toMatchObject({ plan: "free", status: null });
    expect(await h.planEvents()).toEqual([]);
  });

  it("keeps the plan while a renewal is past due (grace), then falls back to free when it ends", async () => {
    h = await harness();
    const token = h.token("u1");
    const { events, subscription } = await subscribe(h, token);
    await sendAll(events);
    const failed = await h.fake.failInvoicePayment(subscription.id, { deliver: false });
    expect(failed.events.map((e) => e.type)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    await sendAll(failed.events);
    expect(await h.plan(token)).toMatchObject({ plan: "pro", status: "past_due", maxConnections: 10 });
    const unpaid = await h.fake.updateSubscription(subscription.id, { status: "unpaid" }, { deliver: false });
    await sendAll(unpaid.events);
    expect(await h.plan(token)).toMatchObject({ plan: "free", maxConnections: 1 });
    expect(await h.planEvents()).toEqual([
      { uid: "u1", plan: "pro", maxConnections: 10 },
      { uid: "u1", plan: "free", maxConnections: 1 },
    ]);
  });

  it("allows BILLING_PAID_CONNECTIONS on the paid plan", async () => {
    h = await harness({ BILLING_PAID_CONNECTIONS: "3" });
    await sendAll((await subscribe(h, h.token("u1"))).events);
    expect(await h.planEvents()).toEqual([{ uid: "u1", plan: "pro", maxConnections: 3 }]);
  });

  it("refuses a tampered body, a missing or wrong signature and an old timestamp; nothing changes", async () => {
    h = await harness();
    const token = h.token("u1");
    const { events } = await subscribe(h, token);
    const [completed] = events;
    const tampered = JSON.stringify({ ...completed, id: "evt_forged" }, null, 2);
    const cases = [
      await h.send(completed, { body: tampered }),
      await h.send(completed, { signature: null }),
      await h.send(completed, { signature: "t=1,v1=deadbeef" }),
      await h.send(completed, { secret: "whsec_someone_else" }),
      await h.send(completed, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: BillingMessages.badSignature, code: BillingErrorCodes.badSignature });
    }
    expect((await h.plan(token)).plan).toBe("free");
    expect(await h.planEvents()).toEqual([]);
    expect(await h.deps.store.handled("billing.stripe-events", completed.id)).toBe(false);
    // the genuine delivery still works afterwards
    await sendAll(events);
    expect((await h.plan(token)).plan).toBe("pro");
  });

  it("answers 503 while Stripe cannot be asked, so Stripe retries; the retry applies it", async () => {
    h = await harness();
    const token = h.token("u1");
    const { events, subscription } = await subscribe(h, token);
    // the SDK itself retries twice
    h.fake.fail({ status: 500 }, { path: `/v1/subscriptions/${subscription.id}`, times: 3 });
    const asked = () => h.fake.requests.filter((r) => r.path === `/v1/subscriptions/${subscription.id}`).length;
    const before = asked();
    const res = await withoutRetryWaits(() => h.send(events[1]));
    expect(res.statusCode).toBe(503);
    expect(asked() - before).toBe(3);
    expect(res.json().code).toBe(BillingErrorCodes.providerFailed);
    expect(await h.deps.store.handled("billing.stripe-events", events[1].id)).toBe(false);
    await sendAll([events[1]]);
    expect((await h.plan(token)).plan).toBe("pro");
  });

  it("acknowledges (2xx) an event about a subscription Stripe does not know, and logs it, instead of a 503 Stripe retries for days", async () => {
    h = await harness();
    const warned: unknown[] = [];
    const warn = h.deps.log.warn.bind(h.deps.log);
    h.deps.log.warn = ((...args: Parameters<typeof warn>) => {
      warned.push(args[0]);
      return warn(...args);
    }) as typeof warn;
    const event = {
      id: "evt_unknown_sub",
      object: "event",
      type: "customer.subscription.updated",
      data: { object: { id: "sub_nobody", object: "subscription", customer: "cus_nobody", status: "active" } },
    };
    const res = await h.send(event);
    expect(res.statusCode).toBe(200);
    expect(await h.deps.store.handled("billing.stripe-events", "evt_unknown_sub")).toBe(true);
    expect(await h.planEvents()).toEqual([]);
    expect(warned).toContainEqual(expect.objectContaining({ event: "evt_unknown_sub", subscription: "sub_nobody" }));
  });

  it("acknowledges event types it does not act on, and subscriptions of no known user", async () => {
    h = await harness();
    expect((await h.send({ id: "evt_other", object: "event", type: "customer.created", data: { object: {} } })).statusCode).toBe(200);
    expect(await h.deps.store.handled("billing.stripe-events", "evt_other")).toBe(true);
    // a subscription made in Stripe's dashboard for a customer Folio never created
    const stripe = new Stripe(h.fake.secretKey, { host: h.fake.host, port: h.fake.port, protocol: "http" });
    const stranger = await stripe.customers.create({ email: "stranger@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: stranger.id,
      line_items: [{ price: "price_pro_monthly", quantity: 1 }],
    });
    const { events } = await h.fake.completeCheckout(session.id, { deliver: false });
    await sendAll(events);
    expect(await h.deps.store.handled("billing.stripe-events", events[1].id)).toBe(true);
    expect(await h.planEvents()).toEqual([]);
    expect(await h.db.find()).toEqual([]);
  });

  it("also follows a subscription whose price is not on offer without granting the plan", async () => {
    h = await harness();
    const token = h.token("u1");
    const { events, subscription } = await subscribe(h, token);
    await sendAll(events);
    const moved = await h.fake.updateSubscription(subscription.id, { price: "price_other" }, { deliver: false });
    await sendAll(moved.events);
    expect((await h.plan(token)).plan).toBe("free");
  });

  it("re-decides plans at start under a new allowance or offer, publishing only what changed", async () => {
    h = await harness();
    await sendAll((await subscribe(h, h.token("u1"))).events);
    await sendAll((await subscribe(h, h.token("u2"), "price_pro_yearly")).events);
    const restarted = (env: Record<string, string>) => {
      const deps = forService(h.deps, "billing");
      return createBillingService({ ...deps, config: { ...deps.config, env: { ...deps.config.env, ...env } } });
    };
    await restarted({}).start?.();
    expect(await h.planEvents()).toHaveLength(2);
    await restarted({ BILLING_PAID_CONNECTIONS: "3", BILLING_PRICE_IDS: "price_pro_monthly" }).start?.();
    expect((await h.planEvents()).slice(2)).toEqual([
      { uid: "u1", plan: "pro", maxConnections: 3 },
      { uid: "u2", plan: "free", maxConnections: 1 },
    ]);
    // unconfigured: nothing is re-decided
    await restarted({ STRIPE_SECRET_KEY: "" }).start?.();
    expect(await h.planEvents()).toHaveLength(4);
  });
});
