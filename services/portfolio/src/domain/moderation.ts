/**
 * The moderation rules, pure. Only an admin moderates; an admin sees exactly what any signed-in user sees
 * (a private portfolio stays hidden, domain/access.ts), so only a portfolio readable by everyone can be
 * unlisted. Unlisting is kept apart from the portfolio itself: the owner's revision does not move, their
 * next save is not a conflict, and turning the portfolio private and public again does not bring it back:
 * only a restore does.
 */
import { MODERATION_REASON_MAX, MODERATION_REASON_MIN, ModerationMessages } from "@folio/proto/moderation";
import type { Access } from "./access.ts";

/** A reason as given, trimmed; null when too short or too long. */
export function cleanReason(raw: string | null | undefined): string | null {
  const reason = (raw ?? "").trim().replace(/\s+/g, " ");
  return reason.length >= MODERATION_REASON_MIN && reason.length <= MODERATION_REASON_MAX ? reason : null;
}

/** What an unlisting records: the portfolio document's id, so a later portfolio under a reused slug is not affected. */
export interface Unlisting {
  portfolioId: string;
  reason: string;
  at: string;
}

export type ModerationRefusal = { status: 400 | 403 | 404 | 409; message: string };

/** Whether `action` may go ahead: admin first, then visibility (as for anyone), then the state. */
export function moderationRefusal(
  action: "unlist" | "restore",
  input: { isAdmin: boolean; access: Access; unlisted: boolean; reason: string | null },
): ModerationRefusal | null {
  if (!input.isAdmin) return { status: 403, message: ModerationMessages.adminOnly };
  if (input.access === "hidden") return { status: 404, message: "Portfolio not found" };
  if (action === "unlist" && input.unlisted) return { status: 409, message: ModerationMessages.alreadyUnlisted };
  if (action === "restore" && !input.unlisted) return { status: 409, message: ModerationMessages.notUnlisted };
  if (input.reason === null) return { status: 400, message: ModerationMessages.reasonRequired };
  return null;
}

/** An unlisting applies to the portfolio it was made for, not to another that later took its slug. */
export const appliesTo = (unlisting: Pick<Unlisting, "portfolioId"> | null, portfolioId: string | undefined): boolean =>
  unlisting !== null && portfolioId !== undefined && unlisting.portfolioId === portfolioId;
