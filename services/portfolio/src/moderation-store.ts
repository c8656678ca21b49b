/**
 * Moderation's collections: the unlistings in force (one per slug) and the log of every action. The log is
 * append-only: entries are inserted, never replaced or deleted, so it keeps who did what, when and why
 * even after the portfolio is restored or deleted.
 */
import type { Collection, Doc, Store, WriteOp } from "@folio/platform/store/port";
import type { ModerationAction } from "@folio/proto/moderation";
import type { Unlisting } from "./domain/moderation.ts";

export const UNLISTINGS = "portfolio_unlistings";
export const MODERATION_LOG = "portfolio_moderation_log";

/** _id = slug */
export interface UnlistingDoc extends Unlisting, Doc {
  by: { uid: string; email: string };
}

export interface ModerationLogDoc extends Doc {
  action: ModerationAction;
  slug: string;
  portfolioId: string;
  pName: string;
  reason: string;
  by: { uid: string; email: string };
  at: string;
}

export const unlistings = (store: Store): Collection<UnlistingDoc> => store.collection<UnlistingDoc>(UNLISTINGS);

export const moderationLog = (store: Store): Collection<ModerationLogDoc> =>
  store.collection<ModerationLogDoc>(MODERATION_LOG, [{ fields: ["at"] }]);

export const logOp = (doc: ModerationLogDoc): WriteOp => ({ op: "insert", collection: MODERATION_LOG, doc });
