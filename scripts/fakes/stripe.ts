/**
 * A local stand-in for Stripe's REST API (v1), for the billing service's tests and for running the app
 * offline: customers, prices, subscription Checkout Sessions, Billing Portal sessions and subscriptions,
 * plus the webhook events Stripe sends when a customer pays, changes or cancels, signed as Stripe signs.
 *
 * Wire format followed (docs.stripe.com): form-encoded bodies with bracketed keys (/api, stripe-form.ts);
 * Bearer secret-key auth, 401 otherwise (/api/authentication); errors as {error: {type, code, message,
 * param}} with conventional statuses (/api/errors); `Idempotency-Key`: the first successful result is
 * replayed for the same key and params, the same key with other params or another endpoint is a 400
 * `idempotency_error`, and requests failing validation are not saved (/api/idempotent_requests);
 * objects and events as in stripe-objects.ts; signatures as in stripe-webhooks.ts. Checked through the
 * official SDK: `new Stripe(key, {host, port, protocol: "http"})` (stripe.test.ts).
 *
 * Checkout and Billing Portal URLs point at small pages this fake serves (`/c/pay/<id>`, `/p/session/<id>`,
 * like checkout.stripe.com and billing.stripe.com), so a browser test can pay or cancel without Stripe.
 *
 *   node --import tsx scripts/fakes/stripe.ts [--port 12111] [--price price_pro:900:month]...
 *   then STRIPE_API_BASE=http://127.0.0.1:12111 STRIPE_SECRET_KEY=sk_test_fake STRIPE_WEBHOOK_SECRET=whsec_fake
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import { type Fault, type FaultOptions, FaultQueue, listen, playFault, type RecordedRequest, readBody, sendJson } from "./fake-http.ts";
import { canonical, decodeForm, type FormParams } from "./stripe-form.ts";
import { type CheckoutDetails, stripeLifecycle } from "./stripe-lifecycle.ts";
import { type FakePrice, priceObject, type StripeObject, stripeId } from "./stripe-objects.ts";
import { stripePages } from "./stripe-pages.ts";
import { StripeApiError, stripeResources } from "./stripe-resources.ts";
import type { StripeDelivery } from "./stripe-webhooks.ts";

export type { FakePrice, StripeObject } from "./stripe-objects.ts";
export { type StripeDelivery, signStripePayload } from "./stripe-webhooks.ts";

export interface FakeStripeOptions {
  port?: number;
  host?: string;
  /** the only secret key accepted (default "sk_test_fake") */
  secretKey?: string;
  /** the webhook endpoint's signing secret (default "whsec_fake") */
  webhookSecret?: string;
  /** where events are POSTed; none: events are only recorded */
  webhookUrl?: string;
  prices?: FakePrice[];
  /** the fake's clock in ms (default Date.now) */
  now?: () => number;
}

export interface LifecycleOptions {
  /** POST the events to the webhook URL now (default: when one is set); false: only return them */
  deliver?: boolean;
}

export interface LifecycleResult {
  subscription: StripeObject;
  /** the events Stripe would send, in the order it sends them here */
  events: StripeObject[];
  deliveries: StripeDelivery[];
}

export interface SubscriptionChange {
  status?: "active" | "past_due" | "unpaid" | "incomplete" | "trialing" | "paused";
  cancel_at_period_end?: boolean;
  /** move the subscription's (first) item to this price */
  price?: string;
}

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  protocol: "http";
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  customers: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  /** every event created, in order */
  events: StripeObject[];
  /** every webhook delivery attempted, in order */
  deliveries: StripeDelivery[];
  /** every request received, bodies decoded */
  requests: RecordedRequest<FormParams>[];
  addPrice(price: FakePrice): StripeObject;
  /** script a fault for the next matching request(s), e.g. {status: 500}, {hang: true}, {garbage: "<html>"} */
  fail(fault: Fault, options?: FaultOptions): void;
  /** what the customer paying on the Checkout page does: a subscription, checkout.session.completed, customer.subscription.created */
  completeCheckout(sessionId: string, options?: LifecycleOptions & { email?: string }): Promise<LifecycleResult>;
  /** customer.subscription.updated with previous_attributes */
  updateSubscription(subscriptionId: string, change: SubscriptionChange, options?: LifecycleOptions): Promise<LifecycleResult>;
  /** cancelled now: customer.subscription.deleted */
  cancelSubscription(subscriptionId: string, options?: LifecycleOptions): Promise<LifecycleResult>;
  /** a renewal charge fails: invoice.payment_failed, then customer.subscription.updated to past_due */
  failInvoicePayment(subscriptionId: string, options?: LifecycleOptions): Promise<LifecycleResult>;
  /** (re)send one event to the webhook URL, signed at `timestamp` (default now), e.g. a replay */
  deliver(event: StripeObject, options?: { timestamp?: number }): Promise<StripeDelivery>;
  close(): Promise<void>;
}

/** Stripe's own error for a 5xx or 429 a test scripts without a body. */
function defaultError(status: number): unknown {
  if (status === 429)
    return new StripeApiError(429, "invalid_request_error", "Too many requests hit the API too quickly.", "rate_limit").body;
  if (status === 401) return new StripeApiError(401, "invalid_request_error", "Invalid API Key provided.").body;
  return new StripeApiError(status, "api_error", "An unknown error occurred on Stripe's end. Please try again.").body;
}

function masked(key: string): string {
  const prefix = /^[a-z]+_(test|live)_/.exec(key)?.[0] ?? "";
  const rest = key.slice(prefix.length);
  return prefix + "*".repeat(Math.max(0, rest.length - 4)) + rest.slice(-4);
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const secretKey = options.secretKey ?? "sk_test_fake";
  const faults = new FaultQueue();
  const idempotency = new Map<string, { endpoint: string; params: string; requestId: string; status: number; body: unknown }>();
  let apiVersion: string | null = null;
  /** what a session's object does not show but its completion needs */
  const checkoutDetails = new Map<string, CheckoutDetails>();
  let baseUrl = "";

  const state = {
    customers: new Map<string, StripeObject>(),
    prices: new Map<string, StripeObject>(),
    checkoutSessions: new Map<string, StripeObject>(),
    portalSessions: new Map<string, StripeObject>(),
    subscriptions: new Map<string, StripeObject>(),
    invoices: new Map<string, StripeObject>(),
    events: [] as StripeObject[],
    deliveries: [] as StripeDelivery[],
    requests: [] as RecordedRequest<FormParams>[],
  };
  const addPrice = (price: FakePrice) => {
    const object = priceObject(price, seconds());
    state.prices.set(price.id, object);
    return object;
  };
  for (const price of options.prices ?? []) addPrice(price);

  const resources = stripeResources(state, { seconds, baseUrl: () => baseUrl, checkoutDetails });

  function authenticate(req: IncomingMessage): StripeApiError | null {
    const header = req.headers.authorization ?? "";
    let key = "";
    if (/^Bearer /i.test(header)) key = header.slice(7).trim();
    else if (/^Basic /i.test(header)) key = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0];
    if (!key)
      return new StripeApiError(
        401,
        "invalid_request_error",
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    if (key !== secretKey) return new StripeApiError(401, "invalid_request_error", `Invalid API Key provided: ${masked(key)}`);
    return null;
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, params: FormParams): Promise<void> {
    const method = req.method ?? "GET";
    const requestId = stripeId("req", 14);
    const version = typeof req.headers["stripe-version"] === "string" ? req.headers["stripe-version"] : null;
    const headers: Record<string, string> = { "request-id": requestId, ...(version ? { "stripe-version": version } : {}) };
    const authError = authenticate(req);
    if (authError) return sendJson(res, authError.status, authError.body, headers);
    if (version) apiVersion = version;

    const key = method === "POST" && typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : undefined;
    if (key) {
      headers["idempotency-key"] = key;
      const saved = idempotency.get(key);
      if (saved) {
        if (saved.endpoint !== `${method} ${path}` || saved.params !== canonical(params)) {
          const error = new StripeApiError(
            400,
            "idempotency_error",
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
          return sendJson(res, 400, error.body, headers);
        }
        return sendJson(res, saved.status, saved.body, { ...headers, "idempotent-replayed": "true", "original-request": saved.requestId });
      }
    }
    try {
      const object = resources.route(method, path, params);
      if (key)
        idempotency.set(key, {
          endpoint: `${method} ${path}`,
          params: canonical(params),
          requestId,
          status: 200,
          body: structuredClone(object),
        });
      sendJson(res, 200, object, headers);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      sendJson(res, error.status, error.body, headers);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const formBody = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
    const params = req.method === "GET" ? decodeForm(url.search.slice(1)) : formBody ? decodeForm(raw) : {};
    state.requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      raw,
      body: params,
    });
    const fault = faults.take(url.pathname);
    if (fault && (await playFault(fault, req, res, defaultError)) === "answered") return;
    if (url.pathname.startsWith("/v1/")) return api(req, res, url.pathname, params);
    if (await pages.handle(req, res, url.pathname, params)) return;
    sendJson(res, 404, new StripeApiError(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`).body);
  }

  const server = await listen(handle, options);
  baseUrl = server.url;
  const fake: FakeStripe = {
    url: server.url,
    host: server.host,
    port: server.port,
    protocol: "http",
    secretKey,
    webhookSecret: options.webhookSecret ?? "whsec_fake",
    webhookUrl: options.webhookUrl,
    ...state,
    addPrice,
    fail: (fault, faultOptions) => faults.push(fault, faultOptions),
    completeCheckout: (id, o) => lifecycle.completeCheckout(id, o),
    updateSubscription: (id, change, o) => lifecycle.updateSubscription(id, change, o),
    cancelSubscription: (id, o) => lifecycle.cancelSubscription(id, o),
    failInvoicePayment: (id, o) => lifecycle.failInvoicePayment(id, o),
    deliver: (event, o) => lifecycle.deliver(event, o?.timestamp),
    close: server.close,
  };
  const lifecycle = stripeLifecycle(fake, { seconds, apiVersion: () => apiVersion, checkoutDetails });
  const pages = stripePages(fake);
  return fake;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const prices = args
    .flatMap((a, i) => (args[i - 1] === "--price" ? [a] : []))
    .map((spec) => {
      const [id, amount, interval] = spec.split(":");
      return { id, unit_amount: Number(amount), interval: (interval || undefined) as FakePrice["interval"] };
    });
  const fake = await startFakeStripe({ port: Number(arg("--port") ?? 12111), prices, webhookUrl: arg("--webhook-url") });
  console.log(
    `fake Stripe on ${fake.url}\n  STRIPE_API_BASE=${fake.url} STRIPE_SECRET_KEY=${fake.secretKey} STRIPE_WEBHOOK_SECRET=${fake.webhookSecret}`,
  );
}
