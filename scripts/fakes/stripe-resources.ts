/**
 * The Stripe API calls the fake answers, with Stripe's validation: unknown parameters are refused
 * (`parameter_unknown`), missing ones named (`parameter_missing`), ids that do not exist are
 * `resource_missing` (404 on the object's own URL, 400 when passed as a parameter), as in
 * docs.stripe.com/api/errors and docs.stripe.com/error-codes. Objects are built in stripe-objects.ts.
 */
import { randomId } from "./fake-http.ts";
import { asObject, asString, type FormParams, type FormValue, metadataOf } from "./stripe-form.ts";
import type { CheckoutDetails } from "./stripe-lifecycle.ts";
import {
  checkoutSessionObject,
  customerObject,
  type LineItem,
  portalSessionObject,
  type StripeObject,
  stripeId,
} from "./stripe-objects.ts";

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
  get body() {
    return {
      error: {
        ...(this.code ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, "-")}` } : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        type: this.type,
      },
    };
  }
}

const invalid = (message: string, param?: string, code?: string) => new StripeApiError(400, "invalid_request_error", message, code, param);
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, "parameter_missing");
const noSuch = (what: string, id: string, param = "id") =>
  new StripeApiError(param === "id" ? 404 : 400, "invalid_request_error", `No such ${what}: '${id}'`, "resource_missing", param);

function allowOnly(params: FormParams, allowed: string[]): void {
  for (const key of Object.keys(params))
    if (!allowed.includes(key)) throw invalid(`Received unknown parameter: ${key}`, key, "parameter_unknown");
}

function validUrl(value: string | undefined, param: string): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value.replace(/\{CHECKOUT_SESSION_ID\}/g, "x"));
    if (url.protocol === "http:" || url.protocol === "https:") return value;
  } catch {}
  throw invalid("Not a valid URL", param, "url_invalid");
}

interface ResourceState {
  customers: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
}

export function stripeResources(
  state: ResourceState,
  env: { seconds: () => number; baseUrl: () => string; checkoutDetails: Map<string, CheckoutDetails> },
) {
  const { seconds, checkoutDetails } = env;
  function createCustomer(params: FormParams): StripeObject {
    allowOnly(params, ["email", "name", "description", "phone", "metadata", "expand"]);
    const customer = customerObject(stripeId("cus", 14), seconds(), {
      email: asString(params.email),
      name: asString(params.name),
      description: asString(params.description),
      phone: asString(params.phone),
      metadata: metadataOf(params.metadata),
    });
    state.customers.set(customer.id, customer);
    return customer;
  }

  function lineItemsOf(value: FormValue | undefined, mode: string): LineItem[] {
    const items = Array.isArray(value) ? value : [];
    if (items.length === 0) {
      if (mode === "subscription")
        throw invalid("You must provide at least one recurring price in `subscription` mode when using prices.", "line_items");
      throw invalid("You must specify `line_items`.", "line_items", "parameter_missing");
    }
    return items.map((raw, i) => {
      const item = asObject(raw) ?? {};
      const id = asString(item.price);
      if (!id)
        throw invalid(
          `You must specify either \`price\` or \`price_data\` in \`line_items[${i}]\`.`,
          `line_items[${i}]`,
          "parameter_missing",
        );
      const price = state.prices.get(id);
      if (!price) throw noSuch("price", id, `line_items[${i}][price]`);
      const quantity = asString(item.quantity);
      if (quantity === undefined)
        throw invalid(`Quantity is required. Add \`quantity\` to \`line_items[${i}]\``, `line_items[${i}][quantity]`, "parameter_missing");
      if (!/^\d+$/.test(quantity) || Number(quantity) < 1)
        throw invalid("Invalid integer: " + quantity, `line_items[${i}][quantity]`, "parameter_invalid_integer");
      if (mode === "subscription" && price.type !== "recurring")
        throw invalid("You must provide at least one recurring price in `subscription` mode when using prices.", `line_items[${i}][price]`);
      return { price, quantity: Number(quantity) };
    });
  }

  function createCheckoutSession(params: FormParams): StripeObject {
    allowOnly(params, [
      "mode",
      "line_items",
      "customer",
      "customer_email",
      "success_url",
      "cancel_url",
      "client_reference_id",
      "metadata",
      "subscription_data",
      "allow_promotion_codes",
      "locale",
      "expand",
    ]);
    const mode = asString(params.mode);
    if (!mode) throw missing("mode");
    if (!["payment", "setup", "subscription"].includes(mode))
      throw invalid("Invalid mode: must be one of payment, setup, or subscription", "mode");
    const customer = asString(params.customer) ?? null;
    const customerEmail = asString(params.customer_email) ?? null;
    if (customer && customerEmail) throw invalid("You may only specify one of these parameters: customer, customer_email.", "customer");
    if (customer && !state.customers.has(customer)) throw noSuch("customer", customer, "customer");
    const lineItems = lineItemsOf(params.line_items, mode);
    const id = `cs_test_a1${randomId(56)}`;
    const session = checkoutSessionObject(id, seconds(), `${env.baseUrl()}/c/pay/${id}`, {
      mode,
      lineItems,
      customer,
      customer_email: customerEmail,
      success_url: validUrl(asString(params.success_url), "success_url"),
      cancel_url: validUrl(asString(params.cancel_url), "cancel_url"),
      client_reference_id: asString(params.client_reference_id) ?? null,
      metadata: metadataOf(params.metadata),
      allow_promotion_codes: params.allow_promotion_codes === undefined ? null : params.allow_promotion_codes === "true",
    });
    state.checkoutSessions.set(id, session);
    checkoutDetails.set(id, { lineItems, subscriptionMetadata: metadataOf(asObject(params.subscription_data)?.metadata) });
    return session;
  }

  function createPortalSession(params: FormParams): StripeObject {
    allowOnly(params, ["customer", "return_url", "configuration", "locale", "expand"]);
    const customer = asString(params.customer);
    if (!customer) throw missing("customer");
    if (!state.customers.has(customer)) throw noSuch("customer", customer, "customer");
    const id = stripeId("bps");
    const session = portalSessionObject(
      id,
      seconds(),
      `${env.baseUrl()}/p/session/${id}`,
      customer,
      validUrl(asString(params.return_url), "return_url"),
    );
    state.portalSessions.set(id, session);
    return session;
  }

  function retrieve(map: Map<string, StripeObject>, what: string, id: string): StripeObject {
    const found = map.get(id);
    if (!found) throw noSuch(what, id);
    return found;
  }

  function route(method: string, path: string, params: FormParams): StripeObject {
    if (method === "POST" && path === "/v1/customers") return createCustomer(params);
    if (method === "POST" && path === "/v1/checkout/sessions") return createCheckoutSession(params);
    if (method === "POST" && path === "/v1/billing_portal/sessions") return createPortalSession(params);
    const get = method === "GET" ? /^\/v1\/(customers|subscriptions|prices|checkout\/sessions)\/([^/]+)$/.exec(path) : null;
    if (get) {
      const [, kind, id] = get;
      if (kind === "customers") return retrieve(state.customers, "customer", id);
      if (kind === "subscriptions") return retrieve(state.subscriptions, "subscription", id);
      if (kind === "prices") return retrieve(state.prices, "price", id);
      return retrieve(state.checkoutSessions, "checkout.session", id);
    }
    throw new StripeApiError(
      404,
      "invalid_request_error",
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }
  return { route };
}
