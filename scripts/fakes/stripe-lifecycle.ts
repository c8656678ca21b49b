/**
 * What happens on Stripe's side after the API calls: the customer pays on Checkout, changes or cancels in
 * the portal, a renewal charge fails. Each step changes the fake's objects as Stripe would and produces
 * the events a webhook endpoint subscribed to them receives (docs.stripe.com/billing/subscriptions/webhooks:
 * checkout.session.completed and customer.subscription.created on sign-up, customer.subscription.updated
 * with `previous_attributes` on changes, customer.subscription.deleted when it ends, invoice.payment_failed
 * when a charge fails). Other event types Stripe also emits (invoice.paid, customer.created...) are left
 * out, as for an endpoint not subscribed to them.
 */
import type { FakeStripe, LifecycleOptions, LifecycleResult, SubscriptionChange } from "./stripe.ts";
import {
  customerObject,
  eventObject,
  invoiceObject,
  type LineItem,
  type StripeObject,
  stripeId,
  subscriptionItemObject,
  subscriptionObject,
} from "./stripe-objects.ts";
import { deliverStripeEvent, type StripeDelivery } from "./stripe-webhooks.ts";

export interface CheckoutDetails {
  lineItems: LineItem[];
  subscriptionMetadata: Record<string, string>;
}

interface Clock {
  seconds: () => number;
  apiVersion: () => string | null;
  checkoutDetails: Map<string, CheckoutDetails>;
}

const copy = <T>(value: T): T => structuredClone(value);

export function stripeLifecycle(fake: FakeStripe, clock: Clock) {
  async function deliver(event: StripeObject, timestamp?: number): Promise<StripeDelivery> {
    if (!fake.webhookUrl) throw new Error("fake Stripe: no webhookUrl set to deliver to");
    const delivery = await deliverStripeEvent(fake.webhookUrl, event, fake.webhookSecret, timestamp ?? clock.seconds());
    fake.deliveries.push(delivery);
    return delivery;
  }

  /** Records the events (snapshots of the objects now) and delivers them one after the other. */
  async function emit(
    subscription: StripeObject,
    events: [string, StripeObject, StripeObject?][],
    options: LifecycleOptions = {},
  ): Promise<LifecycleResult> {
    const created = events.map(([type, object, previous]) =>
      eventObject(type, clock.seconds(), copy(object), clock.apiVersion(), previous),
    );
    fake.events.push(...created);
    const deliveries: StripeDelivery[] = [];
    if (options.deliver ?? fake.webhookUrl !== undefined) for (const event of created) deliveries.push(await deliver(event));
    return { subscription: copy(subscription), events: created, deliveries };
  }

  function subscriptionOf(id: string): StripeObject {
    const subscription = fake.subscriptions.get(id);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
    return subscription;
  }

  async function completeCheckout(sessionId: string, options: LifecycleOptions & { email?: string } = {}): Promise<LifecycleResult> {
    const session = fake.checkoutSessions.get(sessionId);
    const details = clock.checkoutDetails.get(sessionId);
    if (!session || !details) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    if (session.status !== "open") throw new Error(`fake Stripe: checkout session ${sessionId} is ${session.status}`);
    const now = clock.seconds();
    let customer = session.customer ? fake.customers.get(session.customer) : undefined;
    if (!customer) {
      const email = options.email ?? session.customer_email ?? "customer@example.com";
      customer = customerObject(stripeId("cus", 14), now, { email, metadata: {} });
      fake.customers.set(customer.id, customer);
    }
    session.customer = customer.id;
    session.customer_details = { address: null, email: customer.email, name: customer.name, phone: null, tax_exempt: "none", tax_ids: [] };
    session.status = "complete";
    session.payment_status = "paid";
    session.url = null;
    if (session.mode !== "subscription") return emit({}, [["checkout.session.completed", session]], options);

    const subscriptionId = stripeId("sub");
    const invoiceId = stripeId("in");
    const subscription = subscriptionObject(subscriptionId, now, {
      customer: customer.id,
      lineItems: details.lineItems,
      metadata: details.subscriptionMetadata,
      latestInvoice: invoiceId,
    });
    fake.subscriptions.set(subscriptionId, subscription);
    fake.invoices.set(invoiceId, invoiceObject(invoiceId, now, subscription, customer, true, "subscription_create"));
    session.subscription = subscriptionId;
    session.invoice = invoiceId;
    return emit(
      subscription,
      [
        ["checkout.session.completed", session],
        ["customer.subscription.created", subscription],
      ],
      options,
    );
  }

  async function updateSubscription(id: string, change: SubscriptionChange, options?: LifecycleOptions): Promise<LifecycleResult> {
    const subscription = subscriptionOf(id);
    const previous: StripeObject = {};
    if (change.status !== undefined && change.status !== subscription.status) {
      previous.status = subscription.status;
      subscription.status = change.status;
    }
    if (change.cancel_at_period_end !== undefined && change.cancel_at_period_end !== subscription.cancel_at_period_end) {
      Object.assign(previous, {
        cancel_at_period_end: subscription.cancel_at_period_end,
        cancel_at: subscription.cancel_at,
        canceled_at: subscription.canceled_at,
      });
      subscription.cancel_at_period_end = change.cancel_at_period_end;
      subscription.cancel_at = change.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
      subscription.canceled_at = change.cancel_at_period_end ? clock.seconds() : null;
    }
    if (change.price !== undefined) {
      const price = fake.prices.get(change.price);
      if (!price) throw new Error(`fake Stripe: no price ${change.price}`);
      previous.items = copy(subscription.items);
      const old = subscription.items.data[0];
      const item = subscriptionItemObject(id, clock.seconds(), { price, quantity: old.quantity });
      subscription.items.data[0] = { ...item, id: old.id };
    }
    return emit(subscription, [["customer.subscription.updated", subscription, previous]], options);
  }

  async function cancelSubscription(id: string, options?: LifecycleOptions): Promise<LifecycleResult> {
    const subscription = subscriptionOf(id);
    const now = clock.seconds();
    Object.assign(subscription, {
      status: "canceled",
      canceled_at: now,
      ended_at: now,
      cancellation_details: { comment: null, feedback: null, reason: "cancellation_requested" },
    });
    return emit(subscription, [["customer.subscription.deleted", subscription]], options);
  }

  async function failInvoicePayment(id: string, options?: LifecycleOptions): Promise<LifecycleResult> {
    const subscription = subscriptionOf(id);
    const invoiceId = stripeId("in");
    const invoice = invoiceObject(
      invoiceId,
      clock.seconds(),
      subscription,
      fake.customers.get(subscription.customer),
      false,
      "subscription_cycle",
    );
    fake.invoices.set(invoiceId, invoice);
    const previous = { status: subscription.status, latest_invoice: subscription.latest_invoice };
    subscription.status = "past_due";
    subscription.latest_invoice = invoiceId;
    return emit(
      subscription,
      [
        ["invoice.payment_failed", invoice],
        ["customer.subscription.updated", subscription, previous],
      ],
      options,
    );
  }

  return { deliver, completeCheckout, updateSubscription, cancelSubscription, failInvoicePayment };
}
