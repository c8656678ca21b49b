import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import type { MessageReply, PortfolioReply, PortfolioSettings, SaveBody, SaveReply } from "../../app/apiTypes.ts";
import { request, visitorsMay } from "../../app/endpoint.ts";

export const portfolioApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** uncached, with the caller's identity (ownership) */
    getPortfolio: build.query<PortfolioReply, string>({
      query: (slug) => request(Routes.portfolio.get, { params: { slug } }),
      extraOptions: visitorsMay(Routes.portfolio.get),
    }),
    /** the visitors' path, cachable by the edge */
    getCachablePortfolio: build.query<PortfolioReply, string>({
      query: (slug) => request(Routes.portfolio.cachable, { params: { slug } }),
      extraOptions: visitorsMay(Routes.portfolio.cachable),
    }),
    savePortfolio: build.mutation<SaveReply, { slug: string; body: SaveBody }>({
      query: ({ slug, body }) => request(Routes.portfolio.save, { params: { slug }, body }),
      invalidatesTags: ["PortfolioList", "AchievementState"],
    }),
    /** a few settings saved on their own, e.g. the benchmark (`indexTicker`) */
    updatePortfolioSettings: build.mutation<MessageReply, { slug: string; settings: PortfolioSettings }>({
      query: ({ slug, settings }) => request(Routes.portfolio.updateSettings, { params: { slug }, body: { settings } }),
      invalidatesTags: ["PortfolioList", "AchievementState"],
    }),
    /** the owner's rename, a revision of its own */
    renamePortfolio: build.mutation<MessageReply, { slug: string; newPortfolioName: string }>({
      query: ({ slug, newPortfolioName }) => request(Routes.portfolio.rename, { params: { slug }, body: { newPortfolioName } }),
      invalidatesTags: ["PortfolioList"],
    }),
  }),
});

export const { useSavePortfolioMutation, useUpdatePortfolioSettingsMutation, useRenamePortfolioMutation } = portfolioApi;
