/**
 * The visitors' playground: POST /v1/playground/value values a draft portfolio with the same engine and
 * prices as a saved one, stores nothing and needs no account. The draft is checked by the same asset rules
 * as a save (a refused asset is the same 400), and valued on a valuation thread like any portfolio
 * (valuation-service.ts), so a 500-asset draft holds no event loop. Anyone may call it, so it has its own limit per client
 * address (RATE_LIMIT_PLAYGROUND_PER_MINUTE, default 30 a minute); the reply is the caller's own and is
 * never cached.
 */
import { jsonWith, sendJsonText } from "@folio/platform/http/encoded-reply";
import { route } from "@folio/platform/http/route";
import type { ServiceDeps } from "@folio/platform/service";
import { PortfolioContracts } from "@folio/proto/contracts/portfolio";
import { PLAYGROUND_SLUG } from "@folio/proto/playground";
import type { FastifyPluginAsync } from "fastify";
import { refused, saleRefusal } from "./commands.ts";
import { portfolioConfig } from "./config.ts";
import { newPortfolio, refusedAsset } from "./domain/portfolio.ts";
import { PRICE_WAIT_MS } from "./prices.ts";
import type { PortfolioValuer } from "./valuation-service.ts";

/** the owner of a draft nobody owns yet (never stored) */
const DRAFT_OWNER = "playground:visitor";

export function playgroundRoutes(deps: ServiceDeps, valuer: PortfolioValuer): FastifyPluginAsync {
  const perMinute = portfolioConfig(deps.config).playgroundPerMinute;
  return async (app) => {
    route(app, PortfolioContracts.playground, { rateLimit: { max: perMinute, timeWindow: 60_000 } }, async (request, reply) => {
      const now = new Date(deps.clock.now()).toISOString();
      const refusal = refusedAsset(request.body.portfolio.assets, [], now.slice(0, 10));
      if (refusal) throw refused(refusal);
      // visitors take turns for the valuation threads by address, as their limit counts them
      const party = `visitor:${request.ip}`;
      const applied = await valuer.withInitialPercents(request.body.portfolio, undefined, DRAFT_OWNER, party);
      const draft = newPortfolio(applied.input, { slug: PLAYGROUND_SLUG, name: "Playground", owner: DRAFT_OWNER, copiedFrom: null, now });
      const valued = await valuer.value(
        { ...draft, playGround: true, privateMode: true, _id: PLAYGROUND_SLUG, _v: 1 },
        PRICE_WAIT_MS,
        party,
      );
      const saleProblem = saleRefusal(draft.assets, valued);
      if (saleProblem) throw saleProblem;
      reply.header("cache-control", "private, no-store");
      const fields = request.body.portfolio.applyInitialPercents ? { initialPercentSkipped: applied.skipped } : {};
      // the draft's JSON as the valuation made it, on a valuation thread (valuation-task.ts)
      return sendJsonText(request, reply, jsonWith(fields, { data: valued.data, valuation: valued.valuation }));
    });
  };
}
