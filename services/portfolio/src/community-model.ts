/**
 * The community's read model: one entry per PUBLIC portfolio with what its card needs, filed by category.
 * It is kept by the portfolio.saved / portfolio.deleted consumer and rebuilt at start (a portfolio made
 * public before this model existed, or while the consumer was behind, is picked up).
 *
 * An entry is always derived from the portfolio as stored now, never from the event's payload (which lacks
 * the description and category): syncing a slug twice, late or out of order gives the same entry, so the
 * consumer needs no inbox. A private portfolio has no entry at all: its slug is deleted from the model.
 */
import type { Collection, Doc, Store, WriteOp } from "@folio/platform/store/port";
import type { CommunityCategory } from "@folio/proto/community";
import { type CardHolding, categoryOf, isListed, pageWindow } from "./domain/community.ts";
import { SAMPLE_OWNER } from "./domain/samples.ts";
import { findBySlug, type PortfolioDoc, portfolios, revOf } from "./store.ts";

export const COMMUNITY = "community_portfolios";

export interface CommunityEntry extends Doc {
  /** = slug */
  _id: string;
  slug: string;
  pName: string;
  pDescription: string;
  category: CommunityCategory;
  holdings: CardHolding[];
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

/** The entry a stored portfolio should have: none unless it is public. */
export function entryOf(doc: PortfolioDoc | null, updatedAt: string): CommunityEntry | null {
  if (!doc || !isListed(doc)) return null;
  return {
    _id: doc.slug,
    slug: doc.slug,
    pName: doc.pName,
    pDescription: doc.pDescription,
    category: categoryOf(doc.category),
    holdings: doc.assets.map((a) => ({ ticker: a.ticker, quantity: a.quantity, PoA: a.PoA, DoA: a.DoA })),
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

/** Which stored version of a slug was read: a delete and a re-create make a new id, every save a new revision. */
const stamp = (doc: PortfolioDoc | null) => (doc ? `${doc._id}@${revOf(doc)}` : "none");

/** How many times a slug is re-read when it changed while being synced. */
const SYNC_ROUNDS = 5;

export class CommunityModel {
  readonly entries: Collection<CommunityEntry>;
  private readonly portfolios: Collection<PortfolioDoc>;

  constructor(private readonly store: Store) {
    this.entries = communityEntries(store);
    this.portfolios = portfolios(store);
  }

  /**
   * Makes the slug's entry match the portfolio as stored now. Returns whether the model changed. After a
   * write the portfolio is read again: when it turned private (or changed) meanwhile, another round runs,
   * so a sync racing a privacy change can never leave the public entry behind.
   */
  async sync(slug: string, updatedAt: string): Promise<boolean> {
    let changed = false;
    for (let round = 0; round < SYNC_ROUNDS; round++) {
      const doc = await findBySlug(this.portfolios, slug);
      const wanted = entryOf(doc, updatedAt);
      const current = await this.entries.get(slug);
      const op = this.writeFor(slug, current, wanted);
      if (!op) return changed;
      await this.store.commit([op]);
      changed = true;
      if (stamp(await findBySlug(this.portfolios, slug)) === stamp(doc)) return changed;
    }
    return changed;
  }

  private writeFor(slug: string, current: CommunityEntry | null, wanted: CommunityEntry | null): WriteOp | null {
    if (!wanted) return current ? { op: "delete", collection: COMMUNITY, id: slug } : null;
    if (current && sameEntry(current, wanted)) return null;
    // a re-save that changed nothing the card shows keeps its place in the list
    const updatedAt = current && current.rev === wanted.rev ? current.updatedAt : wanted.updatedAt;
    const doc: CommunityEntry = { ...wanted, updatedAt };
    return { op: "upsert", collection: COMMUNITY, doc };
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
      if (await this.sync(slug, known.get(slug)?.updatedAt ?? now)) changed++;
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
