/**
 * Who may do what with a portfolio. Admins get no extra powers (the spec shows the flag, not its powers).
 * A private portfolio is invisible to everyone but its owner: reads and writes answer exactly as for a
 * slug that does not exist, so nobody can probe which private slugs exist.
 */
export type Access = "owner" | "reader" | "hidden";

export interface Owned {
  owner: string;
  privateMode: boolean;
}

export function accessOf(portfolio: Owned | null, uid: string | null): Access {
  if (!portfolio) return "hidden";
  if (uid !== null && portfolio.owner === uid) return "owner";
  return portfolio.privateMode ? "hidden" : "reader";
}

/** delete, rename, settings: owner only; a reader is told so, to anyone else the portfolio is not there */
export type ChangeOutcome = "allowed" | "forbidden" | "not_found";

export function changeOutcome(access: Access): ChangeOutcome {
  return access === "owner" ? "allowed" : access === "reader" ? "forbidden" : "not_found";
}

export type SaveDecision = { kind: "update" } | { kind: "askName" } | { kind: "create"; name: string; copiedFrom: string | null };

/**
 * Spec §4: the owner's save updates; anything else (the unsaved "new" portfolio, someone else's, one that
 * does not exist) makes a new portfolio for the caller, which needs a name first (showPopup). Copying
 * someone else's public portfolio records where it came from (achievement 5); a private or missing
 * source records nothing, since the caller could not have seen it.
 */
export function decideSave(target: (Owned & { slug: string }) | null, uid: string, newName: string | null): SaveDecision {
  const access = accessOf(target, uid);
  if (access === "owner") return { kind: "update" };
  if (newName === null) return { kind: "askName" };
  return { kind: "create", name: newName, copiedFrom: access === "reader" && target ? target.slug : null };
}

/** The client's revision, when it sent one, must be the stored one: a save never overwrites unseen changes. */
export function isStale(clientRev: number | undefined, storedRev: number): boolean {
  return clientRev !== undefined && clientRev !== storedRev;
}
