import { describe, expect, it } from "vitest";
import { createLocalCache } from "./localCache.ts";
import { POPUP_PREFERENCE_KEY, readPopupPreference, rememberPopup, wasLeftOpen } from "./popupPreference.ts";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

describe("popup open/closed preference", () => {
  it("is closed until opened, and keeps each panel's state in the stored-state wrapper, never expiring", () => {
    const storage = memoryStorage();
    const cache = createLocalCache({ storage, now: () => 1_000 });
    expect(wasLeftOpen("achievements", cache)).toBe(false);
    rememberPopup("achievements", "open", cache);
    rememberPopup("chat", "closed", cache);
    expect(wasLeftOpen("achievements", cache)).toBe(true);
    expect(JSON.parse(storage.getItem(POPUP_PREFERENCE_KEY) as string)).toEqual({
      value: { achievements: "open", chat: "closed" },
      ttl: -1,
      last_updated: 1_000,
    });
    rememberPopup("achievements", "closed", cache);
    expect(readPopupPreference(cache)).toEqual({ achievements: "closed", chat: "closed" });
  });

  it("ignores a stored value it does not understand", () => {
    const storage = memoryStorage();
    const cache = createLocalCache({ storage });
    storage.setItem(POPUP_PREFERENCE_KEY, JSON.stringify({ value: { achievements: "maybe", chat: "open" }, ttl: -1, last_updated: 1 }));
    expect(readPopupPreference(cache)).toEqual({ chat: "open" });
    storage.setItem(POPUP_PREFERENCE_KEY, JSON.stringify({ value: "open", ttl: -1, last_updated: 1 }));
    expect(readPopupPreference(cache)).toEqual({});
  });
});
