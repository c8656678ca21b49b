/**
 * The billing service's calls: the spec's checkout and portal sessions (`url` or `error`), the caller's plan
 * and the plans on offer, what each costs, and Stripe's webhook (its signature covers the exact bytes).
 */
import { BillingErrorReply, BillingUrlReply, CheckoutBody, PlanReply, PricesReply, WebhookReply } from "../billing.ts";
import { contract, type ServiceContracts } from "../contract.ts";
import { BillingErrorCodes } from "../error-codes.ts";
import { Routes } from "../routes.ts";

const routes = Routes.billing;
const failures = { 400: BillingErrorReply, 409: BillingErrorReply, 503: BillingErrorReply } as const;
const { notConfigured, unknownPrice, alreadySubscribed, noCustomer, providerFailed, badSignature } = BillingErrorCodes;

export const BillingContracts = {
  checkout: contract(routes.checkout, {
    body: CheckoutBody,
    reply: { 200: BillingUrlReply, ...failures },
    errors: [notConfigured, unknownPrice, alreadySubscribed, providerFailed],
  }),
  portal: contract(routes.portal, { reply: { 200: BillingUrlReply, ...failures }, errors: [notConfigured, noCustomer, providerFailed] }),
  plan: contract(routes.plan, { reply: { 200: PlanReply } }),
  prices: contract(routes.prices, { reply: { 200: PricesReply } }),
  webhook: contract(routes.webhook, {
    reply: { 200: WebhookReply, 400: BillingErrorReply, 503: BillingErrorReply },
    errors: [notConfigured, badSignature, providerFailed],
  }),
} satisfies ServiceContracts<typeof routes>;
