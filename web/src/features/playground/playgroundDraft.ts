/**
 * The playground's draft: the assets a visitor (or a user) is trying out, kept in the stored-state wrapper
 * (localCache) under 'playground_draft' for 30 days, so a reload, or the trip through the login window,
 * loses nothing. Saving it makes a real (playground) portfolio; the draft is then forgotten.
 */
import type { Asset } from "../../app/apiTypes.ts";
import { localCache } from "../../lib/localCache.ts";

export const PLAYGROUND_DRAFT_KEY = "playground_draft";
export const PLAYGROUND_DRAFT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const isAsset = (a: unknown): a is Asset =>
  typeof a === "object" &&
  a !== null &&
  typeof (a as Asset).ticker === "string" &&
  typeof (a as Asset).quantity === "number" &&
  typeof (a as Asset).PoA === "number" &&
  typeof (a as Asset).DoA === "string";

export function readDraft(): Asset[] {
  const stored = localCache.peek<unknown>(PLAYGROUND_DRAFT_KEY);
  return Array.isArray(stored) ? stored.filter(isAsset).map((a, index) => ({ ...a, index })) : [];
}

export function keepDraft(assets: readonly Asset[]): void {
  if (assets.length === 0) localCache.remove(PLAYGROUND_DRAFT_KEY);
  else localCache.set(PLAYGROUND_DRAFT_KEY, { value: assets, ttl: PLAYGROUND_DRAFT_TTL_MS });
}

export const forgetDraft = () => localCache.remove(PLAYGROUND_DRAFT_KEY);
