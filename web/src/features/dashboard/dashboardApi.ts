import { api } from "../../app/api.ts";
import type { MessageReply, PortfoliosAndAssetsReply } from "../../app/apiTypes.ts";

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPortfoliosAndAssets: build.query<PortfoliosAndAssetsReply, void>({
      query: () => ({ url: "/v1/get/portfolios-and-assets", method: "POST" }),
      providesTags: ["PortfolioList"],
    }),
    deletePortfolio: build.mutation<MessageReply, string>({
      query: (slug) => ({ url: `/v1/delete/portfolio/${encodeURIComponent(slug)}`, method: "POST" }),
    }),
  }),
});

export const { useGetPortfoliosAndAssetsQuery, useDeletePortfolioMutation } = dashboardApi;
