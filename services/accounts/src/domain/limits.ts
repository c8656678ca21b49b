/** Rate limits and lifetimes of the accounts service, with the cache keys they count under. */

const MINUTE = 60_000;

export const LOGIN_WINDOW_MS = 15 * MINUTE;
/** guesses at one account from one address */
export const LOGIN_ATTEMPTS_PER_ACCOUNT = 10;
/** guesses across accounts from one address (credential stuffing) */
export const LOGIN_ATTEMPTS_PER_IP = 50;
export const TOO_MANY_LOGINS = "Too many sign-in attempts. Please wait a few minutes and try again.";

export const RESET_WINDOW_MS = 15 * MINUTE;
/** reset e-mails to one address, so the form cannot be used to flood a mailbox */
export const RESETS_PER_EMAIL = 5;
export const TOO_MANY_RESETS = "Too many password reset requests. Please wait a few minutes and try again.";

export const RESET_TOKEN_TTL_MS = 60 * MINUTE;
export const INVALID_RESET_TOKEN = "This password reset link is invalid or has expired";

export const loginAccountKey = (ip: string, email: string) => `login:${ip}:${email}`;
export const loginIpKey = (ip: string) => `login-ip:${ip}`;
export const resetKey = (email: string) => `reset:${email}`;

/** A counter after an increment is over its limit when it passed it: the limit-th attempt is still allowed. */
export const overLimit = (count: number, limit: number): boolean => count > limit;

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
}
