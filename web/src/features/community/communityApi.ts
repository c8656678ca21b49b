import type { CommunityCard as CardSchema, CommunityQuery, CommunityReply } from "@folio/proto/community";
import { Routes, urlOf } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import { visitorsMay } from "../../app/endpoint.ts";

export type { CommunityCategory, CommunityQuery, CommunityReply } from "@folio/proto/community";

/**
 * A card with the currency of its amounts and the date of its newest price, when the server sends them
 * (its latest valuation's: the portfolio page's figures).
 */
export type CommunityCard = CardSchema & { baseCurrency?: string; pricesAsOf?: string | null };

/** The newest price date among cards (they are valued at the same prices), or null. */
export function newestPricesAsOf(cards: readonly CommunityCard[]): string | null {
  return cards.reduce<string | null>(
    (newest, card) => (card.pricesAsOf && (!newest || card.pricesAsOf > newest) ? card.pricesAsOf : newest),
    null,
  );
}

/** The query string the server caches by: only the parameters given, in a fixed order. */
export function communityUrl(query: CommunityQuery): string {
  return urlOf(
    Routes.portfolio.community,
    {},
    {
      samples: query.samples ? "true" : undefined,
      category: query.category || undefined,
      page: query.page && query.page > 1 ? query.page : undefined,
      pageSize: query.pageSize || undefined,
    },
  );
}

export const communityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** public: the same for everyone, so shared caches may keep it for 30 s */
    getCommunityPortfolios: build.query<CommunityReply, CommunityQuery>({
      // revalidated (ETag) rather than taken from the browser's cache: an owner who just published sees it
      query: (query) => ({ url: communityUrl(query), method: Routes.portfolio.community.method, cache: "no-cache" }),
      extraOptions: visitorsMay(Routes.portfolio.community),
    }),
  }),
});

export const { useGetCommunityPortfoliosQuery } = communityApi;
