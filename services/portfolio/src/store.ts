/**
 * The portfolio service's collection on the Store port. The slug is the public key (unique index); the
 * document id is separate so a deleted slug can be taken again without reusing an id. The store's
 * version (_v) is the portfolio's revision (`rev`): it starts at 1 and grows by one on every replace.
 */
import { bucketOf } from "@folio/platform/fanout";
import type { Collection, Doc, Store, WriteOp } from "@folio/platform/store/port";
import type { Asset, Portfolio, PortfolioFigures } from "@folio/proto/portfolio";
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

/**
 * One document per owner, rewritten (on the revision read) in the commit of each of their new portfolios, so two
 * creations at once cannot both pass the limit of portfolios per user (PORTFOLIOS_PER_USER): the one whose commit
 * finds the document moved reads the count again. It holds only how many portfolios the owner has made so far; the
 * limit is checked against the portfolios themselves (a delete needs no write here: it only lowers the count).
 */
export const OWNER_CREATIONS = "portfolio_owner_creations";

export interface OwnerCreations extends Doc {
  made: number;
}

export const ownerCreations = (store: Store): Collection<OwnerCreations> => store.collection<OwnerCreations>(OWNER_CREATIONS);

/** How many portfolios the owner has (an index count), and the write that claims a new one against what was read. */
export async function creationClaim(store: Store, owner: string): Promise<{ count: number; op: WriteOp }> {
  const current = await ownerCreations(store).get(owner);
  const count = await portfolios(store).count({ owner });
  const doc: OwnerCreations = { _id: owner, made: (current?.made ?? count) + 1 };
  return {
    count,
    op: current
      ? { op: "replace", collection: OWNER_CREATIONS, doc, expectedVersion: current._v }
      : { op: "insert", collection: OWNER_CREATIONS, doc },
  };
}

export const insertOp = (doc: PortfolioDoc): WriteOp => ({ op: "insert", collection: PORTFOLIOS, doc });

/** Replaces only the revision that was read: a concurrent writer makes this fail, never silently lose. */
export const replaceOp = (doc: PortfolioDoc): WriteOp => ({ op: "replace", collection: PORTFOLIOS, doc, expectedVersion: revOf(doc) });

export const deleteOp = (doc: PortfolioDoc): WriteOp => ({ op: "delete", collection: PORTFOLIOS, id: doc._id });

/**
 * Which portfolios a ticker's price moves, one document per (ticker, portfolio): the assets' tickers and
 * the benchmark's. price.updated names a ticker, and store filters match top-level fields only, not array
 * members. Written in the same commit as each save, settings change and delete (holdingOps), so it never
 * disagrees with the portfolios. Each entry carries the slug's fan-out bucket (platform/src/fanout.ts): the
 * revaluation after a price change pages through a ticker's holders one bucket at a time.
 */
export const HOLDINGS = "portfolio_holdings";

export interface HoldingDoc extends Doc {
  ticker: string;
  slug: string;
  /** absent on entries written before buckets existed; the service fills it in at start */
  bucket?: number;
}

export function holdings(store: Store): Collection<HoldingDoc> {
  return store.collection<HoldingDoc>(HOLDINGS, [{ fields: ["ticker", "bucket"] }, { fields: ["slug"] }]);
}

const holdingDoc = (ticker: string, slug: string): HoldingDoc => ({ _id: holdingId(ticker, slug), ticker, slug, bucket: bucketOf(slug) });

const holdingId = (ticker: string, slug: string) => `${ticker}|${slug}`;

/**
 * The writes that make a portfolio's holdings `tickers` (upper case; none once deleted), from those stored
 * now. Computed from what is stored, not from the previous revision, so a portfolio saved before this
 * collection existed gets its holdings on its next save, and no write deletes a holding that is not there
 * (a delete of a missing document fails the commit).
 */
export async function holdingOps(c: Collection<HoldingDoc>, slug: string, tickers: readonly string[]): Promise<WriteOp[]> {
  const stored = new Set((await c.find({ slug })).map((h) => h.ticker));
  const held = new Set(tickers);
  const ops: WriteOp[] = [];
  for (const t of stored) if (!held.has(t)) ops.push({ op: "delete", collection: HOLDINGS, id: holdingId(t, slug) });
  for (const t of held) if (!stored.has(t)) ops.push({ op: "upsert", collection: HOLDINGS, doc: holdingDoc(t, slug) });
  return ops;
}

/** The slugs of the portfolios holding a ticker in one fan-out bucket. */
export async function slugsHolding(c: Collection<HoldingDoc>, ticker: string, bucket: number): Promise<string[]> {
  return [...new Set((await c.find({ ticker: ticker.toUpperCase(), bucket })).map((h) => h.slug))];
}

/** Gives entries stored before buckets existed their bucket; returns how many it changed. */
export async function bucketLegacyHoldings(store: Store, c: Collection<HoldingDoc>): Promise<number> {
  const legacy = await c.find({ bucket: null });
  if (legacy.length > 0) await store.commit(legacy.map((h) => ({ op: "upsert", collection: HOLDINGS, doc: holdingDoc(h.ticker, h.slug) })));
  return legacy.length;
}

/**
 * A portfolio's latest figures from prices, one document per slug: the one record every screen besides the
 * portfolio's own page reads (the dashboard's list, the community's cards, net worth through the
 * portfolio.valued event it is published with; figures.ts). Kept beside the portfolio, not in it: the
 * portfolio's version is the revision the owner's saves are checked against, and a price moving must not turn
 * the owner's next save into a version conflict. Written in the commit of every change that makes a revision
 * (create, save, rename, settings), by revaluation after price.updated or a base-currency change, and by a
 * read that valued the portfolio afresh (figures.ts record).
 */
export const VALUES = "portfolio_values";

/**
 * One asset's figures from its valuation (docs/numbers.md "Per asset"): today's shares after splits, the price with
 * its currency and date, and the amounts in the owner's base currency. The dashboard's list carries them, so
 * its cards and table apply the same rules as the portfolio's own page (web assetFigures.ts conversionOf).
 */
export type AssetFigures = Pick<
  Asset,
  | "latestPrice"
  | "currency"
  | "priceDate"
  | "stale"
  | "staleReason"
  | "shares"
  | "splitFactor"
  | "cost"
  | "marketValue"
  | "dividends"
  | "profitLoss"
  | "profitLossPercent"
  | "soldShares"
  | "realizedProfitLoss"
  | "invested"
  | "proceeds"
  | "saleFee"
  | "soldCost"
>;

export const ASSET_FIGURES = [
  "latestPrice",
  "currency",
  "priceDate",
  "stale",
  "staleReason",
  "shares",
  "splitFactor",
  "cost",
  "marketValue",
  "dividends",
  "profitLoss",
  "profitLossPercent",
  "soldShares",
  "realizedProfitLoss",
  "invested",
  "proceeds",
  "saleFee",
  "soldCost",
] as const satisfies readonly (keyof AssetFigures)[];

/** What a snapshot holds; one written by an older release (a smaller number) is revalued at start. */
export const FIGURES_VERSION = 3;

export interface ValueSnapshot extends Doc {
  /** the portfolio revision these figures are for */
  rev: number;
  /** FIGURES_VERSION when written; absent before versions */
  version?: number;
  /** the currency of every amount (the owner's base currency when valued) */
  baseCurrency?: string;
  /** epoch ms the valuation started, before its prices were read */
  valuedAt?: number;
  /** false when pricing could not price some holding now (an outage): better figures may come */
  complete?: boolean;
  /** the portfolio's totals; null for a portfolio without assets */
  figures?: PortfolioFigures | null;
  /** per asset, in the portfolio's order; absent in snapshots written before they were kept */
  assets?: AssetFigures[];
  marketValue: number | null;
  fees: number | null;
  allHistory: Record<string, number> | null;
  /** ISO time the figures were computed */
  lastRefreshed: string;
}

export function valueSnapshots(store: Store): Collection<ValueSnapshot> {
  return store.collection<ValueSnapshot>(VALUES);
}

export const snapshotOp = (slug: string, s: Omit<ValueSnapshot, "_id" | "_v">): WriteOp => ({
  op: "upsert",
  collection: VALUES,
  doc: { _id: slug, ...s },
});

/** Removes a deleted portfolio's figures, if it has any (a delete of a missing document fails the commit). */
export async function deleteSnapshotOps(c: Collection<ValueSnapshot>, slug: string): Promise<WriteOp[]> {
  return (await c.get(slug)) ? [{ op: "delete", collection: VALUES, id: slug }] : [];
}
