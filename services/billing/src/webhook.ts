/**
 * Stripe's webhooks at POST /v1/billing/webhook. The raw body's `Stripe-Signature` is verified with the
 * endpoint's signing secret (the SDK's constructEvent, which also refuses a timestamp older than 5
 * minutes, so a captured delivery cannot be replayed later); anything else is a 400 that changes nothing.
 * Each event id is handled once (an inbox mark committed with its effect). Events may arrive late, twice
 * or out of order, so an event only says which subscription to look at: its current state is retrieved
 * from Stripe and recorded, and the plan follows from that state, never from the event's snapshot. An event
 * about a subscription Stripe does not know is acknowledged (2xx) and logged; only Stripe failing to answer is
 * a 503, which Stripe retries.
 */
import { HttpError } from "@folio/platform/http/errors";
import type { Logger } from "@folio/platform/log";
import type { Store, WriteOp } from "@folio/platform/store/port";
import { BillingErrorCodes, BillingMessages } from "@folio/proto/billing";
import type Stripe from "stripe";
import type { Billing } from "./billing.ts";
import { providerFailed } from "./billing.ts";
import { STRIPE_EVENTS } from "./store.ts";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The subscription an event is about, for the event types that drive the plan; null for any other. */
export function subscriptionOfEvent(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed":
      return event.data.object.mode === "subscription" ? idOf(event.data.object.subscription) : null;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.id;
    case "invoice.payment_failed": {
      // since API version 2025-03-31 an invoice names its subscription under parent.subscription_details
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
    }
    default:
      return null;
  }
}

/** Stripe's answer that the object does not exist (404 `resource_missing`), as opposed to Stripe failing. */
function isMissing(err: unknown): boolean {
  const e = err as { statusCode?: number; code?: string };
  return e?.statusCode === 404 || e?.code === "resource_missing";
}

export function createWebhook(deps: { store: Store; log: Logger; webhookSecret: string }, billing: Billing) {
  function verified(stripe: Stripe, raw: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new HttpError(400, BillingErrorCodes.badSignature, BillingMessages.badSignature);
    try {
      return stripe.webhooks.constructEvent(raw, signature, deps.webhookSecret);
    } catch {
      throw new HttpError(400, BillingErrorCodes.badSignature, BillingMessages.badSignature);
    }
  }

  return async function receive(raw: Buffer, signature: string | undefined): Promise<void> {
    const stripe = await billing.stripeOrFail();
    const event = verified(stripe, raw, signature);
    if (await deps.store.handled(STRIPE_EVENTS, event.id)) return;
    const mark: WriteOp = { op: "inbox", consumer: STRIPE_EVENTS, eventId: event.id };
    const subscriptionId = subscriptionOfEvent(event);
    if (!subscriptionId) {
      await commitMark(mark);
      return;
    }
    let subscription: Stripe.Subscription;
    try {
      subscription = await stripe.subscriptions.retrieve(subscriptionId);
    } catch (err) {
      if (isMissing(err)) {
        // Stripe says there is no such subscription (another account's test data, one deleted since): asking
        // again would never find it, so the delivery is acknowledged and said, not retried for days
        deps.log.warn(
          { event: event.id, type: event.type, subscription: subscriptionId },
          "stripe: event about a subscription Stripe does not know; ignored",
        );
        await commitMark(mark);
        return;
      }
      // not marked: Stripe retries the delivery, and the retry looks again
      deps.log.warn({ event: event.id, err: (err as Error).message }, "stripe: subscription lookup failed");
      throw providerFailed();
    }
    const customer = idOf(subscription.customer) ?? "";
    const uid = await billing.uidOfCustomer(customer, subscription.metadata?.uid);
    if (!uid) {
      deps.log.warn({ event: event.id, subscription: subscription.id }, "stripe: subscription of no known user; ignored");
      await commitMark(mark);
      return;
    }
    const state = { status: subscription.status, priceIds: subscription.items.data.map((item) => item.price.id) };
    try {
      await billing.recordSubscription(uid, "", { id: subscription.id, state, customer }, [mark]);
    } catch (err) {
      // a concurrent delivery of the same event committed first: its effect is the same
      if (await deps.store.handled(STRIPE_EVENTS, event.id)) return;
      throw err;
    }
  };

  async function commitMark(mark: WriteOp): Promise<void> {
    try {
      await deps.store.commit([mark]);
    } catch (err) {
      if (!(mark.op === "inbox" && (await deps.store.handled(mark.consumer, mark.eventId)))) throw err;
    }
  }
}
