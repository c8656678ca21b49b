import { describe, expect, it } from "vitest";
import { bucketOf, FANOUT_BUCKETS, fanOut } from "../src/fanout.ts";

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

describe("fanOut", () => {
  it("reads every bucket once, hands each non-empty page on, and reports progress per page and at the end", async () => {
    const pages = new Map([
      [1, ["a", "b"]],
      [3, ["c"]],
    ]);
    const read: number[] = [];
    const handed: string[][] = [];
    const progress: number[] = [];
    const reached = await fanOut({
      buckets: 8,
      page: async (bucket) => {
        read.push(bucket);
        return pages.get(bucket) ?? [];
      },
      each: async (holders) => handed.push(holders),
      progress: async (percent) => progress.push(percent),
    });
    expect(reached).toBe(3);
    expect(read).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(handed).toEqual([["a", "b"], ["c"]]);
    // 2/8 = 25 %, 4/8 = 50 %, 8/8 = 100 %
    expect(progress).toEqual([25, 50, 100]);
  });
});
