/**
 * The pricing paths of the spec's call table: GET /v1/get/{ticker} and GET /v1/autocomplete. Neither needs
 * a signed-in user. An unknown ticker is a 404 naming it; an outage with no last good value is the 503 the
 * web shows word for word.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { badRequest, notFound, unavailable } from "@folio/platform/http/errors";
import { ErrorCodes, ErrorReply, Messages } from "@folio/proto/errors";
import {
  AUTOCOMPLETE_MIN_LENGTH,
  AutocompleteQuery,
  AutocompleteReply,
  PriceQuery,
  PriceReply,
  PricingMessages,
  TickerParams,
} from "@folio/proto/pricing";
import type { FastifyPluginAsync } from "fastify";
import { normalizeTicker } from "./domain/series.ts";
import { type MarketData, MarketDataUnavailable, TickerNotFound } from "./market-data.ts";

export function pricingRoutes(marketData: MarketData): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();

    app.get(
      "/v1/get/:ticker",
      {
        schema: {
          params: TickerParams,
          querystring: PriceQuery,
          response: { 200: PriceReply, 400: ErrorReply, 404: ErrorReply, 503: ErrorReply },
        },
      },
      async (request) => {
        const ticker = normalizeTicker(request.params.ticker);
        try {
          return await marketData.price(ticker, request.query.cached === false);
        } catch (err) {
          if (err instanceof TickerNotFound) throw notFound(PricingMessages.unknownTicker(ticker));
          if (err instanceof MarketDataUnavailable) {
            request.log.warn({ ticker }, "no market data provider answered and no last good value is kept");
            throw unavailable(Messages.priceFailed);
          }
          throw err;
        }
      },
    );

    app.get(
      "/v1/autocomplete",
      { schema: { querystring: AutocompleteQuery, response: { 200: AutocompleteReply, 400: ErrorReply } } },
      async (request) => {
        const query = (request.query.query ?? "").trim();
        if (query.length < AUTOCOMPLETE_MIN_LENGTH) throw badRequest(ErrorCodes.validation, PricingMessages.queryTooShort);
        return { suggestions: await marketData.suggest(query) };
      },
    );
  };
}
