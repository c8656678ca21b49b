/**
 * The popup open/closed preference (spec §2, §3): whether the user left a panel (achievements; chat once it
 * exists) open or closed, kept in the stored-state wrapper (localCache: value, ttl, callback, last_updated)
 * under 'popup_preference', never expiring. One entry per browser for every panel.
 *
 * Only the user's own acts change it: opening a panel by hand, closing it by hand. A panel the app opens by
 * itself (an achievement's notice, spec §4) and that closes itself leaves the preference as it was.
 */
import { type LocalCache, localCache, NEVER_EXPIRES } from "./localCache.ts";

export const POPUP_PREFERENCE_KEY = "popup_preference";

export type PopupName = "achievements" | "chat";
export type PopupState = "open" | "closed";
export type PopupPreference = Partial<Record<PopupName, PopupState>>;

const isState = (v: unknown): v is PopupState => v === "open" || v === "closed";

/** The stored preference, keeping only the entries it understands (a foreign or older value is ignored). */
export function readPopupPreference(cache: LocalCache = localCache): PopupPreference {
  const stored = cache.peek<unknown>(POPUP_PREFERENCE_KEY);
  if (typeof stored !== "object" || stored === null) return {};
  const out: PopupPreference = {};
  for (const name of ["achievements", "chat"] as const) {
    const v = (stored as Record<string, unknown>)[name];
    if (isState(v)) out[name] = v;
  }
  return out;
}

/** Whether the panel was left open; false until the user opens it once. */
export const wasLeftOpen = (name: PopupName, cache: LocalCache = localCache): boolean => readPopupPreference(cache)[name] === "open";

export function rememberPopup(name: PopupName, state: PopupState, cache: LocalCache = localCache): void {
  cache.set<PopupPreference>(POPUP_PREFERENCE_KEY, { value: { ...readPopupPreference(cache), [name]: state }, ttl: NEVER_EXPIRES });
}
