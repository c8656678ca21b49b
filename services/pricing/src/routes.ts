/**
 * The pricing paths of the spec's call table: GET /v1/get/{ticker} and GET /v1/autocomplete. Neither needs
 * a signed-in user. An unknown ticker is a 404 naming it; an outage with no last good value is the 503 the
 * web shows word for word. A price is public: its reply is served as bytes encoded once (reply-cache.ts),
 * with an ETag and a minute's Cache-Control; cached=false looks past all of that.
 */
import { acceptsGzip, sendEncoded } from "@folio/platform/http/encoded-reply";
import { badRequest, notFound, unavailable } from "@folio/platform/http/errors";
import { route } from "@folio/platform/http/route";
import { isCalendarDate, latestPurchaseDate } from "@folio/proto/asset-rules";
import { PricingContracts as calls } from "@folio/proto/contracts/pricing";
import { ErrorCodes, Messages } from "@folio/proto/errors";
import { AUTOCOMPLETE_MIN_LENGTH, PricingMessages } from "@folio/proto/pricing";
import type { FastifyPluginAsync } from "fastify";
import type { PricingContext } from "./context.ts";
import { normalizeTicker } from "./domain/series.ts";
import { MarketDataUnavailable, NoCloseBefore, TickerNotFound } from "./market-data.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export function pricingRoutes(ctx: PricingContext): FastifyPluginAsync {
  const { marketData, replies } = ctx;
  const clock = ctx.deps.clock;
  return async (app) => {
    /**
     * The as-traded close (docs/product-decisions.md "The as-traded close"): what a buyer paid on a day, for the Add window's
     * suggested purchase price. The date is the day asked; the answer names the trading day used (the last on
     * or before it). A date after tomorrow (the purchase rules' day of slack for time zones) is refused. The
     * answer is public, kept an hour (the contract's caching).
     */
    route(app, calls.close, async (request) => {
      const ticker = normalizeTicker(request.params.ticker);
      const date = (request.query.date ?? "").trim();
      if (!isCalendarDate(date)) throw badRequest(ErrorCodes.validation, PricingMessages.closeDateInvalid);
      const today = new Date(clock.now()).toISOString().slice(0, 10);
      if (date > latestPurchaseDate(today)) throw badRequest(ErrorCodes.validation, PricingMessages.closeDateFuture);
      const recent = Date.parse(`${date}T00:00:00Z`) > clock.now() - 7 * DAY_MS;
      try {
        return await marketData.close(ticker, date, recent);
      } catch (err) {
        if (err instanceof TickerNotFound) throw notFound(PricingMessages.unknownTicker(ticker));
        if (err instanceof NoCloseBefore) throw notFound(PricingMessages.noCloseBefore(ticker, date));
        if (err instanceof MarketDataUnavailable) throw unavailable(Messages.priceFailed);
        throw err;
      }
    });

    route(app, calls.price, async (request, reply) => {
      const ticker = normalizeTicker(request.params.ticker);
      try {
        if (request.query.cached === false) {
          reply.header("cache-control", "no-store");
          return await marketData.price(ticker, true);
        }
        // serialised as returning the reply would be (the route's 200 schema), so the kept bytes are the same
        const served = await replies.get(ticker, async () => reply.serialize(await marketData.price(ticker)) as string);
        const gzip = acceptsGzip(request.headers["accept-encoding"]);
        return sendEncoded(request, reply, served.headers, served.body.body(gzip), gzip);
      } catch (err) {
        if (err instanceof TickerNotFound) throw notFound(PricingMessages.unknownTicker(ticker));
        if (err instanceof MarketDataUnavailable) {
          // while no provider answers at all, that was said once (provider-health.ts): not again per ticker
          const level = marketData.health.offline ? "debug" : "warn";
          request.log[level]({ ticker }, "no market data provider answered and no last good value is kept");
          throw unavailable(Messages.priceFailed);
        }
        throw err;
      }
    });

    route(app, calls.autocomplete, async (request) => {
      const query = (request.query.query ?? "").trim();
      if (query.length < AUTOCOMPLETE_MIN_LENGTH) throw badRequest(ErrorCodes.validation, PricingMessages.queryTooShort);
      return { suggestions: await marketData.suggest(query) };
    });
  };
}
