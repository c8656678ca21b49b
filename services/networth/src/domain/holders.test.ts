import { describe, expect, it } from "vitest";
import { bucketOf, HOLDER_BUCKETS, holderChanges } from "./holders.ts";

describe("bucketOf", () => {
  it("gives a uid always the same bucket, within range", () => {
    expect(bucketOf("alice")).toBe(bucketOf("alice"));
    for (const uid of ["", "a", "alice", "user-0001", "google-oauth2|1234"]) {
      const b = bucketOf(uid);
      expect(Number.isInteger(b) && b >= 0 && b < HOLDER_BUCKETS).toBe(true);
    }
  });

  it("spreads users evenly enough that no page is much larger than another", () => {
    const counts = new Array(HOLDER_BUCKETS).fill(0);
    for (let i = 0; i < 10_000; i++) counts[bucketOf(`user-${i}`)]++;
    // 10000 / 64 ≈ 156 per bucket
    expect(Math.min(...counts)).toBeGreaterThan(100);
    expect(Math.max(...counts)).toBeLessThan(220);
  });
});

describe("holderChanges", () => {
  it("adds what is newly held and removes what no longer is", () => {
    expect(holderChanges(["VTI", "BND"], ["VTI", "NVDA"])).toEqual({ added: ["NVDA"], removed: ["BND"] });
    expect(holderChanges([], [])).toEqual({ added: [], removed: [] });
  });
});
