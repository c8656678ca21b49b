import type { PlaygroundReply } from "@folio/proto/playground";
import type { Static } from "typebox";
import { api } from "../../app/api.ts";
import type { PortfolioInput } from "../../app/apiTypes.ts";

export type PlaygroundValuation = Static<typeof PlaygroundReply>;

export const playgroundApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** values a draft without storing it; anyone may call it (limited per client address) */
    valuePlayground: build.mutation<PlaygroundValuation, PortfolioInput>({
      query: (portfolio) => ({ url: "/v1/playground/value", method: "POST", body: { portfolio } }),
      extraOptions: { anonymousOk: true },
    }),
  }),
});

export const { useValuePlaygroundMutation } = playgroundApi;
