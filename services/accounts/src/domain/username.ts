/**
 * The username rule (spec §5), checked in order so the user sees one message at a time: present, then
 * 3..15 characters, then only ASCII letters, digits and underscores. Surrounding spaces are dropped first
 * (a pasted name often carries one). Uniqueness needs the store; `usernameKey` is what it compares, so
 * 'Ann' and 'ann' are one name. The limits and messages live in proto so the web checks with the same
 * words before it calls.
 */
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN, type UsernameFailure } from "@folio/proto/settings";

export type UsernameCheck = { ok: true; username: string } | { ok: false; failure: Exclude<UsernameFailure, "taken"> };

export function checkUsername(raw: string | null | undefined): UsernameCheck {
  const username = (raw ?? "").trim();
  if (username === "") return { ok: false, failure: "required" };
  // counted in code points, so a name with an emoji is told about its length, not cut mid-character
  const length = [...username].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return { ok: false, failure: "length" };
  if (!USERNAME_PATTERN.test(username)) return { ok: false, failure: "characters" };
  return { ok: true, username };
}

/** The form two usernames are compared in: the rule allows only ASCII, so lower-casing is enough. */
export const usernameKey = (username: string): string => username.toLowerCase();
