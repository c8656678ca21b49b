/**
 * Community moderation (docs/product-decisions.md "Admin and moderation"): an admin (the token's admin claim, set from
 * ADMIN_EMAILS) unlists a public portfolio from the community with a reason its owner sees, and restores
 * it; every action is recorded with who, when and why. Moderation never opens a private portfolio to an
 * admin: a private one is as absent to them as to anyone else.
 */
import { type Static, Type } from "typebox";

export const MODERATION_REASON_MIN = 3;
export const MODERATION_REASON_MAX = 500;

export const ModerationMessages = {
  reasonRequired: `A reason of ${MODERATION_REASON_MIN} to ${MODERATION_REASON_MAX} characters is required`,
  adminOnly: "Only an admin can moderate the community",
  alreadyUnlisted: "This portfolio is already unlisted from the community",
  notUnlisted: "This portfolio is not unlisted",
} as const;

/** The reason is checked by the service (trimmed length), so the schema only bounds it. */
export const ModerationBody = Type.Object({ reason: Type.String({ maxLength: 2000 }) });

export const ModerationAction = Type.Union([Type.Literal("unlist"), Type.Literal("restore")]);
export type ModerationAction = Static<typeof ModerationAction>;

export const ModerationReply = Type.Object({ message: ModerationAction, slug: Type.String() });

/** What the owner (and an admin) sees about one portfolio. */
export const ModerationNotice = Type.Object({
  slug: Type.String(),
  pName: Type.String(),
  unlisted: Type.Boolean(),
  /** why it was unlisted; null when it is listed as usual */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** when it was unlisted (ISO) */
  at: Type.Union([Type.String(), Type.Null()]),
});
export type ModerationNotice = Static<typeof ModerationNotice>;

/** One recorded action: who, when, why. */
export const ModerationLogEntry = Type.Object({
  id: Type.String(),
  action: ModerationAction,
  slug: Type.String(),
  /** the portfolio's name at the time */
  pName: Type.String(),
  reason: Type.String(),
  /** the admin: uid and e-mail from their token */
  by: Type.Object({ uid: Type.String(), email: Type.String() }),
  at: Type.String(),
});
export type ModerationLogEntry = Static<typeof ModerationLogEntry>;

export const MODERATION_LOG_PAGE = 100;
export const ModerationLogReply = Type.Object({
  /** newest first, at most MODERATION_LOG_PAGE */
  log: Type.Array(ModerationLogEntry),
  /** the portfolios unlisted now */
  unlisted: Type.Array(ModerationNotice),
});
export type ModerationLogReply = Static<typeof ModerationLogReply>;
