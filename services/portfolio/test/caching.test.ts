import { describe, expect, it } from "vitest";
import { cacheHeaders, etagFor } from "../src/caching.ts";

describe("cacheHeaders", () => {
  it("lets shared caches keep a reader's view for 60 s, varying by Authorization", () => {
    expect(cacheHeaders({ isOwner: false, slug: "growth", rev: 7, isAdmin: false })).toEqual({
      "cache-control": "public, max-age=60",
      etag: 'W/"growth-7"',
      vary: "Authorization",
    });
  });

  it("keeps nothing of the owner's view", () => {
    expect(cacheHeaders({ isOwner: true, slug: "growth", rev: 7, isAdmin: false })).toEqual({ "cache-control": "private, no-store" });
  });

  it("tags an admin's variant apart", () => {
    expect(etagFor("growth", 7, true)).toBe('W/"growth-7-admin"');
  });
});
