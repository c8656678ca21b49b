/**
 * The portfolio paths of the spec's call table (§7), as HTTP only: the use cases are in commands.ts and
 * reads.ts. Every body and reply is a proto schema; the reply schemas also strip what the stored document
 * holds beyond the public Portfolio (owner, provenance). Protected paths check the caller in preValidation,
 * so a visitor gets `nouser` before any body error.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { callerOf } from "@folio/platform/http/auth";
import { acceptsGzip, jsonWith, sendEncoded, sendJsonText } from "@folio/platform/http/encoded-reply";
import { badRequest } from "@folio/platform/http/errors";
import { ErrorCodes, ErrorReply, NoUserReply } from "@folio/proto/errors";
import {
  MessageReply,
  NokReply,
  PortfolioReply,
  PortfoliosAndAssetsReply,
  RenameBody,
  SaveBody,
  SaveRefusedReply,
  SaveReply,
  SettingsBody,
} from "@folio/proto/portfolio";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { Type } from "typebox";
import { type PortfolioCommands, PortfolioMessages } from "./commands.ts";
import { cleanName } from "./domain/portfolio.ts";
import type { PortfolioReads } from "./reads.ts";
import { replyJson } from "./reply-cache.ts";

/** Any string: a slug that was never issued is simply not found (or, on save, not the caller's). */
const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) });

export function portfolioRoutes(commands: PortfolioCommands, reads: PortfolioReads): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const auth = { preValidation: app.requireUser };
    const ownerOnly = { 400: ErrorReply, 401: NoUserReply, 403: NokReply, 404: ErrorReply };
    /** a patch that keeps losing races to other writers ends in a 409 */
    const patchResponses = { ...ownerOnly, 409: NokReply };

    app.post(
      "/v1/save/portfolio/:slug",
      {
        ...auth,
        schema: {
          params: SlugParams,
          body: SaveBody,
          response: { 200: SaveReply, 400: SaveRefusedReply, 401: NoUserReply, 409: NokReply },
        },
      },
      async (request, reply) => {
        const outcome = await commands.save(callerOf(request).uid, request.params.slug, request.body);
        if (outcome.message === "showPopup") return outcome;
        const { valued, ...fields } = outcome;
        // the portfolio's JSON as the valuation made it (valuation-task.ts): not parsed and serialised again
        return sendJsonText(request, reply as FastifyReply, jsonWith(fields, { data: valued.data }));
      },
    );

    /** The load: the portfolio's current valued copy (valued now when there is none), its body sent as made. */
    app.post(
      "/v1/get/portfolio/:slug",
      { schema: { params: SlugParams, response: { 200: PortfolioReply, 404: ErrorReply } } },
      async (request, reply) => {
        const raw = reply as FastifyReply;
        const gzip = acceptsGzip(request.headers["accept-encoding"]);
        const headers: Record<string, string> = gzip ? { vary: "Accept-Encoding" } : {};
        // a visitor's view still fresh in this process, when current, as the cachable read serves it
        const quick = request.identity ? null : reads.visitorView(request.params.slug);
        if (quick && !quick.view.has_updates) return sendEncoded(request, raw, headers, quick.served.body(false, true, false, gzip), gzip);
        const view = await reads.load(request.params.slug, request.identity);
        if (!view.moderation) return sendEncoded(request, raw, headers, view.served.body(false, view.notOwner, view.isAdmin, gzip), gzip);
        const json = replyJson(view.served.copy, false, view.notOwner, view.isAdmin);
        return sendJsonText(request, raw, `${json.slice(0, -1)},"moderation":${JSON.stringify(view.moderation)}}`);
      },
    );

    /**
     * The cachable load. The copy is cached as schema-clean JSON and its body sent as encoded bytes, which is
     * what keeps this path close to a bare route; a visitor's view still fresh in this process skips the store.
     */
    app.get(
      "/cachable/get/portfolio/:slug",
      { schema: { params: SlugParams, response: { 200: PortfolioReply, 404: ErrorReply } } },
      async (request, reply) => {
        const raw = reply as FastifyReply;
        const gzip = acceptsGzip(request.headers["accept-encoding"]);
        const quick = request.identity ? null : reads.visitorView(request.params.slug);
        if (quick) return sendEncoded(request, raw, quick.view.headers, quick.served.body(quick.view.has_updates, true, false, gzip), gzip);
        // A private portfolio may turn public (or a slug appear) any time: never keep a 404.
        raw.header("cache-control", "no-store");
        const view = await reads.cachable(request.params.slug, request.identity);
        return sendEncoded(request, raw, view.headers, view.served.body(view.has_updates, view.notOwner, view.isAdmin, gzip), gzip);
      },
    );

    app.post(
      "/v1/get/portfolios-and-assets",
      { ...auth, schema: { response: { 200: PortfoliosAndAssetsReply, 401: NoUserReply } } },
      async (request) => ({ portfolios: await reads.list(callerOf(request).uid) }),
    );

    app.post(
      "/v1/delete/portfolio/:slug",
      { ...auth, schema: { params: SlugParams, response: { 200: MessageReply, ...ownerOnly } } },
      async (request) => {
        await commands.remove(callerOf(request).uid, request.params.slug);
        return { message: "pdeleted" };
      },
    );

    app.post(
      "/v1/update/portfolioname/:slug",
      { ...auth, schema: { params: SlugParams, body: RenameBody, response: { 200: MessageReply, ...patchResponses } } },
      async (request) => {
        const name = cleanName(request.body.newPortfolioName);
        if (name === null) throw badRequest(ErrorCodes.validation, PortfolioMessages.nameRequired);
        const doc = await commands.rename(callerOf(request).uid, request.params.slug, name);
        return { message: "pupdated", slug: doc.slug };
      },
    );

    app.post(
      "/v1/update/portfoliosettings/:slug",
      { ...auth, schema: { params: SlugParams, body: SettingsBody, response: { 200: MessageReply, ...patchResponses } } },
      async (request) => {
        await commands.updateSettings(callerOf(request).uid, request.params.slug, request.body.settings);
        return { message: "pupdated" };
      },
    );
  };
}
