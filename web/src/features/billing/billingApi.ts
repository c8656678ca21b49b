/**
 * Billing's calls: the caller's plan and the plans on offer (GET /v1/billing/plan), and the spec's
 * checkout and portal sessions (`url` or `error`). PlanReply is billing's reply type from proto.
 */
import type { PlanReply } from "@folio/proto/billing";
import { api } from "../../app/api.ts";

export type { PlanReply };

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlan: build.query<PlanReply, void>({
      query: () => ({ url: "/v1/billing/plan" }),
    }),
    createCheckoutSession: build.mutation<{ url: string }, string>({
      query: (priceId) => ({ url: "/v1/create-checkout-session", method: "POST", body: { price_id: priceId } }),
    }),
    createPortalSession: build.mutation<{ url: string }, void>({
      query: () => ({ url: "/v1/create-portal-session", method: "POST" }),
    }),
  }),
});

export const { useGetPlanQuery, useCreateCheckoutSessionMutation, useCreatePortalSessionMutation } = billingApi;
