/** What survives a reload: the signed-in session and the URL to return to after logging in. */
import type { AuthReply } from "../../app/apiTypes.ts";

export const SESSION_KEY = "auth";
export const PRE_LOGIN_URL_KEY = "preLoginUrl";
export const REFERRER_KEY = "referrer";
/** Spec §4: cleared on logout (the biggest-movers cache belongs to the user who fetched it). */
export const BIGGEST_MOVERS_KEY = "biggest_movers";

export function readStoredSession(): AuthReply | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null");
    if (isSession(parsed)) return parsed;
  } catch {
    // a corrupt entry is the same as none
  }
  return null;
}

export function storeSession(session: AuthReply | null): void {
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
}

function isSession(value: unknown): value is AuthReply {
  if (typeof value !== "object" || value === null) return false;
  const { idToken, user } = value as Partial<AuthReply>;
  return typeof idToken === "string" && typeof user === "object" && user !== null && typeof user.uid === "string";
}

export function rememberPreLoginUrl(url: string): void {
  localStorage.setItem(PRE_LOGIN_URL_KEY, url);
}

/** The stored URL, once: it is cleared as it is read. Only same-origin paths are honoured. */
export function takePreLoginUrl(): string | null {
  const url = localStorage.getItem(PRE_LOGIN_URL_KEY);
  localStorage.removeItem(PRE_LOGIN_URL_KEY);
  return url?.startsWith("/") && !url.startsWith("//") ? url : null;
}

export function currentUrl(): string {
  return window.location.pathname + window.location.search;
}
