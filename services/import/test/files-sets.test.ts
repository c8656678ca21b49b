/**
 * The broker-file sets (broker-set.ts, broker-files/README.md): every holding of the tuning set right, and the
 * held-out batches at or above 98 % of holdings right (a row the batch does not list counts against it). The
 * bench (`scripts/bench/import-files.ts`) prints the same figures per batch.
 */
import { describe, expect, it } from "vitest";
import { accuracy, scoreSet } from "./broker-set.ts";

describe("broker-file sets", () => {
  it("tuning: every holding right", () => {
    const s = scoreSet("tuning");
    expect(s.perCase.flatMap((c) => c.misses)).toEqual([]);
    expect(accuracy(s)).toBe(1);
  });

  it("held-out batches: at least 98 % of holdings right, extra rows counted against", () => {
    const batches = (["held-out-v1", "held-out-v2", "held-out-v3", "held-out"] as const).map((b) => scoreSet(b));
    const right = batches.reduce((n, b) => n + b.right, 0);
    const expected = batches.reduce((n, b) => n + b.expected, 0);
    const extra = batches.reduce((n, b) => n + b.extra, 0);
    expect(expected).toBeGreaterThanOrEqual(180);
    expect(right / (expected + extra)).toBeGreaterThanOrEqual(0.98);
  });
});
