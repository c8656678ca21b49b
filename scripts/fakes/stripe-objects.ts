/**
 * The Stripe objects the fake returns and puts in events, shaped as in Stripe's API reference for the
 * version stripe-node 23 pins (2026-10-28.endive, after the 2025-03-31.basil changes: billing periods on
 * subscription items, not the subscription; an invoice names its subscription under
 * `parent.subscription_details`, not at the top level). References: docs.stripe.com/api/customers/object,
 * /api/prices/object, /api/checkout/sessions/object, /api/customer_portal/sessions/object,
 * /api/subscriptions/object, /api/subscription_items/object, /api/invoices/object, /api/events/object,
 * docs.stripe.com/changelog/basil/2025-03-31/deprecate-subscription-current-period-start-and-end and
 * .../adds-new-parent-field-to-invoicing-objects; field lists checked against stripe-node's types.
 */
import { randomId } from "./fake-http.ts";

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are open JSON; tests read them through the SDK's types
export type StripeObject = Record<string, any>;

export const stripeId = (prefix: string, length = 24): string => `${prefix}_${randomId(length)}`;

export interface FakePrice {
  id: string;
  unit_amount: number;
  currency?: string;
  /** recurring interval; omit for a one-time price */
  interval?: "day" | "week" | "month" | "year";
  /** intervals between billings (default 1: every month, every year) */
  interval_count?: number;
  product?: string;
  nickname?: string;
  lookup_key?: string;
}

export function customerObject(
  id: string,
  created: number,
  params: { email?: string; name?: string; description?: string; phone?: string; metadata: Record<string, string> },
): StripeObject {
  return {
    id,
    object: "customer",
    address: null,
    balance: 0,
    created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: params.description ?? null,
    discount: null,
    email: params.email ?? null,
    invoice_prefix: randomId(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: params.metadata,
    name: params.name ?? null,
    next_invoice_sequence: 1,
    phone: params.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function priceObject(price: FakePrice, created: number): StripeObject {
  return {
    id: price.id,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created,
    currency: price.currency ?? "usd",
    custom_unit_amount: null,
    livemode: false,
    lookup_key: price.lookup_key ?? null,
    metadata: {},
    nickname: price.nickname ?? null,
    product: price.product ?? `prod_${price.id.replace(/^price_/, "").slice(0, 14)}`,
    recurring: price.interval
      ? {
          interval: price.interval,
          interval_count: price.interval_count ?? 1,
          meter: null,
          trial_period_days: null,
          usage_type: "licensed",
        }
      : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: price.interval ? "recurring" : "one_time",
    unit_amount: price.unit_amount,
    unit_amount_decimal: String(price.unit_amount),
  };
}

/** The legacy `plan` that subscription items still carry beside `price`. */
function planOf(price: StripeObject): StripeObject {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval,
    interval_count: price.recurring?.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

export interface LineItem {
  price: StripeObject;
  quantity: number;
}

export function checkoutSessionObject(
  id: string,
  created: number,
  url: string,
  p: {
    mode: string;
    lineItems: LineItem[];
    customer: string | null;
    customer_email: string | null;
    success_url: string | null;
    cancel_url: string | null;
    client_reference_id: string | null;
    metadata: Record<string, string>;
    allow_promotion_codes: boolean | null;
  },
): StripeObject {
  const amount = p.lineItems.reduce((sum, li) => sum + li.price.unit_amount * li.quantity, 0);
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: p.allow_promotion_codes,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: p.cancel_url,
    client_reference_id: p.client_reference_id,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: p.lineItems[0]?.price.currency ?? null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: p.customer,
    customer_creation: p.customer ? null : "always",
    customer_details: null,
    customer_email: p.customer_email,
    discounts: [],
    expires_at: created + 24 * 3600,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: p.metadata,
    mode: p.mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: p.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url,
    wallet_options: null,
  };
}

export function portalSessionObject(id: string, created: number, url: string, customer: string, returnUrl: string | null): StripeObject {
  return {
    id,
    object: "billing_portal.session",
    configuration: "bpc_fake_default",
    created,
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url,
  };
}

/** One billing period after `start` (calendar months and years, as Stripe bills). */
export function periodEnd(start: number, interval: string): number {
  const d = new Date(start * 1000);
  if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else if (interval === "month") d.setUTCMonth(d.getUTCMonth() + 1);
  else if (interval === "week") d.setUTCDate(d.getUTCDate() + 7);
  else d.setUTCDate(d.getUTCDate() + 1);
  return Math.floor(d.getTime() / 1000);
}

export function subscriptionItemObject(subscription: string, created: number, li: LineItem): StripeObject {
  return {
    id: stripeId("si", 14),
    object: "subscription_item",
    billing_thresholds: null,
    created,
    current_period_end: periodEnd(created, li.price.recurring?.interval ?? "month"),
    current_period_start: created,
    discounts: [],
    metadata: {},
    plan: planOf(li.price),
    price: li.price,
    quantity: li.quantity,
    subscription,
    tax_rates: [],
  };
}

export function subscriptionObject(
  id: string,
  created: number,
  p: { customer: string; lineItems: LineItem[]; metadata: Record<string, string>; latestInvoice: string },
): StripeObject {
  const items = p.lineItems.map((li) => subscriptionItemObject(id, created, li));
  return {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created,
    currency: p.lineItems[0]?.price.currency ?? "usd",
    customer: p.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: stripeId("pm"),
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
    items: { object: "list", data: items, has_more: false, total_count: items.length, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: p.latestInvoice,
    livemode: false,
    metadata: p.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status: "active",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
}

/** An invoice for the subscription's current period; `paid` false is a failed automatic charge. */
export function invoiceObject(
  id: string,
  created: number,
  sub: StripeObject,
  customer: StripeObject | undefined,
  paid: boolean,
  billingReason: string,
): StripeObject {
  const lines = sub.items.data.map((item: StripeObject) => ({
    id: stripeId("il"),
    object: "line_item",
    amount: item.price.unit_amount * item.quantity,
    currency: item.price.currency,
    description: `${item.quantity} × ${item.price.nickname ?? item.price.product} (at ${item.price.unit_amount} ${item.price.currency} / ${item.price.recurring?.interval})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: sub.id,
        subscription_item: item.id,
      },
      type: "subscription_item_details",
    },
    period: { end: item.current_period_end, start: item.current_period_start },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: item.price.id, product: item.price.product },
      type: "price_details",
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity: item.quantity,
    taxes: [],
  }));
  const total = lines.reduce((sum: number, l: StripeObject) => sum + l.amount, 0);
  const first = sub.items.data[0];
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Folio (fake Stripe)",
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    amount_shipping: 0,
    attempt_count: 1,
    attempted: true,
    auto_advance: !paid,
    billing_reason: billingReason,
    collection_method: "charge_automatically",
    created,
    currency: sub.currency,
    customer: sub.customer,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    description: null,
    discounts: [],
    due_date: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { object: "list", data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : created + 3 * 24 * 3600,
    number: `${customer?.invoice_prefix ?? "FAKE"}-${String(1).padStart(4, "0")}`,
    parent: { quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id }, type: "subscription_details" },
    period_end: first?.current_period_end ?? created,
    period_start: first?.current_period_start ?? created,
    status: paid ? "paid" : "open",
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: paid ? created : null, voided_at: null },
    subtotal: total,
    total,
    webhooks_delivered_at: created,
  };
}

export function eventObject(
  type: string,
  created: number,
  object: StripeObject,
  apiVersion: string | null,
  previous?: StripeObject,
): StripeObject {
  return {
    id: stripeId("evt"),
    object: "event",
    api_version: apiVersion,
    created,
    data: previous ? { object, previous_attributes: previous } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
