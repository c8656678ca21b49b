/**
 * One valuation, many views (docs/product-decisions.md "One valuation, many views"): the figures a valuation gave for a
 * portfolio's revision, stored beside it (store.ts VALUES) and published with portfolio.valued in the same
 * commit. The dashboard's list, the community's cards and net worth (through the event) show these and
 * compute nothing of their own; the portfolio's page shows the same valuation in full.
 *
 * - `ops`: the writes a change that makes a revision carries in its own commit (create, save, rename,
 *   settings), so no revision is ever without figures.
 * - `record`: a valuation made later (a revaluation after a price or base-currency change, a read that valued
 *   afresh) replaces the stored figures only when it is newer, of the same revision, and no worse: an outage
 *   (pricing could not answer for some holding now) never takes out a holding the stored figures priced; it
 *   may still record what it adds (a last known price marked stale). A lost race changes nothing (the
 *   snapshot's version is checked).
 * - `current`: the figures to show for a portfolio; when the stored ones are not of its revision, currency or
 *   version (a document from an older release; a base currency just changed) it is valued now and recorded.
 */
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, NotFoundError, VersionConflictError, type WriteOp } from "@folio/platform/store/port";
import { dropCommunityPages } from "./community.ts";
import { isListed } from "./domain/community.ts";
import { portfolioValued } from "./events.ts";
import { OUTAGE_REPLY_TTL_MS } from "./reply-cache.ts";
import { FIGURES_VERSION, type PortfolioDoc, revOf, snapshotOp, VALUES, type ValueSnapshot, valueSnapshots } from "./store.ts";
import type { PortfolioValuer, Valued } from "./valuation-service.ts";
import type { SnapshotFields } from "./valuation-task.ts";

export type { SnapshotFields } from "./valuation-task.ts";

/** The figures are of this revision, this release's version and this base currency. */
export function usable(s: ValueSnapshot | null | undefined, rev: number, baseCurrency: string): s is ValueSnapshot {
  return !!s && s.version === FIGURES_VERSION && s.rev === rev && s.baseCurrency === baseCurrency;
}

/** An asset the stored figures priced has no market value in an incomplete valuation (of the same revision). */
function lostToOutage(stored: SnapshotFields, next: SnapshotFields): boolean {
  const before = stored.assets ?? [];
  const after = next.assets ?? [];
  return before.some((a, i) => a.marketValue != null && after[i]?.marketValue == null);
}

/** Two snapshots show the same figures (their dates, and the stored document's id and version, aside). */
function sameFigures(a: SnapshotFields, b: SnapshotFields): boolean {
  const strip = (s: SnapshotFields) => {
    const { valuedAt: _v, lastRefreshed: _l, figures, ...rest } = s;
    const { lastRefreshed: _fl, ...totals } = figures ?? { lastRefreshed: "" };
    const { _id, _v: _version, ...shown } = rest as SnapshotFields & { _id?: string; _v?: number };
    return canonical({ ...shown, figures: figures ? totals : null });
  };
  return strip(a) === strip(b);
}

/** JSON with every object's keys sorted: what a store gave back compares equal to what was written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

export function createFigures(deps: ServiceDeps, valuer: PortfolioValuer) {
  const snapshots = valueSnapshots(deps.store);

  /** The stored figures and their event for `doc` at the revision `valued` is of; for a commit that makes that revision. */
  function ops(doc: PortfolioDoc, valued: Valued): WriteOp[] {
    return [
      snapshotOp(doc.slug, valued.snapshot),
      portfolioValued(
        doc,
        { rev: valued.rev, valuedAt: valued.valuedAt, figures: valued.snapshot.figures ?? null, holdings: valued.holdings },
        deps.clock.now(),
      ),
    ];
  }

  /**
   * Stores a later valuation of `doc`'s revision when it is better than what is stored (see the header);
   * returns whether it did. `stored`: the snapshot as the caller read it (read here when undefined).
   */
  async function record(doc: PortfolioDoc, valued: Valued, stored?: ValueSnapshot | null): Promise<boolean> {
    const current = stored === undefined ? await snapshots.get(doc.slug) : stored;
    const next = valued.snapshot;
    if (current) {
      if (current.rev > next.rev) return false;
      if (current.rev === next.rev && (current.valuedAt ?? 0) > valued.valuedAt) return false;
      if (usable(current, next.rev, next.baseCurrency as string)) {
        if (!next.complete && lostToOutage(current, next)) return false;
        if (sameFigures(current, next)) return false;
      }
    }
    const write: WriteOp = current
      ? { op: "replace", collection: VALUES, doc: { _id: doc.slug, ...next }, expectedVersion: current._v }
      : { op: "insert", collection: VALUES, doc: { _id: doc.slug, ...next } };
    const event = portfolioValued(
      doc,
      { rev: next.rev, valuedAt: valued.valuedAt, figures: next.figures ?? null, holdings: valued.holdings },
      deps.clock.now(),
    );
    try {
      await deps.store.commit([write, event]);
    } catch (err) {
      // another writer stored figures meanwhile (a save of a newer revision, another read): theirs stand
      if (err instanceof VersionConflictError || err instanceof DuplicateKeyError || err instanceof NotFoundError) return false;
      throw err;
    }
    // a listed portfolio's card shows these figures: the cached community pages go
    if (isListed(doc)) await dropCommunityPages(deps.cache);
    return true;
  }

  /**
   * The figures to show for `doc`: the stored ones when they are of its revision, version and the owner's
   * base currency (and complete, or from the last minute), else a valuation made now, recorded and kept as the
   * page's copy.
   */
  async function current(doc: PortfolioDoc, stored: ValueSnapshot | null, baseCurrency: string): Promise<SnapshotFields> {
    const rev = revOf(doc);
    if (usable(stored, rev, baseCurrency)) {
      const retry = stored.complete === false && deps.clock.now() - (stored.valuedAt ?? 0) > OUTAGE_REPLY_TTL_MS;
      if (!retry) return stored;
    }
    const valued = await valuer.value(doc);
    const recorded = await record(doc, valued, stored);
    await valuer.keep(doc.slug, valued);
    // figures an outage could not better stay the ones shown, as on every other screen
    if (!recorded && usable(stored, rev, baseCurrency)) return stored;
    return valued.snapshot;
  }

  return { ops, record, current };
}

export type Figures = ReturnType<typeof createFigures>;
