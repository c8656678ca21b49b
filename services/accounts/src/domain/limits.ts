/**
 * Rate limits and lifetimes of the accounts service, with the cache keys they count under. Rules per
 * client address are declared on the routes (routes.ts, counted by the platform's rate limiter); rules per
 * e-mail address need the parsed body and are counted here. Every number is configurable (config.ts).
 */

const MINUTE = 60_000;

export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const REGISTER_WINDOW_MS = 60 * MINUTE;
export const RESET_WINDOW_MS = 15 * MINUTE;
export const RESET_CLIENT_WINDOW_MS = 60 * MINUTE;

export const TOO_MANY_LOGINS = "Too many sign-in attempts. Please wait a few minutes and try again.";
export const TOO_MANY_RESETS = "Too many password reset requests. Please wait a few minutes and try again.";

export const RESET_TOKEN_TTL_MS = 60 * MINUTE;
export const INVALID_RESET_TOKEN = "This password reset link is invalid or has expired";

export const loginAccountKey = (ip: string, email: string) => `login:${ip}:${email}`;
export const resetKey = (email: string) => `reset:${email}`;

/** A counter after an increment is over its limit when it passed it: the limit-th attempt is still allowed. */
export const overLimit = (count: number, limit: number): boolean => count > limit;

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
}
