/**
 * The portfolio calls of the spec's call table (§7), as HTTP only: the use cases are in commands.ts and
 * reads.ts. Each is registered from its contract (@folio/proto/contracts/portfolio); the reply schemas also
 * strip what the stored document holds beyond the public Portfolio (owner, provenance).
 */
import { callerOf } from "@folio/platform/http/auth";
import { acceptsGzip, jsonWith, sendEncoded, sendJsonText } from "@folio/platform/http/encoded-reply";
import { badRequest } from "@folio/platform/http/errors";
import { route } from "@folio/platform/http/route";
import { PortfolioContracts as calls } from "@folio/proto/contracts/portfolio";
import { ErrorCodes } from "@folio/proto/errors";
import type { FastifyPluginAsync } from "fastify";
import { PortfolioMessages } from "./commands.ts";
import type { PortfolioContext } from "./context.ts";
import { cleanName } from "./domain/portfolio.ts";
import { playgroundRoutes } from "./playground.ts";
import { replyJson } from "./reply-cache.ts";

/** Every call the portfolio service answers: its own below, the community's, moderation's and the playground's. */
export function portfolioRoutes(ctx: PortfolioContext): FastifyPluginAsync {
  const { commands, reads } = ctx;
  return async (app) => {
    await app.register(ctx.community.routes);
    await app.register(ctx.moderation.routes);
    await app.register(playgroundRoutes(ctx.deps, ctx.valuer));

    route(app, calls.save, async (request, reply) => {
      const outcome = await commands.save(callerOf(request).uid, request.params.slug, request.body);
      if (outcome.message === "showPopup") return outcome;
      const { valued, ...fields } = outcome;
      // the portfolio's JSON as the valuation made it (valuation-task.ts): not parsed and serialised again
      return sendJsonText(request, reply, jsonWith(fields, { data: valued.data }));
    });

    /** The load: the portfolio's current valued copy (valued now when there is none), its body sent as made. */
    route(app, calls.get, async (request, reply) => {
      const gzip = acceptsGzip(request.headers["accept-encoding"]);
      const headers: Record<string, string> = gzip ? { vary: "Accept-Encoding" } : {};
      // a visitor's view still fresh in this process, when current, as the cachable read serves it
      const quick = request.identity ? null : reads.visitorView(request.params.slug);
      if (quick && !quick.view.has_updates) return sendEncoded(request, reply, headers, quick.served.body(false, true, false, gzip), gzip);
      const view = await reads.load(request.params.slug, request.identity);
      if (!view.moderation) return sendEncoded(request, reply, headers, view.served.body(false, view.notOwner, view.isAdmin, gzip), gzip);
      const json = replyJson(view.served.copy, false, view.notOwner, view.isAdmin);
      return sendJsonText(request, reply, `${json.slice(0, -1)},"moderation":${JSON.stringify(view.moderation)}}`);
    });

    /**
     * The cachable load. The copy is cached as schema-clean JSON and its body sent as encoded bytes, which is
     * what keeps this path close to a bare route; a visitor's view still fresh in this process skips the store.
     */
    route(app, calls.cachable, async (request, reply) => {
      const raw = reply;
      const gzip = acceptsGzip(request.headers["accept-encoding"]);
      const quick = request.identity ? null : reads.visitorView(request.params.slug);
      if (quick) return sendEncoded(request, raw, quick.view.headers, quick.served.body(quick.view.has_updates, true, false, gzip), gzip);
      // A private portfolio may turn public (or a slug appear) any time: never keep a 404.
      raw.header("cache-control", "no-store");
      const view = await reads.cachable(request.params.slug, request.identity);
      return sendEncoded(request, raw, view.headers, view.served.body(view.has_updates, view.notOwner, view.isAdmin, gzip), gzip);
    });

    route(app, calls.list, async (request) => ({ portfolios: await reads.list(callerOf(request).uid) }));

    route(app, calls.remove, async (request) => {
      await commands.remove(callerOf(request).uid, request.params.slug);
      return { message: "pdeleted" };
    });

    route(app, calls.rename, async (request) => {
      const name = cleanName(request.body.newPortfolioName);
      if (name === null) throw badRequest(ErrorCodes.validation, PortfolioMessages.nameRequired);
      const doc = await commands.rename(callerOf(request).uid, request.params.slug, name);
      return { message: "pupdated", slug: doc.slug };
    });

    route(app, calls.updateSettings, async (request) => {
      await commands.updateSettings(callerOf(request).uid, request.params.slug, request.body.settings);
      return { message: "pupdated" };
    });
  };
}
