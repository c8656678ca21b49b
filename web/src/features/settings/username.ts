/**
 * The username rule (spec §5), checked before the call with the server's own words. Copied from
 * `@folio/proto/settings` rather than imported: that module brings TypeBox into the bundle at run time.
 * A test keeps the two in step.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 15;
const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

export const UsernameMessages = {
  required: "Username is required",
  length: `The username must be between ${USERNAME_MIN} and ${USERNAME_MAX} characters long`,
  characters: "The username may only contain letters, numbers and underscores",
} as const;

export const DISPLAY_NAME_EMPTY = "The display name must not be empty";

/** The rule's message for `raw` (checked after trimming, in the spec's order), or null when it passes. */
export function usernameProblem(raw: string): string | null {
  const username = raw.trim();
  if (username === "") return UsernameMessages.required;
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) return UsernameMessages.length;
  if (!USERNAME_PATTERN.test(username)) return UsernameMessages.characters;
  return null;
}
