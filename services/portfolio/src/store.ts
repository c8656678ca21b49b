/**
 * The portfolio service's collection on the Store port. The slug is the public key (unique index); the
 * document id is separate so a deleted slug can be taken again without reusing an id. The store's
 * version (_v) is the portfolio's revision (`rev`): it starts at 1 and grows by one on every replace.
 */
import type { Collection, Doc, Store, WriteOp } from "@folio/platform/store/port";
import type { Portfolio } from "@folio/proto/portfolio";
import type { PortfolioState } from "./domain/portfolio.ts";
import { firstFreeSlug, slugCandidates } from "./domain/slug.ts";

export const PORTFOLIOS = "portfolios";

export type PortfolioDoc = PortfolioState & Doc;

export function portfolios(store: Store): Collection<PortfolioDoc> {
  return store.collection<PortfolioDoc>(PORTFOLIOS, [{ fields: ["slug"], unique: true }, { fields: ["owner"] }]);
}

/** The revision of a stored document (the store always sets _v; 1 is its first value). */
export const revOf = (doc: PortfolioDoc): number => doc._v ?? 1;

/** What anyone may see: owner and provenance stay inside the service. */
export function toPortfolio(doc: PortfolioDoc): Portfolio {
  const { _id, _v, owner, copiedFrom, ...shown } = doc;
  return { ...shown, rev: revOf(doc) };
}

export const findBySlug = (c: Collection<PortfolioDoc>, slug: string) => c.findOne({ slug });

/** The caller's portfolios, newest first. */
export const listByOwner = (c: Collection<PortfolioDoc>, owner: string) => c.find({ owner }, { sort: { created_at: -1 } });

/** Candidates looked up per query while choosing a slug. */
const SLUG_BATCH = 20;

/** The first free slug for a base (base, base-2, …), looking candidates up a batch at a time. */
export async function freeSlug(c: Collection<PortfolioDoc>, base: string): Promise<string> {
  for (let from = 1; ; from += SLUG_BATCH) {
    const candidates = slugCandidates(base, from, SLUG_BATCH);
    const taken = await c.find({ slug: { $in: candidates } });
    const slug = firstFreeSlug(candidates, new Set(taken.map((d) => d.slug)));
    if (slug) return slug;
  }
}

export const insertOp = (doc: PortfolioDoc): WriteOp => ({ op: "insert", collection: PORTFOLIOS, doc });

/** Replaces only the revision that was read: a concurrent writer makes this fail, never silently lose. */
export const replaceOp = (doc: PortfolioDoc): WriteOp => ({ op: "replace", collection: PORTFOLIOS, doc, expectedVersion: revOf(doc) });

export const deleteOp = (doc: PortfolioDoc): WriteOp => ({ op: "delete", collection: PORTFOLIOS, id: doc._id });
