/**
 * The portfolio use cases: create (with slug retries), save, rename, settings and delete. Each applies the
 * domain's rules (domain/) to the store in one commit with everything that must agree with it: the holdings
 * index, the value snapshot, the community entry and the portfolio.saved / portfolio.deleted event. Routes
 * call these and only translate HTTP; a failure the user may see leaves here as an HttpError.
 */
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { HttpError, notFound, unavailable } from "@folio/platform/http/errors";
import { newId } from "@folio/platform/ids";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, NotFoundError, VersionConflictError, type WriteOp } from "@folio/platform/store/port";
import { AssetMessages } from "@folio/proto/asset-rules";
import { PORTFOLIOS_PER_USER, tooManyPortfoliosMessage } from "@folio/proto/constants";
import { ErrorCodes } from "@folio/proto/errors";
import type { PortfolioInput, PortfolioSettings, SaveBody } from "@folio/proto/portfolio";
import type { CommunityModel } from "./community-model.ts";
import { accessOf, changeOutcome, decideSave, isStale } from "./domain/access.ts";
import {
  cleanName,
  type Creation as DomainCreation,
  newPortfolio,
  type PortfolioState,
  type RefusedAsset,
  refusedAsset,
  renamed,
  updatedPortfolio,
  withSettings,
} from "./domain/portfolio.ts";
import { SUFFIX_LENGTH, suffixedSlug } from "./domain/slug.ts";
import type { InitialPercentZero } from "./domain/valuation/types.ts";
import { valuationTickers } from "./domain/valued-portfolio.ts";
import { portfolioDeleted, portfolioSaved } from "./events.ts";
import type { Figures } from "./figures.ts";
import {
  creationClaim,
  deleteOp,
  deleteSnapshotOps,
  findBySlug,
  freeSlug,
  holdingOps,
  holdings,
  insertOp,
  OWNER_CREATIONS,
  type PortfolioDoc,
  portfolios,
  replaceOp,
  revOf,
  valueSnapshots,
} from "./store.ts";
import type { PortfolioValuer, Valued } from "./valuation-service.ts";

export const PortfolioMessages = {
  notFound: "Portfolio not found",
  notOwner: "Only the owner can change this portfolio",
  versionConflict: "This portfolio was changed elsewhere. Reload to see the latest version.",
  nameRequired: "A portfolio name is required",
} as const;

export const versionConflict = () =>
  new HttpError(409, ErrorCodes.versionConflict, PortfolioMessages.versionConflict, {
    result: "nok",
    data: PortfolioMessages.versionConflict,
  });
const forbidden = () => new HttpError(403, ErrorCodes.forbidden, PortfolioMessages.notOwner, { result: "nok" });
/** 400 in the spec's save-failure shape: the web shows `data` (spec §8), here the rule's words. */
export const refused = ({ index, ticker, problem }: RefusedAsset) =>
  new HttpError(400, ErrorCodes.invalidAsset, AssetMessages[problem], {
    result: "nok",
    data: AssetMessages[problem],
    asset: { index, ticker },
  });
export const portfolioNotFound = () => notFound(PortfolioMessages.notFound);
/** 409 in the save-failure shape: the owner keeps PORTFOLIOS_PER_USER portfolios at most. */
export const tooManyPortfolios = () => {
  const message = tooManyPortfoliosMessage(PORTFOLIOS_PER_USER);
  return new HttpError(409, ErrorCodes.tooManyPortfolios, message, { result: "nok", data: message });
};

/** Said when a sale cannot be checked against what was held because pricing cannot give its ticker's splits now. */
export const salesUnchecked = (tickers: readonly string[]) =>
  unavailable(
    `Prices for ${tickers.join(", ")} are unavailable right now, so the sale cannot be checked against what you held on that date. Try again in a minute.`,
  );

/**
 * A valued portfolio's sales, checked before it is stored (docs/numbers.md "Sales"): a sale of more than its buys hold on
 * its date is the 400 the rules name; a sold ticker pricing cannot answer for now (its splits unknown) is a 503,
 * never a guess. Null when every sale is matched.
 */
export function saleRefusal(assets: readonly { ticker: string; side?: string | null }[], valued: Valued): HttpError | null {
  const sold = new Set(assets.filter((a) => a.side === "sell").map((a) => a.ticker.toUpperCase()));
  if (sold.size === 0) return null;
  const unknown = valued.unavailable.filter((t) => sold.has(t));
  if (unknown.length > 0) return salesUnchecked(unknown);
  const index = valued.unmatchedSales[0];
  return index === undefined ? null : refused({ index, ticker: assets[index].ticker, problem: "oversold" });
}

/** The random part of a new slug: lowercase letters and digits from the system's secure random source. */
function randomSuffix(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  // 252 = 7 × 36: bytes above it are skipped so every character is equally likely
  const chars: string[] = [];
  while (chars.length < SUFFIX_LENGTH)
    for (const b of randomBytes(SUFFIX_LENGTH)) if (b < 252 && chars.length < SUFFIX_LENGTH) chars.push(alphabet[b % 36]);
  return chars.join("");
}

/** Tries at a slug when another request takes the chosen one between the look-up and the insert. */
const CREATE_ATTEMPTS = 5;
/** Tries of a rename or settings change; they patch a few fields, so re-applying to a newer revision loses nothing. */
const PATCH_ATTEMPTS = 3;

export type SaveOutcome =
  | { message: "showPopup" }
  | {
      message: "pcreated" | "pupdated";
      slug: string;
      valued: Valued;
      initialPercentSkipped?: string[];
      /** initial percents that bought less than half a unit (quantity 0), reported rather than dropped */
      initialPercentZero?: InitialPercentZero[];
    };

export interface Created {
  doc: PortfolioDoc;
  valued: Valued;
}

/** What a new portfolio is made of besides its assets and settings (its slug is chosen here). */
export type Creation = Omit<DomainCreation, "slug" | "now">;

export function createPortfolioCommands(
  deps: ServiceDeps,
  valuer: PortfolioValuer,
  figures: Figures,
  community: CommunityModel,
  listChanged: () => Promise<void>,
) {
  const collection = portfolios(deps.store);
  const held = holdings(deps.store);
  const snapshots = valueSnapshots(deps.store);
  const nowIso = () => new Date(deps.clock.now()).toISOString();
  const today = () => nowIso().slice(0, 10);

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

  /** The writes every change of `doc` carries besides its own: holdings, community entry, the event. */
  async function companionOps(doc: PortfolioDoc, rev: number, created: boolean, before?: PortfolioDoc): Promise<WriteOp[]> {
    const promoted = before?.playGround === true && !doc.playGround;
    return [
      ...(await holdingOps(held, doc.slug, valuationTickers(doc))),
      ...(await community.entryOps(doc.slug, { ...doc, _v: rev }, nowIso())),
      portfolioSaved(doc, { rev, created, promoted }, deps.clock.now()),
    ];
  }

  /** After a commit that changed what the community may list: every cached page goes. */
  async function committed(slug: string, ops: WriteOp[], valued?: Valued): Promise<void> {
    if (valued) await valuer.keep(slug, valued);
    else await valuer.forget(slug);
    if (ops.some((op) => "collection" in op && op.collection === community.entries.name)) await listChanged();
  }

  /**
   * Re-reads and re-applies a small change until it lands on the current revision. The new revision is
   * valued and its figures written in the same commit (figures.ts), so no screen is ever without them.
   */
  async function patch(slug: string, uid: string, change: (current: PortfolioState) => PortfolioState): Promise<PortfolioDoc> {
    for (let attempt = 1; ; attempt++) {
      const doc = await ownedBy(slug, uid);
      const changed: PortfolioDoc = { ...change(doc), _id: doc._id, _v: doc._v };
      // a change that changes nothing keeps the revision, so the owner's next save is not turned into a 409
      if (isDeepStrictEqual(changed, doc)) return doc;
      const rev = revOf(doc) + 1;
      const { doc: next, valued } = await valueForSave(changed, rev);
      try {
        // a settings change may pick another benchmark, whose price changes then move this portfolio
        const ops = [replaceOp(next), ...(await companionOps(next, rev, false, doc)), ...figures.ops(next, valued)];
        await commitChange(ops);
        await committed(next.slug, ops, valued);
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
  async function valueForSave(doc: PortfolioDoc, rev: number): Promise<Created> {
    const valued = await valuer.value({ ...doc, _v: rev });
    const t = valued.totals;
    return {
      doc: { ...doc, value: t.value, marketValue: t.marketValue, fees: t.fees, allHistory: t.allHistory, lastRefreshed: t.lastRefreshed },
      valued,
    };
  }

  /**
   * The write that claims one more portfolio for `owner` within PORTFOLIOS_PER_USER (store.ts creationClaim), or the
   * 409 that says the limit is reached. The visitors' samples (a fixed slug, the system's owner) are not counted.
   */
  async function claim(owner: string, limited: boolean): Promise<WriteOp[]> {
    if (!limited) return [];
    const { count, op } = await creationClaim(deps.store, owner);
    if (count >= PORTFOLIOS_PER_USER) throw tooManyPortfolios();
    return [op];
  }

  /**
   * A new portfolio of `creation.owner`, under a free slug from its name, or under `options.slug` exactly (the
   * visitors' samples: a DuplicateKeyError then means it exists). `options.extra` sets fields a save cannot;
   * `options.alsoCommit(slug)` gives writes that must land in the same commit (an import's record of it).
   */
  async function create(
    input: PortfolioInput,
    creation: Creation,
    options: { slug?: string; extra?: Partial<PortfolioState>; alsoCommit?: (slug: string) => WriteOp[] } = {},
  ): Promise<Created> {
    const limited = options.slug === undefined;
    // refused before any valuation when the owner is at the limit already; checked again in the commit
    await claim(creation.owner, limited);
    const base = suffixedSlug(creation.name, randomSuffix());
    for (let attempt = 1; ; attempt++) {
      const slug = options.slug ?? (await freeSlug(collection, base));
      const state: PortfolioState = { ...newPortfolio(input, { slug, now: nowIso(), ...creation }), ...options.extra };
      const { doc, valued } = await valueForSave({ ...state, _id: newId() }, 1);
      const refusal = saleRefusal(doc.assets, valued);
      if (refusal) throw refusal;
      const ops = [
        insertOp(doc),
        ...(await companionOps(doc, 1, true)),
        ...figures.ops(doc, valued),
        ...(options.alsoCommit?.(slug) ?? []),
      ];
      // another creation of the same owner committed first: the count is read again, the valuation kept (each lost
      // claim is another of the owner's portfolios stored, so this ends, at the latest in the limit's 409)
      for (;;) {
        try {
          const withClaim = [...ops, ...(await claim(creation.owner, limited))];
          await deps.store.commit(withClaim);
          await committed(slug, withClaim, valued);
          return { doc: { ...doc, _v: 1 }, valued };
        } catch (err) {
          const lostClaim = (err instanceof VersionConflictError || err instanceof DuplicateKeyError) && err.collection === OWNER_CREATIONS;
          if (lostClaim) continue;
          if (!(err instanceof DuplicateKeyError) || options.slug || attempt >= CREATE_ATTEMPTS) throw err;
          break;
        }
      }
    }
  }

  return {
    create,

    /** Spec §4: the owner's save updates; anything else creates the caller's own portfolio once it is named. */
    async save(uid: string, slug: string, body: SaveBody): Promise<SaveOutcome> {
      const target = await findBySlug(collection, slug);
      const decision = decideSave(target, uid, cleanName(body.newPortfolioName));
      if (decision.kind === "askName") return { message: "showPopup" };
      const refusal = refusedAsset(body.portfolio.assets, decision.kind === "create" ? [] : (target?.assets ?? []), today());
      if (refusal) throw refused(refusal);
      const applied = await valuer.withInitialPercents(
        body.portfolio,
        decision.kind === "create" ? undefined : target?.totalValue,
        decision.kind === "create" ? uid : (target as PortfolioDoc).owner,
      );
      const skipped = body.portfolio.applyInitialPercents
        ? { initialPercentSkipped: applied.skipped, initialPercentZero: applied.zero }
        : {};
      if (decision.kind === "create") {
        const { doc, valued } = await create(applied.input, {
          name: decision.name,
          owner: uid,
          copiedFrom: decision.copiedFrom,
          imported: body.portfolio.imported ?? null,
        });
        return { message: "pcreated", slug: doc.slug, valued, ...skipped };
      }
      const current = target as PortfolioDoc;
      if (isStale(applied.input.rev, revOf(current))) throw versionConflict();
      const rev = revOf(current) + 1;
      const { doc: next, valued } = await valueForSave(
        { ...updatedPortfolio(current, applied.input), _id: current._id, _v: current._v },
        rev,
      );
      const oversold = saleRefusal(next.assets, valued);
      if (oversold) throw oversold;
      const ops = [replaceOp(next), ...(await companionOps(next, rev, false, current)), ...figures.ops(next, valued)];
      await commitChange(ops);
      await committed(next.slug, ops, valued);
      return { message: "pupdated", slug: next.slug, valued, ...skipped };
    },

    /** Renames keep the slug, so links to the portfolio keep working. */
    async rename(uid: string, slug: string, name: string): Promise<PortfolioDoc> {
      return patch(slug, uid, (current) => renamed(current, name));
    },

    async updateSettings(uid: string, slug: string, settings: PortfolioSettings): Promise<PortfolioDoc> {
      return patch(slug, uid, (current) => withSettings(current, settings));
    },

    async remove(uid: string, slug: string): Promise<void> {
      const doc = await ownedBy(slug, uid);
      const ops: WriteOp[] = [
        deleteOp(doc),
        ...(await holdingOps(held, doc.slug, [])),
        ...(await deleteSnapshotOps(snapshots, doc.slug)),
        ...(await community.entryOps(doc.slug, null, nowIso())),
        portfolioDeleted(doc, deps.clock.now()),
      ];
      try {
        await deps.store.commit(ops);
      } catch (err) {
        // deleted by a concurrent request: it is gone, as this caller wanted, but this call did not do it
        if (err instanceof NotFoundError) throw portfolioNotFound();
        throw err;
      }
      await committed(doc.slug, ops);
    },
  };
}

export type PortfolioCommands = ReturnType<typeof createPortfolioCommands>;
