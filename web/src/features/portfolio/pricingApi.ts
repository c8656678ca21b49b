import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import type { AutocompleteReply, CloseReply, PriceReply } from "../../app/apiTypes.ts";
import { request, visitorsMay } from "../../app/endpoint.ts";

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
      query: (text) => request(Routes.pricing.autocomplete, { query: { query: text } }),
      extraOptions: visitorsMay(Routes.pricing.autocomplete),
    }),
    /** latest price, monthly history, fee, name and asset class of one ticker */
    getPrice: build.query<PriceReply, string>({
      query: (ticker) => request(Routes.pricing.price, { params: { ticker } }),
      extraOptions: visitorsMay(Routes.pricing.price),
    }),
    /** the as-traded close of a day: the purchase price to suggest for it */
    getClose: build.query<CloseReply, CloseArgs>({
      query: ({ ticker, date }) => request(Routes.pricing.close, { params: { ticker }, query: { date } }),
      extraOptions: visitorsMay(Routes.pricing.close),
    }),
  }),
});

export const { useAutocompleteQuery, useLazyGetPriceQuery, useGetCloseQuery, useLazyGetCloseQuery } = pricingApi;
