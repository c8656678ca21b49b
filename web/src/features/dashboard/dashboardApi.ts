import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import type { MessageReply, PortfoliosAndAssetsReply } from "../../app/apiTypes.ts";
import { request } from "../../app/endpoint.ts";

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPortfoliosAndAssets: build.query<PortfoliosAndAssetsReply, void>({
      query: () => request(Routes.portfolio.list),
      providesTags: ["PortfolioList"],
    }),
    deletePortfolio: build.mutation<MessageReply, string>({
      query: (slug) => request(Routes.portfolio.remove, { params: { slug } }),
    }),
  }),
});

export const { useGetPortfoliosAndAssetsQuery, useDeletePortfolioMutation } = dashboardApi;
