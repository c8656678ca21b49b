/**
 * Billing's calls: the caller's plan and the plans on offer (GET /v1/billing/plan), what each costs (GET
 * /v1/billing/prices), and the spec's
 * checkout and portal sessions (`url` or `error`). PlanReply is billing's reply type from proto.
 */
import type { PlanPrice, PlanReply, PricesReply } from "@folio/proto/billing";
import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import { request, visitorsMay } from "../../app/endpoint.ts";

export type { PlanPrice, PlanReply };

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlan: build.query<PlanReply, void>({
      query: () => request(Routes.billing.plan),
    }),
    /** what each plan on offer costs (Stripe's Price objects, through billing); the same for everyone */
    getPrices: build.query<PricesReply, void>({
      query: () => request(Routes.billing.prices),
      extraOptions: visitorsMay(Routes.billing.prices),
    }),
    createCheckoutSession: build.mutation<{ url: string }, string>({
      query: (priceId) => request(Routes.billing.checkout, { body: { price_id: priceId } }),
    }),
    createPortalSession: build.mutation<{ url: string }, void>({
      query: () => request(Routes.billing.portal),
    }),
  }),
});

export const { useGetPlanQuery, useGetPricesQuery, useCreateCheckoutSessionMutation, useCreatePortalSessionMutation } = billingApi;

/** The offered price ids with what each costs; an id the prices have not come for yet is listed by itself. */
export function offeredPlans(planIds: readonly string[], prices: readonly PlanPrice[] | undefined): (PlanPrice & { known: boolean })[] {
  return planIds.map((id) => {
    const price = prices?.find((p) => p.id === id);
    return price
      ? { ...price, known: true }
      : { id, nickname: null, amount: null, currency: null, interval: null, intervalCount: 1, known: false };
  });
}
