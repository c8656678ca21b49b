import { api } from "../../app/api.ts";
import type { AutocompleteReply, CloseReply, PriceReply } from "../../app/apiTypes.ts";

/** Spec §5/§9: autocomplete starts only when the search text is longer than 1 character. */
export const AUTOCOMPLETE_MIN_LENGTH = 2;

export interface CloseArgs {
  ticker: string;
  /** `YYYY-MM-DD` */
  date: string;
}

/** The pricing service's public calls; none needs a session. */
export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    autocomplete: build.query<AutocompleteReply, string>({
      query: (text) => ({ url: "/v1/autocomplete", params: { query: text } }),
      extraOptions: { anonymousOk: true },
    }),
    /** latest price, monthly history, fee, name and asset class of one ticker */
    getPrice: build.query<PriceReply, string>({
      query: (ticker) => `/v1/get/${encodeURIComponent(ticker)}`,
      extraOptions: { anonymousOk: true },
    }),
    /** the as-traded close of a day: the purchase price to suggest for it */
    getClose: build.query<CloseReply, CloseArgs>({
      query: ({ ticker, date }) => ({ url: `/v1/get/${encodeURIComponent(ticker)}/close`, params: { date } }),
      extraOptions: { anonymousOk: true },
    }),
  }),
});

export const { useAutocompleteQuery, useLazyGetPriceQuery, useGetCloseQuery, useLazyGetCloseQuery } = pricingApi;
