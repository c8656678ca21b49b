import { describe, expect, it } from "vitest";
import { cacheHeaders, etagFor, etagMatches } from "../src/caching.ts";

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

describe("etagMatches", () => {
  const tag = 'W/"growth-7"';

  it("matches the same tag, weak or strong (weak comparison)", () => {
    expect(etagMatches('W/"growth-7"', tag)).toBe(true);
    expect(etagMatches('"growth-7"', tag)).toBe(true);
  });

  it("matches within a list and on *", () => {
    expect(etagMatches('W/"growth-6", W/"growth-7"', tag)).toBe(true);
    expect(etagMatches("*", tag)).toBe(true);
  });

  it("does not match another revision, another slug or no header", () => {
    expect(etagMatches('W/"growth-6"', tag)).toBe(false);
    expect(etagMatches('W/"growth-7-admin"', tag)).toBe(false);
    expect(etagMatches('W/"income-7"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
    expect(etagMatches("", tag)).toBe(false);
  });
});
