/**
 * The portfolio paths of the spec's call table (§7). Every body and reply is a proto schema; the reply
 * schemas also strip what the stored document holds beyond the public Portfolio (owner, provenance).
 * Protected paths check the caller in preValidation, so a visitor gets `nouser` before any body error.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { badRequest, HttpError, notFound } from "@folio/platform/http/errors";
import { newId } from "@folio/platform/ids";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, NotFoundError, VersionConflictError, type WriteOp } from "@folio/platform/store/port";
import type { Identity } from "@folio/proto/auth";
import { ErrorCodes, ErrorReply } from "@folio/proto/errors";
import {
  MessageReply,
  NokReply,
  type PortfolioInput,
  PortfolioReply,
  PortfoliosAndAssetsReply,
  RenameBody,
  SaveBody,
  SaveReply,
  SettingsBody,
} from "@folio/proto/portfolio";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { cacheHeaders, etagMatches } from "./caching.ts";
import { accessOf, changeOutcome, decideSave, isStale } from "./domain/access.ts";
import { cleanName, newPortfolio, type PortfolioState, renamed, updatedPortfolio, withSettings } from "./domain/portfolio.ts";
import { slugify } from "./domain/slug.ts";
import { portfolioDeleted, portfolioSaved } from "./events.ts";
import {
  deleteOp,
  findBySlug,
  freeSlug,
  insertOp,
  listByOwner,
  type PortfolioDoc,
  portfolios,
  replaceOp,
  revOf,
  toPortfolio,
} from "./store.ts";

export const PortfolioMessages = {
  notFound: "Portfolio not found",
  notOwner: "Only the owner can change this portfolio",
  versionConflict: "This portfolio was changed elsewhere. Reload to see the latest version.",
  nameRequired: "A portfolio name is required",
} as const;

/** Any string: a slug that was never issued is simply not found (or, on save, not the caller's). */
const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) });
/** requireUser's reply: the spec's `nouser` plus the common error fields */
const NoUser = Type.Object({ result: Type.Literal("nouser"), error: Type.Optional(Type.String()), code: Type.Optional(Type.String()) });

const versionConflict = () =>
  new HttpError(409, ErrorCodes.versionConflict, PortfolioMessages.versionConflict, {
    result: "nok",
    data: PortfolioMessages.versionConflict,
  });
const forbidden = () => new HttpError(403, ErrorCodes.forbidden, PortfolioMessages.notOwner, { result: "nok" });
const portfolioNotFound = () => notFound(PortfolioMessages.notFound);

/** Tries at a slug when another request takes the chosen one between the look-up and the insert. */
const CREATE_ATTEMPTS = 5;
/** Tries of a rename or settings change; they patch a few fields, so re-applying to a newer revision loses nothing. */
const PATCH_ATTEMPTS = 3;

function caller(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error("route needs requireUser");
  return request.identity;
}

export function portfolioRoutes(deps: ServiceDeps): FastifyPluginAsync {
  const collection = portfolios(deps.store);
  const nowIso = () => new Date(deps.clock.now()).toISOString();

  /** Commits a change to a portfolio read earlier; losing a race to another writer is a 409. */
  async function commitChange(ops: WriteOp[]): Promise<void> {
    try {
      await deps.store.commit(ops);
    } catch (err) {
      if (err instanceof VersionConflictError || err instanceof NotFoundError) throw versionConflict();
      throw err;
    }
  }

  /** The portfolio if the caller owns it; 403 for a reader of a public one, 404 otherwise (as get). */
  async function ownedBy(slug: string, uid: string): Promise<PortfolioDoc> {
    const doc = await findBySlug(collection, slug);
    const outcome = changeOutcome(accessOf(doc, uid));
    if (outcome === "forbidden") throw forbidden();
    if (outcome === "not_found" || !doc) throw portfolioNotFound();
    return doc;
  }

  /** Re-reads and re-applies a small change until it lands on the current revision. */
  async function patch(slug: string, uid: string, change: (current: PortfolioState) => PortfolioState): Promise<PortfolioDoc> {
    for (let attempt = 1; ; attempt++) {
      const doc = await ownedBy(slug, uid);
      const next: PortfolioDoc = { ...change(doc), _id: doc._id, _v: doc._v };
      try {
        await commitChange([replaceOp(next), portfolioSaved(next, { rev: revOf(doc) + 1, created: false }, deps.clock.now())]);
        return next;
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode === 409) || attempt >= PATCH_ATTEMPTS) throw err;
      }
    }
  }

  async function create(input: PortfolioInput, name: string, owner: string, copiedFrom: string | null): Promise<PortfolioDoc> {
    const base = slugify(name);
    for (let attempt = 1; ; attempt++) {
      const slug = await freeSlug(collection, base);
      const state = newPortfolio(input, { slug, name, owner, copiedFrom, now: nowIso() });
      const doc: PortfolioDoc = { ...state, _id: newId() };
      try {
        await deps.store.commit([insertOp(doc), portfolioSaved(state, { rev: 1, created: true }, deps.clock.now())]);
        return { ...doc, _v: 1 };
      } catch (err) {
        if (!(err instanceof DuplicateKeyError) || attempt >= CREATE_ATTEMPTS) throw err;
      }
    }
  }

  return async (base) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const auth = { preValidation: app.requireUser };

    app.post(
      "/v1/save/portfolio/:slug",
      {
        ...auth,
        schema: {
          params: SlugParams,
          body: SaveBody,
          response: { 200: SaveReply, 400: ErrorReply, 401: NoUser, 409: NokReply },
        },
      },
      async (request) => {
        const { uid } = caller(request);
        const { portfolio: input, newPortfolioName } = request.body;
        const target = await findBySlug(collection, request.params.slug);
        const decision = decideSave(target, uid, cleanName(newPortfolioName));
        if (decision.kind === "askName") return { message: "showPopup" as const };
        if (decision.kind === "create") {
          const doc = await create(input, decision.name, uid, decision.copiedFrom);
          return { message: "pcreated" as const, slug: doc.slug, data: toPortfolio(doc) };
        }
        const current = target as PortfolioDoc;
        if (isStale(input.rev, revOf(current))) throw versionConflict();
        const next: PortfolioDoc = { ...updatedPortfolio(current, input), _id: current._id, _v: current._v };
        const rev = revOf(current) + 1;
        await commitChange([replaceOp(next), portfolioSaved(next, { rev, created: false }, deps.clock.now())]);
        return { message: "pupdated" as const, slug: next.slug, data: toPortfolio({ ...next, _v: rev }) };
      },
    );

    /** Uncached load; has_updates stays false until revaluation (price refresh) arrives. */
    app.post(
      "/v1/get/portfolio/:slug",
      { schema: { params: SlugParams, response: { 200: PortfolioReply, 404: ErrorReply } } },
      async (request) => {
        const uid = request.identity?.uid ?? null;
        const doc = await findBySlug(collection, request.params.slug);
        const access = accessOf(doc, uid);
        if (access === "hidden" || !doc) throw portfolioNotFound();
        return portfolioReply(doc, access === "reader", request.identity?.isAdmin === true);
      },
    );

    /** The cachable load (caching.ts); has_updates is false for now, as on the uncached path. */
    app.get(
      "/cachable/get/portfolio/:slug",
      { schema: { params: SlugParams, response: { 200: PortfolioReply, 404: ErrorReply } } },
      async (request, reply) => {
        const uid = request.identity?.uid ?? null;
        const isAdmin = request.identity?.isAdmin === true;
        const doc = await findBySlug(collection, request.params.slug);
        const access = accessOf(doc, uid);
        if (access === "hidden" || !doc) {
          // A private portfolio may turn public (or a slug appear) any time: never keep a 404.
          reply.header("cache-control", "no-store");
          throw portfolioNotFound();
        }
        const headers = cacheHeaders({ isOwner: access === "owner", slug: doc.slug, rev: revOf(doc), isAdmin });
        for (const [name, value] of Object.entries(headers)) reply.header(name, value);
        if (headers.etag && etagMatches(request.headers["if-none-match"], headers.etag)) {
          // not part of the typed replies: a 304 has no body at all, not even a serialized null
          return (reply as FastifyReply).code(304).send();
        }
        return portfolioReply(doc, access === "reader", isAdmin);
      },
    );

    app.post(
      "/v1/get/portfolios-and-assets",
      { ...auth, schema: { response: { 200: PortfoliosAndAssetsReply, 401: NoUser } } },
      async (request) => {
        const docs = await listByOwner(collection, caller(request).uid);
        // A JSON object keeps insertion order for these keys unless a slug is all digits (those sort first).
        const list: Static<typeof PortfoliosAndAssetsReply>["portfolios"] = {};
        for (const d of docs) {
          list[d.slug] = {
            pname: d.pName,
            slug: d.slug,
            marketValue: d.marketValue,
            playGround: d.playGround,
            privateMode: d.privateMode,
            historicalData: d.allHistory,
            created_at: d.created_at,
            assets: d.assets,
            provider: d.provider,
          };
        }
        return { portfolios: list };
      },
    );

    const ownerOnly = { 400: ErrorReply, 401: NoUser, 403: NokReply, 404: ErrorReply };
    /** a patch that keeps losing races to other writers ends in a 409 */
    const patchResponses = { ...ownerOnly, 409: NokReply };

    app.post(
      "/v1/delete/portfolio/:slug",
      { ...auth, schema: { params: SlugParams, response: { 200: MessageReply, ...ownerOnly } } },
      async (request) => {
        const { uid } = caller(request);
        const doc = await ownedBy(request.params.slug, uid);
        try {
          await deps.store.commit([deleteOp(doc), portfolioDeleted(doc, deps.clock.now())]);
        } catch (err) {
          // deleted by a concurrent request: it is gone, as this caller wanted, but this call did not do it
          if (err instanceof NotFoundError) throw portfolioNotFound();
          throw err;
        }
        return { message: "pdeleted" };
      },
    );

    /** Renames keep the slug, so links to the portfolio keep working. */
    app.post(
      "/v1/update/portfolioname/:slug",
      { ...auth, schema: { params: SlugParams, body: RenameBody, response: { 200: MessageReply, ...patchResponses } } },
      async (request) => {
        const { uid } = caller(request);
        const name = cleanName(request.body.newPortfolioName);
        if (name === null) throw badRequest(ErrorCodes.validation, PortfolioMessages.nameRequired);
        const doc = await patch(request.params.slug, uid, (current) => renamed(current, name));
        return { message: "pupdated", slug: doc.slug };
      },
    );

    app.post(
      "/v1/update/portfoliosettings/:slug",
      { ...auth, schema: { params: SlugParams, body: SettingsBody, response: { 200: MessageReply, ...patchResponses } } },
      async (request) => {
        const { uid } = caller(request);
        await patch(request.params.slug, uid, (current) => withSettings(current, request.body.settings));
        return { message: "pupdated" };
      },
    );
  };
}

function portfolioReply(doc: PortfolioDoc, notOwner: boolean, isAdmin: boolean): PortfolioReply {
  return { data: toPortfolio(doc), has_updates: false, state: { notOwner, isAdmin } };
}
