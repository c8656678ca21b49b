import { describe, expect, it } from "vitest";
import { bucketOf, FANOUT_BUCKETS } from "../src/fanout.ts";

describe("bucketOf", () => {
  it("gives a key always the same bucket, within range", () => {
    expect(bucketOf("alice")).toBe(bucketOf("alice"));
    for (const uid of ["", "a", "alice", "user-0001", "google-oauth2|1234"]) {
      const b = bucketOf(uid);
      expect(Number.isInteger(b) && b >= 0 && b < FANOUT_BUCKETS).toBe(true);
    }
  });

  it("spreads keys evenly enough that no page is much larger than another", () => {
    const counts = new Array(FANOUT_BUCKETS).fill(0);
    for (let i = 0; i < 10_000; i++) counts[bucketOf(`user-${i}`)]++;
    // 10000 / 64 ≈ 156 per bucket
    expect(Math.min(...counts)).toBeGreaterThan(100);
    expect(Math.max(...counts)).toBeLessThan(220);
  });
});
