import type { PlaygroundReply } from "@folio/proto/playground";
import { Routes } from "@folio/proto/routes";
import type { Static } from "typebox";
import { api } from "../../app/api.ts";
import type { PortfolioInput } from "../../app/apiTypes.ts";
import { request, visitorsMay } from "../../app/endpoint.ts";

export type PlaygroundValuation = Static<typeof PlaygroundReply>;

export const playgroundApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** values a draft without storing it; anyone may call it (limited per client address) */
    valuePlayground: build.mutation<PlaygroundValuation, PortfolioInput>({
      query: (portfolio) => request(Routes.portfolio.playground, { body: { portfolio } }),
      extraOptions: visitorsMay(Routes.portfolio.playground),
    }),
  }),
});

export const { useValuePlaygroundMutation } = playgroundApi;
