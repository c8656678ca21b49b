/**
 * The community's read model: one entry per PUBLIC portfolio with what its card needs, filed by category.
 * Every change of a portfolio writes its entry in the change's own commit (commands.ts), so the list can
 * never disagree with the portfolios; at start the model is rebuilt once (a portfolio made public before
 * this model existed is picked up). A private portfolio has no entry at all.
 */
import type { Collection, Doc, Store, WriteOp } from "@folio/platform/store/port";
import type { CommunityCategory } from "@folio/proto/community";
import { type CardHolding, categoryOf, isListed, pageWindow } from "./domain/community.ts";
import { appliesTo } from "./domain/moderation.ts";
import { SAMPLE_OWNER } from "./domain/samples.ts";
import { type UnlistingDoc, unlistings } from "./moderation-store.ts";
import { findBySlug, type PortfolioDoc, portfolios, revOf } from "./store.ts";

export const COMMUNITY = "portfolio_community";

export interface CommunityEntry extends Doc {
  /** = slug */
  _id: string;
  slug: string;
  pName: string;
  pDescription: string;
  category: CommunityCategory;
  holdings: CardHolding[];
  /** the owner's gradient pick (null: the slug's) */
  gradient?: number | null;
  /** one of the visitors' samples */
  sample: boolean;
  /** the portfolio revision this entry shows */
  rev: number;
  /** when the portfolio was last saved or last seen changed (ISO); newest first in the list */
  updatedAt: string;
}

export function communityEntries(store: Store): Collection<CommunityEntry> {
  return store.collection<CommunityEntry>(COMMUNITY, [{ fields: ["category", "updatedAt"] }, { fields: ["sample"] }]);
}

/** The entry a stored portfolio should have: none unless it is public, not a playground and not unlisted by an admin. */
export function entryOf(doc: PortfolioDoc | null, updatedAt: string, unlisted = false): CommunityEntry | null {
  if (!doc || unlisted || !isListed(doc)) return null;
  return {
    _id: doc.slug,
    slug: doc.slug,
    pName: doc.pName,
    pDescription: doc.pDescription,
    category: categoryOf(doc.category),
    holdings: doc.assets.map((a) => ({
      ticker: a.ticker,
      quantity: a.quantity,
      PoA: a.PoA,
      DoA: a.DoA,
      ...(a.side === "sell" ? { side: "sell" as const } : {}),
    })),
    gradient: doc.gradient ?? null,
    sample: doc.owner === SAMPLE_OWNER,
    rev: revOf(doc),
    updatedAt,
  };
}

const sameEntry = (a: CommunityEntry, b: CommunityEntry) => {
  const { _v: _a, updatedAt: _ua, ...x } = a;
  const { _v: _b, updatedAt: _ub, ...y } = b;
  return JSON.stringify(x) === JSON.stringify(y);
};

function writeFor(slug: string, current: CommunityEntry | null, wanted: CommunityEntry | null): WriteOp | null {
  if (!wanted) return current ? { op: "delete", collection: COMMUNITY, id: slug } : null;
  if (current && sameEntry(current, wanted)) return null;
  // a re-save that changed nothing the card shows keeps its place in the list
  const updatedAt = current && current.rev === wanted.rev ? current.updatedAt : wanted.updatedAt;
  const doc: CommunityEntry = { ...wanted, updatedAt };
  return { op: "upsert", collection: COMMUNITY, doc };
}

export class CommunityModel {
  readonly entries: Collection<CommunityEntry>;
  private readonly portfolios: Collection<PortfolioDoc>;
  private readonly unlistings: Collection<UnlistingDoc>;

  constructor(private readonly store: Store) {
    this.entries = communityEntries(store);
    this.portfolios = portfolios(store);
    this.unlistings = unlistings(store);
  }

  /**
   * The writes that make a slug's entry match `doc`, the portfolio as the caller's commit will store it (null:
   * deleted). `unlisted` is what moderation's own commit decides; otherwise the unlisting in force counts.
   */
  async entryOps(slug: string, doc: PortfolioDoc | null, updatedAt: string, unlisted?: boolean): Promise<WriteOp[]> {
    const hidden = unlisted ?? (doc !== null && appliesTo(await this.unlistings.get(slug), doc._id));
    const op = writeFor(slug, await this.entries.get(slug), entryOf(doc, updatedAt, hidden));
    return op ? [op] : [];
  }

  /**
   * Brings the whole model in line with the stored portfolios: adds the public ones it lacks, drops the
   * entries of portfolios that are private or gone. Returns how many slugs changed.
   */
  async rebuild(now: string): Promise<number> {
    const listed = await this.portfolios.find({ privateMode: false });
    const entries = await this.entries.find();
    const slugs = new Set([...listed.map((d) => d.slug), ...entries.map((e) => e.slug)]);
    const known = new Map(entries.map((e) => [e.slug, e]));
    let changed = 0;
    for (const slug of slugs) {
      // an entry already there keeps its date; a portfolio found public without one is new to the list
      const ops = await this.entryOps(slug, await findBySlug(this.portfolios, slug), known.get(slug)?.updatedAt ?? now);
      if (ops.length === 0) continue;
      await this.store.commit(ops);
      changed++;
    }
    return changed;
  }

  async page(category: CommunityCategory, page: number, pageSize: number): Promise<CommunityEntry[]> {
    return this.entries.find({ category }, { sort: { updatedAt: -1, slug: 1 }, ...pageWindow(page, pageSize) });
  }

  count(category: CommunityCategory): Promise<number> {
    return this.entries.count({ category });
  }

  samples(): Promise<CommunityEntry[]> {
    return this.entries.find({ sample: true }, { sort: { slug: 1 } });
  }
}
