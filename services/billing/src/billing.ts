/**
 * Checkout, the Billing Portal and the plan: a Stripe Customer per user (created once, under an idempotency
 * key), a subscription Checkout Session for an offered price only, and the user's plan derived from their
 * subscriptions (domain/plans.ts). A plan change and its billing.plan.changed event commit together.
 */
import { publishOp } from "@folio/platform/events";
import { HttpError, notConfigured } from "@folio/platform/http/errors";
import { writeOver } from "@folio/platform/inbox";
import { LocalCache, SingleFlight } from "@folio/platform/memo";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, VersionConflictError, type WriteOp } from "@folio/platform/store/port";
import type { Identity } from "@folio/proto/auth";
import {
  BillingErrorCodes,
  BillingMessages,
  FREE_PLAN,
  FREE_PLAN_MAX_CONNECTIONS,
  type PlanPrice,
  type PlanReply,
} from "@folio/proto/billing";
import type Stripe from "stripe";
import { type BillingConfig, StripeFeature } from "./config.ts";
import { planOf, type SubscriptionState } from "./domain/plans.ts";
import { planPrice, unknownPrice } from "./domain/prices.ts";
import { CUSTOMERS, type Customer, customers } from "./store.ts";

const ATTEMPTS = 4;
/** A Price barely changes (a new one is made instead): each is asked of Stripe at most this often. */
export const PRICE_TTL_MS = 60 * 60 * 1000;
/** The Plan tab waits for Stripe this long per price, once, before it shows the price without its figure. */
const PRICE_TIMEOUT_MS = 5000;

export const providerFailed = () => new HttpError(503, BillingErrorCodes.providerFailed, BillingMessages.providerFailed);

/** Runs `attempt` again when another writer changed the customer in between (version check, same id). */
async function retrying<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      const raced = err instanceof VersionConflictError || (err instanceof DuplicateKeyError && err.collection === CUSTOMERS);
      if (!raced || i >= ATTEMPTS) throw err;
    }
  }
}

/** The write of a customer document: an insert for a new one, a checked replace otherwise (inbox.ts writeOver). */
export const customerWrite = (next: Customer, current: Customer | null): WriteOp => writeOver(CUSTOMERS, current, next);

export function createBilling(deps: ServiceDeps, config: BillingConfig) {
  const db = customers(deps.store);
  const settingsUrl = `${deps.config.publicUrl}/settings?t=plan`;

  async function stripeOrFail(): Promise<Stripe> {
    if (!config.stripe) throw notConfigured(StripeFeature);
    return config.stripe();
  }

  /** A Stripe failure never reaches the user as a 500: it is logged (no secrets) and answered 503. */
  async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      const e = err as { type?: string; code?: string; statusCode?: number; message?: string };
      deps.log.error({ stripe: { type: e.type, code: e.code, status: e.statusCode, message: e.message } }, `stripe: ${what} failed`);
      throw providerFailed();
    }
  }

  const newCustomer = (identity: Identity): Customer => ({
    _id: identity.uid,
    email: identity.email,
    plan: FREE_PLAN,
    since: new Date(deps.clock.now()).toISOString(),
  });

  /** The user's Stripe customer id, created on first use; the idempotency key makes a retry reuse it. */
  async function stripeCustomerOf(stripe: Stripe, identity: Identity): Promise<string> {
    const existing = await db.get(identity.uid);
    if (existing?.stripeCustomerId) return existing.stripeCustomerId;
    const created = await callStripe("create customer", () =>
      stripe.customers.create(
        { email: identity.email, metadata: { uid: identity.uid } },
        { idempotencyKey: `folio-customer-${identity.uid}` },
      ),
    );
    await retrying(async () => {
      const current = await db.get(identity.uid);
      if (current?.stripeCustomerId) return;
      await deps.store.commit([customerWrite({ ...(current ?? newCustomer(identity)), stripeCustomerId: created.id }, current)]);
    });
    return created.id;
  }

  async function checkout(identity: Identity, priceId: string): Promise<string> {
    const stripe = await stripeOrFail();
    if (!config.priceIds.includes(priceId)) {
      throw new HttpError(400, BillingErrorCodes.unknownPrice, BillingMessages.unknownPrice);
    }
    const current = await db.get(identity.uid);
    if (current && current.plan !== FREE_PLAN) {
      throw new HttpError(409, BillingErrorCodes.alreadySubscribed, BillingMessages.alreadySubscribed);
    }
    const customer = await stripeCustomerOf(stripe, identity);
    const session = await callStripe("create checkout session", () =>
      stripe.checkout.sessions.create({
        mode: "subscription",
        customer,
        line_items: [{ price: priceId, quantity: 1 }],
        client_reference_id: identity.uid,
        metadata: { uid: identity.uid },
        subscription_data: { metadata: { uid: identity.uid } },
        success_url: `${settingsUrl}&checkout=success`,
        cancel_url: settingsUrl,
      }),
    );
    if (!session.url) throw providerFailed();
    return session.url;
  }

  async function portal(identity: Identity): Promise<string> {
    const stripe = await stripeOrFail();
    const customer = (await db.get(identity.uid))?.stripeCustomerId;
    if (!customer) throw new HttpError(400, BillingErrorCodes.noCustomer, BillingMessages.noCustomer);
    const session = await callStripe("create portal session", () =>
      stripe.billingPortal.sessions.create({ customer, return_url: settingsUrl }),
    );
    return session.url;
  }

  const priceCache = new LocalCache<string, PlanPrice>({ max: 50, ttlMs: PRICE_TTL_MS, clock: deps.clock });
  const priceFlight = new SingleFlight<string, PlanPrice>();

  /** One offered price from Stripe's Price object (prices.retrieve), kept an hour; a failure is not kept. */
  async function priceOf(stripe: Stripe, id: string): Promise<PlanPrice> {
    const kept = priceCache.get(id);
    if (kept) return kept;
    return priceFlight.run(id, async () => {
      try {
        const price = await stripe.prices.retrieve(id, {}, { timeout: PRICE_TIMEOUT_MS, maxNetworkRetries: 1 });
        return priceCache.set(id, planPrice(price));
      } catch (err) {
        const e = err as { type?: string; code?: string; statusCode?: number; message?: string };
        deps.log.warn(
          { stripe: { type: e.type, code: e.code, status: e.statusCode, message: e.message }, price: id },
          "stripe: price look-up failed",
        );
        return unknownPrice(id);
      }
    });
  }

  /** The prices on offer, in BILLING_PRICE_IDS' order, each as Stripe's Price says (GET /v1/billing/prices). */
  async function prices(): Promise<PlanPrice[]> {
    if (!config.stripe) return [];
    const stripe = await config.stripe();
    return Promise.all(config.priceIds.map((id) => priceOf(stripe, id)));
  }

  async function planView(uid: string): Promise<PlanReply> {
    const customer = await db.get(uid);
    const plan = planOf(Object.values(customer?.subscriptions ?? {}), config);
    // a subscription stops granting the paid plan when its price leaves the offer or billing is unconfigured
    return {
      plan: plan.plan,
      maxConnections: plan.maxConnections,
      plan_ids: config.priceIds,
      configured: config.stripe !== null,
      paidMaxConnections: config.paidMaxConnections,
      manageable: config.stripe !== null && Boolean(customer?.stripeCustomerId),
      status: plan.status,
    };
  }

  /**
   * Records one subscription as Stripe reports it now and publishes billing.plan.changed when the plan (or
   * what it allows) changed, in one commit with `extra` (the webhook's inbox mark).
   */
  async function recordSubscription(
    uid: string,
    fallbackEmail: string,
    subscription: { id: string; state: SubscriptionState; customer: string },
    extra: WriteOp[],
  ): Promise<void> {
    await retrying(async () => {
      const current = await db.get(uid);
      const base = current ?? { _id: uid, email: fallbackEmail, plan: FREE_PLAN, since: new Date(deps.clock.now()).toISOString() };
      const subscriptions = { ...(base.subscriptions ?? {}), [subscription.id]: subscription.state };
      const plan = planOf(Object.values(subscriptions), config);
      const next: Customer = {
        ...base,
        stripeCustomerId: base.stripeCustomerId ?? subscription.customer,
        subscriptions,
        plan: plan.plan,
        maxConnections: plan.maxConnections,
      };
      const before = { plan: base.plan, maxConnections: base.maxConnections ?? FREE_PLAN_MAX_CONNECTIONS };
      const ops: WriteOp[] = [customerWrite(next, current), ...extra];
      if (before.plan !== plan.plan || before.maxConnections !== plan.maxConnections) {
        ops.push(publishOp("billing.plan.changed", uid, { uid, plan: plan.plan, maxConnections: plan.maxConnections }, deps.clock.now()));
      }
      await deps.store.commit(ops);
    });
  }

  /** The uid a Stripe customer belongs to: ours by customer id, else the uid metadata set at checkout. */
  async function uidOfCustomer(customerId: string, metadataUid: string | undefined): Promise<string | null> {
    const mine = await db.findOne({ stripeCustomerId: customerId });
    return mine?._id ?? metadataUid ?? null;
  }

  /**
   * At start: every customer's plan decided again under the current offer and allowance, with an event for
   * each change. Skipped while unconfigured, so a passing misconfiguration costs no one their plan; a
   * customer changed meanwhile (a webhook) was decided by that change already.
   */
  async function reconcile(): Promise<number> {
    if (!config.stripe) return 0;
    let changed = 0;
    for (const current of await db.find()) {
      const plan = planOf(Object.values(current.subscriptions ?? {}), config);
      if (plan.plan === current.plan && plan.maxConnections === (current.maxConnections ?? FREE_PLAN_MAX_CONNECTIONS)) continue;
      const uid = current._id;
      const next: Customer = { ...current, plan: plan.plan, maxConnections: plan.maxConnections };
      try {
        await deps.store.commit([
          customerWrite(next, current),
          publishOp("billing.plan.changed", uid, { uid, plan: plan.plan, maxConnections: plan.maxConnections }, deps.clock.now()),
        ]);
        changed++;
      } catch (err) {
        if (!(err instanceof VersionConflictError)) throw err;
      }
    }
    if (changed > 0) deps.log.info({ changed }, "billing: plans re-decided under the current configuration");
    return changed;
  }

  return { checkout, portal, planView, prices, recordSubscription, uidOfCustomer, stripeOrFail, reconcile };
}

export type Billing = ReturnType<typeof createBilling>;
