/**
 * The portfolio reads: the load (the portfolio's current valued copy, valued now only when there is none), the
 * cachable load (the portfolio's cached valued copy, valued only when there is none, with has_updates when it is
 * older than the portfolio's latest data) and the owner's list. Who may see what is decided here (domain/access.ts);
 * routes.ts only turns the outcomes into HTTP, with the caching headers of caching.ts.
 */

import type { ServiceDeps } from "@folio/platform/service";
import type { Identity } from "@folio/proto/auth";
import { gradientOf } from "@folio/proto/gradients";
import type { Asset, PortfolioListItem, PortfolioReply } from "@folio/proto/portfolio";

type PortfolioModeration = NonNullable<PortfolioReply["moderation"]>;

import type { Static } from "typebox";
import { cacheHeaders } from "./caching.ts";
import { portfolioNotFound } from "./commands.ts";
import { accessOf } from "./domain/access.ts";
import { appliesTo } from "./domain/moderation.ts";
import type { Figures, SnapshotFields } from "./figures.ts";
import { unlistings } from "./moderation-store.ts";
import { hasUpdates, type ServedCopy } from "./reply-cache.ts";
import { findBySlug, listByOwner, type PortfolioDoc, portfolios, revOf, valueSnapshots } from "./store.ts";
import type { PortfolioValuer } from "./valuation-service.ts";

export interface LoadedView {
  served: ServedCopy;
  notOwner: boolean;
  isAdmin: boolean;
  /** the owner's and the admins' business only (moderation.ts) */
  moderation?: PortfolioModeration;
}

export interface CachableRead {
  served: ServedCopy;
  has_updates: boolean;
  notOwner: boolean;
  isAdmin: boolean;
  /** caching headers of this view (caching.ts) */
  headers: Record<string, string>;
}

export function createPortfolioReads(deps: ServiceDeps, valuer: PortfolioValuer, figures: Figures) {
  const collection = portfolios(deps.store);
  const snapshots = valueSnapshots(deps.store);
  const unlisted = unlistings(deps.store);

  /** The portfolio if the caller may see it; a private one is exactly as absent as a missing one. */
  async function visible(slug: string, identity: Identity | null): Promise<{ doc: PortfolioDoc; owner: boolean }> {
    const doc = await findBySlug(collection, slug);
    const access = accessOf(doc, identity?.uid ?? null);
    if (access === "hidden" || !doc) throw portfolioNotFound();
    return { doc, owner: access === "owner" };
  }

  return {
    /**
     * The load (has_updates false): the portfolio's valued copy when it is current (of this revision, valued
     * after its figures were last refreshed: what revaluation and every save keep), else valued now, its figures
     * recorded when they are newer and no worse than the stored ones (so every other screen shows what this
     * page shows), and made the cached copy. A read never values a portfolio whose current copy is kept, so
     * reading a large portfolio again and again costs no valuation at all.
     */
    async load(slug: string, identity: Identity | null): Promise<LoadedView> {
      const { doc, owner } = await visible(slug, identity);
      const snapshot = await snapshots.get(doc.slug);
      const served = await valuer.served(doc, snapshot, (fresh) => figures.record(doc, fresh, snapshot), { current: true });
      const isAdmin = identity?.isAdmin === true;
      const view: LoadedView = { served, notOwner: !owner, isAdmin };
      // moderation is the owner's and the admins' business only (moderation.ts)
      if (owner || isAdmin) {
        const u = await unlisted.get(doc.slug);
        const applies = appliesTo(u, doc._id);
        view.moderation = {
          slug: doc.slug,
          pName: doc.pName,
          unlisted: applies,
          reason: applies && u ? u.reason : null,
          at: applies && u ? u.at : null,
        };
      }
      return view;
    },

    /**
     * The cachable load: the cached valued copy, with has_updates when it is older than the portfolio's latest
     * data (reply-cache.ts hasUpdates). A visitor's view of a public portfolio is remembered in this process
     * for the next visitor (reply-cache.ts visitorView).
     */
    async cachable(slug: string, identity: Identity | null): Promise<CachableRead> {
      const isAdmin = identity?.isAdmin === true;
      const { doc, owner } = await visible(slug, identity);
      const rev = revOf(doc);
      const snapshot = await snapshots.get(doc.slug);
      const served = await valuer.served(doc, snapshot, (fresh) => figures.record(doc, fresh, snapshot));
      const outdated = hasUpdates(served.copy, rev, snapshot);
      const version = `${served.copy.rev}.${served.copy.valuedAt}${outdated ? ".u" : ""}`;
      const cache = cacheHeaders({ isOwner: owner, slug: doc.slug, rev, isAdmin, copy: version });
      // the body's encoding follows Accept-Encoding, so every cache must key on it too
      const headers: Record<string, string> = { ...cache, vary: cache.vary ? `${cache.vary}, Accept-Encoding` : "Accept-Encoding" };
      if (!identity && !owner) served.visitor = { has_updates: outdated, headers };
      return { served, has_updates: outdated, notOwner: !owner, isAdmin, headers };
    },

    /** A visitor's view still fresh in this process, served without reading the store. */
    visitorView: (slug: string) => valuer.visitorView(slug),

    /**
     * The caller's portfolios, newest first, with the figures of their latest valuation (the assets' too:
     * shares after splits, amounts in the base currency), so the dashboard never recomputes them from raw prices.
     * A portfolio whose stored figures are not of its revision or the owner's base currency is valued now
     * (figures.ts current): the list never shows a portfolio without its figures.
     */
    async list(uid: string): Promise<Record<string, Static<typeof PortfolioListItem>>> {
      const docs = await listByOwner(collection, uid);
      const baseCurrency = await valuer.baseCurrencyOf(uid);
      const stored = new Map((await snapshots.find({ _id: { $in: docs.map((d) => d.slug) } })).map((s) => [s._id, s]));
      const shown = await Promise.all(docs.map((d) => figures.current(d, stored.get(d.slug) ?? null, baseCurrency)));
      const moderated = new Map((await unlisted.find({ _id: { $in: docs.map((d) => d.slug) } })).map((u) => [u._id, u]));
      // A JSON object keeps insertion order for these keys unless a slug is all digits (those sort first).
      const list: Record<string, Static<typeof PortfolioListItem>> = {};
      docs.forEach((d, i) => {
        const s = shown[i];
        list[d.slug] = {
          pname: d.pName,
          slug: d.slug,
          marketValue: s.marketValue,
          playGround: d.playGround,
          privateMode: d.privateMode,
          historicalData: s.allHistory,
          created_at: d.created_at,
          assets: withFigures(d, s),
          provider: d.provider,
          gradient: gradientOf(d.slug, d.gradient),
          figures: s.figures ?? null,
        };
        const u = moderated.get(d.slug) ?? null;
        if (u && appliesTo(u, d._id)) list[d.slug].unlisted = { reason: u.reason, at: u.at };
      });
      return list;
    },
  };
}

export type PortfolioReads = ReturnType<typeof createPortfolioReads>;

/** A portfolio's assets as saved, with each one's figures from the same valuation as the totals. */
function withFigures(doc: PortfolioDoc, snapshot: SnapshotFields): Asset[] {
  const figures = snapshot.rev === revOf(doc) ? snapshot.assets : undefined;
  if (!figures || figures.length !== doc.assets.length) return doc.assets;
  return doc.assets.map((asset, i) => ({ ...asset, ...figures[i] }));
}
