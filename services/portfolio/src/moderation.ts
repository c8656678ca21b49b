/**
 * Community moderation: an admin unlists a public portfolio with a reason, or restores it; the owner sees
 * the reason; every action is logged (who, when, why). Rules in domain/moderation.ts. Each action commits
 * the unlisting, its log entry and the community entry's change together, then drops the cached pages, so
 * an unlisted portfolio leaves the community at once.
 *
 * Admin is the token's claim (set from ADMIN_EMAILS by accounts at sign-in). It opens nothing private: the
 * portfolio must be visible to the admin as to any signed-in user, and what moderation shows is the slug,
 * the name and the reason, never the holdings.
 */
import { callerOf } from "@folio/platform/http/auth";
import { HttpError } from "@folio/platform/http/errors";
import { route } from "@folio/platform/http/route";
import { newId } from "@folio/platform/ids";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, NotFoundError, VersionConflictError, type WriteOp } from "@folio/platform/store/port";
import type { Identity } from "@folio/proto/auth";
import { PortfolioContracts as calls } from "@folio/proto/contracts/portfolio";
import { ErrorCodes } from "@folio/proto/errors";
import {
  MODERATION_LOG_PAGE,
  type ModerationAction,
  type ModerationLogReply,
  ModerationMessages,
  type ModerationNotice,
} from "@folio/proto/moderation";
import type { FastifyPluginAsync } from "fastify";
import type { CommunityModel } from "./community-model.ts";
import { accessOf, changeOutcome } from "./domain/access.ts";
import { appliesTo, cleanReason, moderationRefusal } from "./domain/moderation.ts";
import { logOp, moderationLog, UNLISTINGS, type UnlistingDoc, unlistings } from "./moderation-store.ts";
import { findBySlug, type PortfolioDoc, portfolios } from "./store.ts";

const CODES: Record<number, string> = {
  400: ErrorCodes.validation,
  403: ErrorCodes.forbidden,
  404: ErrorCodes.notFound,
  409: ErrorCodes.conflict,
};
const refusedWith = (status: number, message: string) => new HttpError(status, CODES[status] ?? ErrorCodes.validation, message);

const noticeOf = (doc: PortfolioDoc, unlisting: UnlistingDoc | null): ModerationNotice => {
  const applies = appliesTo(unlisting, doc._id);
  return {
    slug: doc.slug,
    pName: doc.pName,
    unlisted: applies,
    reason: applies && unlisting ? unlisting.reason : null,
    at: applies && unlisting ? unlisting.at : null,
  };
};

export function createModeration(deps: ServiceDeps, community: CommunityModel, listChanged: () => Promise<void>) {
  const collection = portfolios(deps.store);
  const unlisted = unlistings(deps.store);
  const log = moderationLog(deps.store);
  const nowIso = () => new Date(deps.clock.now()).toISOString();

  async function act(action: ModerationAction, admin: Identity, slug: string, rawReason: string): Promise<void> {
    const doc = await findBySlug(collection, slug);
    const current = doc ? await unlisted.get(doc.slug) : null;
    const isUnlisted = doc !== null && appliesTo(current, doc._id);
    const reason = cleanReason(rawReason);
    const refusal = moderationRefusal(action, {
      isAdmin: admin.isAdmin === true,
      access: accessOf(doc, admin.uid),
      unlisted: isUnlisted,
      reason,
    });
    if (refusal || !doc || reason === null) throw refusedWith(refusal?.status ?? 404, refusal?.message ?? "Portfolio not found");

    const at = nowIso();
    const by = { uid: admin.uid, email: admin.email };
    const ops: WriteOp[] = [];
    if (action === "unlist") {
      const unlisting: UnlistingDoc = { _id: doc.slug, portfolioId: doc._id, reason, at, by };
      // an unlisting left behind by a deleted portfolio under the same slug is replaced, with its version checked
      ops.push(
        current
          ? { op: "replace", collection: UNLISTINGS, doc: unlisting, expectedVersion: current._v }
          : { op: "insert", collection: UNLISTINGS, doc: unlisting },
      );
    } else {
      ops.push({ op: "delete", collection: UNLISTINGS, id: doc.slug, expectedVersion: current?._v });
    }
    ops.push(logOp({ _id: newId(), action, slug: doc.slug, portfolioId: doc._id, pName: doc.pName, reason, by, at }));
    ops.push(...(await community.entryOps(doc.slug, doc, at, action === "unlist")));
    try {
      await deps.store.commit(ops);
    } catch (err) {
      // another admin acted on it first
      if (err instanceof DuplicateKeyError || err instanceof VersionConflictError || err instanceof NotFoundError) {
        throw refusedWith(409, action === "unlist" ? ModerationMessages.alreadyUnlisted : ModerationMessages.notUnlisted);
      }
      throw err;
    }
    deps.log.info({ action, slug: doc.slug, admin: admin.uid }, "community moderation");
    await listChanged();
  }

  /** Owner: always; an admin: when they may see it at all; anyone else: as for a change (403 public, 404 private). */
  async function notice(identity: Identity, slug: string): Promise<ModerationNotice> {
    const doc = await findBySlug(collection, slug);
    const access = accessOf(doc, identity.uid);
    const allowed = access === "owner" || (access === "reader" && identity.isAdmin === true);
    if (!allowed || !doc) {
      const outcome = changeOutcome(access);
      throw outcome === "forbidden" ? refusedWith(403, "Only the owner can see this") : refusedWith(404, "Portfolio not found");
    }
    return noticeOf(doc, await unlisted.get(doc.slug));
  }

  async function overview(): Promise<ModerationLogReply> {
    const entries = await log.find({}, { sort: { at: -1 }, limit: MODERATION_LOG_PAGE });
    const inForce = await unlisted.find({}, { sort: { at: -1 } });
    const docs = new Map(
      (await collection.find({ slug: { $in: inForce.map((u) => u._id) } })).map((d): [string, PortfolioDoc] => [d.slug, d]),
    );
    const notices: ModerationNotice[] = [];
    for (const u of inForce) {
      const doc = docs.get(u._id);
      // a portfolio deleted (or turned private) since stays in the log but is no one's business here
      if (doc && accessOf(doc, null) === "reader") {
        const n = noticeOf(doc, u);
        if (n.unlisted) notices.push(n);
      }
    }
    return {
      log: entries.map((e) => ({ id: e._id, action: e.action, slug: e.slug, pName: e.pName, reason: e.reason, by: e.by, at: e.at })),
      unlisted: notices,
    };
  }

  const routes: FastifyPluginAsync = async (app) => {
    for (const action of ["unlist", "restore"] as const) {
      route(app, calls[action], async (request) => {
        await act(action, callerOf(request), request.params.slug, request.body.reason);
        return { message: action, slug: request.params.slug };
      });
    }

    route(app, calls.moderationLog, async (request) => {
      if (callerOf(request).isAdmin !== true) throw refusedWith(403, ModerationMessages.adminOnly);
      return overview();
    });

    route(app, calls.moderationNotice, async (request) => notice(callerOf(request), request.params.slug));
  };

  return { routes };
}
export type Moderation = ReturnType<typeof createModeration>;
