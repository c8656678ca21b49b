/**
 * The portfolio paths of the spec's call table (§7). Every body and reply is a proto schema; the reply
 * schemas also strip what the stored document holds beyond the public Portfolio (owner, provenance).
 * Protected paths check the caller in preValidation, so a visitor gets `nouser` before any body error.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { acceptsGzip, sendEncoded } from "@folio/platform/http/encoded-reply";
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
import { cacheHeaders } from "./caching.ts";
import { accessOf, changeOutcome, decideSave, isStale } from "./domain/access.ts";
import { cleanName, newPortfolio, type PortfolioState, renamed, updatedPortfolio, withSettings } from "./domain/portfolio.ts";
import { slugify } from "./domain/slug.ts";
import { valuationTickers } from "./domain/valued-portfolio.ts";
import { portfolioDeleted, portfolioSaved } from "./events.ts";
import { hasUpdates } from "./reply-cache.ts";
import {
  deleteOp,
  deleteSnapshotOps,
  findBySlug,
  freeSlug,
  holdingOps,
  holdings,
  insertOp,
  listByOwner,
  type PortfolioDoc,
  portfolios,
  replaceOp,
  revOf,
  snapshotOp,
  valueSnapshots,
} from "./store.ts";
import type { PortfolioValuer, Valued } from "./valuation-service.ts";

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

export function portfolioRoutes(deps: ServiceDeps, valuer: PortfolioValuer): FastifyPluginAsync {
  const collection = portfolios(deps.store);
  const held = holdings(deps.store);
  const snapshots = valueSnapshots(deps.store);
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
        // a settings change may pick another benchmark, whose price changes then move this portfolio
        const holdingChanges = await holdingOps(held, next.slug, valuationTickers(next));
        await commitChange([
          replaceOp(next),
          ...holdingChanges,
          portfolioSaved(next, { rev: revOf(doc) + 1, created: false }, deps.clock.now()),
        ]);
        await valuer.forget(next.slug);
        return next;
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode === 409) || attempt >= PATCH_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * Values a portfolio about to be stored at revision `rev` and writes its figures into it, so the stored
   * document, its value snapshot and the reply agree. `doc._v` stays the revision being replaced.
   */
  async function valueForSave(doc: PortfolioDoc, rev: number): Promise<{ doc: PortfolioDoc; valued: Valued }> {
    const valued = await valuer.value({ ...doc, _v: rev });
    const p = valued.portfolio;
    return { doc: { ...doc, marketValue: p.marketValue, fees: p.fees, allHistory: p.allHistory, lastRefreshed: p.lastRefreshed }, valued };
  }

  /** The writes every save adds to its own: holdings and value snapshot, in the same commit. */
  async function derivedOps(doc: PortfolioDoc, valued: Valued): Promise<WriteOp[]> {
    return [...(await holdingOps(held, doc.slug, valuationTickers(doc))), snapshotOp(doc.slug, valuer.snapshotOf(valued))];
  }

  async function create(
    input: PortfolioInput,
    name: string,
    owner: string,
    copiedFrom: string | null,
  ): Promise<{ doc: PortfolioDoc; valued: Valued }> {
    const base = slugify(name);
    for (let attempt = 1; ; attempt++) {
      const slug = await freeSlug(collection, base);
      const state = newPortfolio(input, { slug, name, owner, copiedFrom, now: nowIso() });
      const { doc, valued } = await valueForSave({ ...state, _id: newId() }, 1);
      try {
        await deps.store.commit([
          insertOp(doc),
          ...(await derivedOps(doc, valued)),
          portfolioSaved(state, { rev: 1, created: true }, deps.clock.now()),
        ]);
        await valuer.keep(slug, valued);
        return { doc: { ...doc, _v: 1 }, valued };
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
        const { newPortfolioName } = request.body;
        const target = await findBySlug(collection, request.params.slug);
        const decision = decideSave(target, uid, cleanName(newPortfolioName));
        if (decision.kind === "askName") return { message: "showPopup" as const };
        const applied = await valuer.withInitialPercents(
          request.body.portfolio,
          decision.kind === "create" ? undefined : target?.totalValue,
        );
        const input = applied.input;
        const skipped = request.body.portfolio.applyInitialPercents ? { initialPercentSkipped: applied.skipped } : {};
        if (decision.kind === "create") {
          const { doc, valued } = await create(input, decision.name, uid, decision.copiedFrom);
          return { message: "pcreated" as const, slug: doc.slug, data: valued.portfolio, ...skipped };
        }
        const current = target as PortfolioDoc;
        if (isStale(input.rev, revOf(current))) throw versionConflict();
        const rev = revOf(current) + 1;
        const { doc: next, valued } = await valueForSave({ ...updatedPortfolio(current, input), _id: current._id, _v: current._v }, rev);
        await commitChange([
          replaceOp(next),
          ...(await derivedOps(next, valued)),
          portfolioSaved(next, { rev, created: false }, deps.clock.now()),
        ]);
        await valuer.keep(next.slug, valued);
        return { message: "pupdated" as const, slug: next.slug, data: valued.portfolio, ...skipped };
      },
    );

    /** Uncached load: values the portfolio now (has_updates false) and makes that the cached copy. */
    app.post(
      "/v1/get/portfolio/:slug",
      { schema: { params: SlugParams, response: { 200: PortfolioReply, 404: ErrorReply } } },
      async (request) => {
        const uid = request.identity?.uid ?? null;
        const doc = await findBySlug(collection, request.params.slug);
        const access = accessOf(doc, uid);
        if (access === "hidden" || !doc) throw portfolioNotFound();
        const valued = await valuer.value(doc);
        await valuer.keep(doc.slug, valued);
        return {
          data: valued.portfolio,
          has_updates: false,
          state: { notOwner: access === "reader", isAdmin: request.identity?.isAdmin === true },
          valuation: valued.valuation,
        };
      },
    );

    /**
     * The cachable load (caching.ts): the portfolio's cached valued copy, valued only when there is none.
     * has_updates says the copy is older than the portfolio's latest data (reply-cache.ts hasUpdates); the
     * client then reloads from the uncached path. The copy is cached as schema-clean JSON and its body sent
     * as encoded bytes, which is what keeps this path close to a bare route.
     */
    app.get(
      "/cachable/get/portfolio/:slug",
      { schema: { params: SlugParams, response: { 200: PortfolioReply, 404: ErrorReply } } },
      async (request, reply) => {
        const gzip = acceptsGzip(request.headers["accept-encoding"]);
        if (!request.identity) {
          const quick = valuer.visitorView(request.params.slug);
          if (quick)
            return sendEncoded(
              request,
              reply as FastifyReply,
              quick.view.headers,
              quick.served.body(quick.view.has_updates, true, false, gzip),
              gzip,
            );
        }
        const uid = request.identity?.uid ?? null;
        const isAdmin = request.identity?.isAdmin === true;
        const doc = await findBySlug(collection, request.params.slug);
        const access = accessOf(doc, uid);
        if (access === "hidden" || !doc) {
          // A private portfolio may turn public (or a slug appear) any time: never keep a 404.
          reply.header("cache-control", "no-store");
          throw portfolioNotFound();
        }
        const rev = revOf(doc);
        const snapshot = await snapshots.get(doc.slug);
        const served = await valuer.served(doc, snapshot);
        const { copy } = served;
        const outdated = hasUpdates(copy, rev, snapshot);
        const version = `${copy.rev}.${copy.valuedAt}${outdated ? ".u" : ""}`;
        const cache = cacheHeaders({ isOwner: access === "owner", slug: doc.slug, rev, isAdmin, copy: version });
        // the body's encoding follows Accept-Encoding, so every cache must key on it too
        const headers: Record<string, string> = { ...cache, vary: cache.vary ? `${cache.vary}, Accept-Encoding` : "Accept-Encoding" };
        if (!request.identity && access === "reader") served.visitor = { has_updates: outdated, headers };
        return sendEncoded(request, reply as FastifyReply, headers, served.body(outdated, access === "reader", isAdmin, gzip), gzip);
      },
    );

    app.post(
      "/v1/get/portfolios-and-assets",
      { ...auth, schema: { response: { 200: PortfoliosAndAssetsReply, 401: NoUser } } },
      async (request) => {
        const docs = await listByOwner(collection, caller(request).uid);
        // figures refreshed by price changes since the last save live in the value snapshots
        const figures = new Map((await snapshots.find({ _id: { $in: docs.map((d) => d.slug) } })).map((s) => [s._id, s]));
        // A JSON object keeps insertion order for these keys unless a slug is all digits (those sort first).
        const list: Static<typeof PortfoliosAndAssetsReply>["portfolios"] = {};
        for (const d of docs) {
          list[d.slug] = {
            pname: d.pName,
            slug: d.slug,
            marketValue: figures.get(d.slug)?.marketValue ?? d.marketValue,
            playGround: d.playGround,
            privateMode: d.privateMode,
            historicalData: figures.get(d.slug)?.allHistory ?? d.allHistory,
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
          await deps.store.commit([
            deleteOp(doc),
            ...(await holdingOps(held, doc.slug, [])),
            ...(await deleteSnapshotOps(snapshots, doc.slug)),
            portfolioDeleted(doc, deps.clock.now()),
          ]);
        } catch (err) {
          // deleted by a concurrent request: it is gone, as this caller wanted, but this call did not do it
          if (err instanceof NotFoundError) throw portfolioNotFound();
          throw err;
        }
        await valuer.forget(doc.slug);
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
