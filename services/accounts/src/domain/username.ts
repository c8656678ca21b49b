/**
 * The username rule (spec §5), checked in order so the user sees one message at a time: present, then
 * 3..15 characters, then only ASCII letters, digits and underscores. Surrounding spaces are dropped first
 * (a pasted name often carries one). Uniqueness needs the store; `usernameKey` is what it compares, so
 * 'Ann' and 'ann' are one name. The limits and messages live in proto so the web checks with the same
 * words before it calls.
 */
import { type UsernameFailure, usernameFailure } from "@folio/proto/constants";

export type UsernameCheck = { ok: true; username: string } | { ok: false; failure: Exclude<UsernameFailure, "taken"> };

export function checkUsername(raw: string | null | undefined): UsernameCheck {
  const username = (raw ?? "").trim();
  const failure = usernameFailure(username);
  return failure ? { ok: false, failure } : { ok: true, username };
}

/** The form two usernames are compared in: the rule allows only ASCII, so lower-casing is enough. */
export const usernameKey = (username: string): string => username.toLowerCase();
