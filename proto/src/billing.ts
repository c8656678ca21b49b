/**
 * Billing: the spec's POST /v1/create-checkout-session and /v1/create-portal-session (`url` or `error`),
 * GET /v1/billing/plan (the caller's plan, what it allows and the plans on offer: the settings page and
 * the accounts service read it), and the messages the web shows with the same words the server answers.
 */
import { type Static, Type } from "typebox";

/** The plan every account has until a paid subscription says otherwise. */
export const FREE_PLAN = "free";
/** The name of the plan every offered price id buys. */
export const PAID_PLAN = "pro";

export { BillingMessages } from "./constants.ts";
export { BillingErrorCodes } from "./error-codes.ts";

export const CheckoutBody = Type.Object({ price_id: Type.String({ minLength: 1, maxLength: 200 }) });
export type CheckoutBody = Static<typeof CheckoutBody>;

/** Where the browser goes next: Stripe Checkout or the Billing Portal. */
export const BillingUrlReply = Type.Object({ url: Type.String() });

/** The spec's failure: `error`, with a stable `code`. */
export const BillingErrorReply = Type.Object({ error: Type.String(), code: Type.String() });

export const PlanReply = Type.Object({
  /** FREE_PLAN or PAID_PLAN */
  plan: Type.String(),
  /** brokerage connections the plan allows */
  maxConnections: Type.Integer({ minimum: 0 }),
  /** the price ids on offer (BILLING_PRICE_IDS); empty when billing is not configured */
  plan_ids: Type.Array(Type.String()),
  /** false when Stripe is not configured: everyone is on the free plan and upgrades answer 503 */
  configured: Type.Boolean(),
  /** the paid plan's connection allowance, to say what upgrading brings */
  paidMaxConnections: Type.Integer({ minimum: 0 }),
  /** the caller has a Stripe customer, so the Billing Portal has something to manage */
  manageable: Type.Boolean(),
  /** the subscription's Stripe status while it is paid (`past_due` keeps the plan during the grace) */
  status: Type.Union([Type.String(), Type.Null()]),
});
export type PlanReply = Static<typeof PlanReply>;

/** A Stripe Price's recurring interval (docs.stripe.com/api/prices/object `recurring.interval`). */
export const PriceInterval = Type.Union([Type.Literal("day"), Type.Literal("week"), Type.Literal("month"), Type.Literal("year")]);

/**
 * One price on offer as Stripe's Price object says it (GET /v1/billing/prices), so the Plan tab shows what
 * the plan costs, not its id. `amount` is null when Stripe could not be asked just now (or the price has no
 * fixed unit amount): the id is still offered.
 */
export const PlanPrice = Type.Object({
  id: Type.String(),
  /** the price's nickname in Stripe, when it has one */
  nickname: Type.Union([Type.String(), Type.Null()]),
  /** per interval, in the currency's major unit (unit_amount 900 in usd → 9) */
  amount: Type.Union([Type.Number(), Type.Null()]),
  /** ISO code, upper case (Stripe's is lower case) */
  currency: Type.Union([Type.String(), Type.Null()]),
  /** null for a one-time price */
  interval: Type.Union([PriceInterval, Type.Null()]),
  intervalCount: Type.Integer({ minimum: 1 }),
});
export type PlanPrice = Static<typeof PlanPrice>;

export const PricesReply = Type.Object({ prices: Type.Array(PlanPrice) });
export type PricesReply = Static<typeof PricesReply>;

export const WebhookReply = Type.Object({ received: Type.Literal(true) });
