import { api } from "../../app/api.ts";
import type { MessageReply, PortfolioReply, PortfolioSettings, SaveBody, SaveReply } from "../../app/apiTypes.ts";

export const portfolioApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** uncached, with the caller's identity (ownership) */
    getPortfolio: build.query<PortfolioReply, string>({
      query: (slug) => ({ url: `/v1/get/portfolio/${encodeURIComponent(slug)}`, method: "POST" }),
      extraOptions: { anonymousOk: true },
    }),
    /** the visitors' path, cachable by the edge */
    getCachablePortfolio: build.query<PortfolioReply, string>({
      query: (slug) => `/cachable/get/portfolio/${encodeURIComponent(slug)}`,
      extraOptions: { anonymousOk: true },
    }),
    savePortfolio: build.mutation<SaveReply, { slug: string; body: SaveBody }>({
      query: ({ slug, body }) => ({ url: `/v1/save/portfolio/${encodeURIComponent(slug)}`, method: "POST", body }),
      invalidatesTags: ["PortfolioList", "AchievementState"],
    }),
    /** a few settings saved on their own, e.g. the benchmark (`indexTicker`) */
    updatePortfolioSettings: build.mutation<MessageReply, { slug: string; settings: PortfolioSettings }>({
      query: ({ slug, settings }) => ({
        url: `/v1/update/portfoliosettings/${encodeURIComponent(slug)}`,
        method: "POST",
        body: { settings },
      }),
      invalidatesTags: ["PortfolioList", "AchievementState"],
    }),
    /** the owner's rename, a revision of its own */
    renamePortfolio: build.mutation<MessageReply, { slug: string; newPortfolioName: string }>({
      query: ({ slug, newPortfolioName }) => ({
        url: `/v1/update/portfolioname/${encodeURIComponent(slug)}`,
        method: "POST",
        body: { newPortfolioName },
      }),
      invalidatesTags: ["PortfolioList"],
    }),
  }),
});

export const { useSavePortfolioMutation, useUpdatePortfolioSettingsMutation, useRenamePortfolioMutation } = portfolioApi;
