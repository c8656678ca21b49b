/**
 * The credential rules, checked in the order the spec's messages imply: both fields present, then a
 * well-formed e-mail, then the password's length (register only), then whether the e-mail is known or
 * taken. Each check returns the first failure, so the user sees one message at a time.
 */

import { PASSWORD_MIN_LENGTH } from "@folio/proto/constants";

/** The spec's error kinds; each names a message in proto's `Messages` and a code in `ErrorCodes`. */
export type CredentialFailure = "credentialsRequired" | "invalidCredential" | "weakPassword" | "userNotFound" | "emailInUse";

/** RFC 5321's limit for a forward path */
const MAX_EMAIL_LENGTH = 254;
/** one @, no spaces, a dot in the domain: strict enough to catch typos, loose enough for real addresses */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Addresses are compared case-insensitively: one account per mailbox however it is typed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const isValidEmail = (normalized: string): boolean => normalized.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(normalized);

/** Counted in code points, so an emoji is one character as the user sees it. */
export const isLongEnough = (password: string): boolean => [...password].length >= PASSWORD_MIN_LENGTH;

export interface CredentialInput {
  email?: string;
  password?: string;
}

export type Checked = { ok: true; email: string; password: string } | { ok: false; failure: CredentialFailure };

function present(input: CredentialInput): { email: string; password: string } | null {
  const email = normalizeEmail(input.email ?? "");
  const password = input.password ?? "";
  return email && password ? { email, password } : null;
}

/** Register: required → e-mail format → password length. Whether the e-mail is taken needs the store. */
export function checkRegistration(input: CredentialInput): Checked {
  const given = present(input);
  if (!given) return { ok: false, failure: "credentialsRequired" };
  if (!isValidEmail(given.email)) return { ok: false, failure: "invalidCredential" };
  if (!isLongEnough(given.password)) return { ok: false, failure: "weakPassword" };
  return { ok: true, ...given };
}

/**
 * Login: required → e-mail format. No length rule here: a short password is simply a wrong one, and an
 * account made before a rule change must still be able to sign in.
 */
export function checkLoginInput(input: CredentialInput): Checked {
  const given = present(input);
  if (!given) return { ok: false, failure: "credentialsRequired" };
  if (!isValidEmail(given.email)) return { ok: false, failure: "invalidCredential" };
  return { ok: true, ...given };
}

/** Login after the lookup: an unknown e-mail, then a wrong password. */
export function loginOutcome(userFound: boolean, passwordMatches: boolean): CredentialFailure | null {
  if (!userFound) return "userNotFound";
  if (!passwordMatches) return "invalidCredential";
  return null;
}
