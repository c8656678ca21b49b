/**
 * The billing service on the in-process adapters, its Stripe SDK pointed at the local fake Stripe
 * (scripts/fakes/stripe.ts). The fake's webhook events are handed to the real route through `app.inject`,
 * signed as Stripe signs them (the SDK's generateTestHeaderString).
 */
import type { App } from "@folio/platform/http/server";
import type { ServiceModule } from "@folio/platform/service";
import { bearer, buildServiceApp, createTestDeps, forService, type TestDeps, tokenFor } from "@folio/platform/testing";
import type { LightMyRequestResponse } from "fastify";
import Stripe from "stripe";
import { vi } from "vitest";
import { type FakeStripe, type StripeObject, startFakeStripe } from "../../../scripts/fakes/stripe.ts";
import { createBillingService } from "../src/service.ts";
import { customers } from "../src/store.ts";

export const PUBLIC_URL = "https://folio.example";
export const PRICES = ["price_pro_monthly", "price_pro_yearly"];

export interface Harness {
  deps: TestDeps;
  service: ServiceModule;
  app: App;
  fake: FakeStripe;
  db: ReturnType<typeof customers>;
  token: (uid: string) => string;
  post: (url: string, body: unknown, token?: string) => Promise<LightMyRequestResponse>;
  plan: (token: string) => Promise<Record<string, unknown>>;
  /** POSTs a Stripe event to the webhook as Stripe would: pretty JSON, signed now (or as told) */
  send: (
    event: StripeObject,
    options?: { secret?: string; timestamp?: number; body?: string; signature?: string | null },
  ) => Promise<LightMyRequestResponse>;
  /** billing.plan.changed payloads in the outbox, in order */
  planEvents: () => Promise<unknown[]>;
  close: () => Promise<void>;
}

export async function harness(env: Record<string, string> = {}, options: { stripe?: boolean } = {}): Promise<Harness> {
  const fake = await startFakeStripe({
    prices: [
      { id: "price_pro_monthly", unit_amount: 900, interval: "month", nickname: "Pro" },
      { id: "price_pro_yearly", unit_amount: 9000, interval: "year", nickname: "Pro yearly" },
      { id: "price_other", unit_amount: 500, interval: "month" },
    ],
  });
  const stripeEnv: Record<string, string> =
    options.stripe === false
      ? {}
      : {
          STRIPE_SECRET_KEY: fake.secretKey,
          STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
          STRIPE_API_BASE: fake.url,
          BILLING_PRICE_IDS: PRICES.join(","),
        };
  const deps = createTestDeps({ PUBLIC_URL, ...stripeEnv, ...env });
  const service = createBillingService(forService(deps, "billing"));
  const app = await buildServiceApp(service, deps);
  const signer = new Stripe("sk_test_unused");
  return {
    deps,
    service,
    app,
    fake,
    db: customers(forService(deps, "billing").store),
    token: (uid) => tokenFor(app, { uid, email: `${uid}@example.com` }),
    post: (url, body, token) =>
      app.inject({ method: "POST", url, payload: body as object, headers: token ? bearer(token) : {}, remoteAddress: "203.0.113.9" }),
    plan: async (token) => {
      const res = await app.inject({ method: "GET", url: "/v1/billing/plan", headers: bearer(token) });
      if (res.statusCode !== 200) throw new Error(`plan: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    send: (event, o = {}) => {
      const payload = o.body ?? JSON.stringify(event, null, 2);
      const signature =
        o.signature !== undefined
          ? o.signature
          : signer.webhooks.generateTestHeaderString({
              payload: JSON.stringify(event, null, 2),
              secret: o.secret ?? fake.webhookSecret,
              timestamp: o.timestamp,
            });
      return app.inject({
        method: "POST",
        url: "/v1/billing/webhook",
        payload,
        headers: { "content-type": "application/json; charset=utf-8", ...(signature === null ? {} : { "stripe-signature": signature }) },
      });
    },
    planEvents: async () => (await deps.outboxEvents()).filter((e) => e.type === "billing.plan.changed").map((e) => e.payload),
    close: async () => {
      await app.close();
      await fake.close();
    },
  };
}

/** Checkout for `token`'s user, then the customer pays on the fake's page: the events Stripe would send. */
export async function subscribe(h: Harness, token: string, price = PRICES[0]) {
  const res = await h.post("/v1/create-checkout-session", { price_id: price }, token);
  if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  const sessionId = res.json().url.split("/").pop() as string;
  return h.fake.completeCheckout(sessionId, { deliver: false });
}

/**
 * Awaits what `start` begins with setTimeout faked, moving it 20 ms per turn of the event loop: the Stripe SDK's sleeps
 * between its retries (0.5 s, then 0.5–1 s) pass at once, while sockets and the fake Stripe run on real time.
 */
export async function withoutRetryWaits<T>(start: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
  try {
    let settled = false;
    const pending = start().finally(() => {
      settled = true;
    });
    // one turn of the real event loop (sockets), then 20 ms of the faked timers
    while (!settled) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(20);
    }
    return await pending;
  } finally {
    vi.useRealTimers();
  }
}
