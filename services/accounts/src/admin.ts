/**
 * Who is an admin: configuration, not data. ADMIN_EMAILS lists the addresses (comma separated, compared
 * case-insensitively after the same normalisation as sign-in); an account whose e-mail is listed gets the
 * `admin` claim in the ID tokens issued at sign-in and registration. Nothing else grants it: no route
 * sets it, no stored field holds it. Removing an address takes effect at that user's next sign-in (tokens
 * live 7 days; a password reset signs every session out at once).
 */
import type { Config } from "@folio/platform/config";
import { ConfigError } from "@folio/platform/env";
import { accountsEnv } from "./config.ts";
import { isValidEmail, normalizeEmail } from "./domain/credentials.ts";

/** The configured admin addresses, normalised; a malformed entry stops the start with a message naming the variable. */
export function adminEmails(config: Config): ReadonlySet<string> {
  const emails = accountsEnv(config)
    .ADMIN_EMAILS.map((s) => normalizeEmail(s))
    .filter(Boolean);
  for (const e of emails) {
    if (!isValidEmail(e)) throw new ConfigError("ADMIN_EMAILS", `must list e-mail addresses, got '${e}'`);
  }
  return new Set(emails);
}

export const isAdminEmail = (admins: ReadonlySet<string>, email: string): boolean => admins.has(normalizeEmail(email));
