import { describe, expect, it } from "vitest";
import { freshness, type QuoteOutcome } from "./freshness.ts";

const priced = (asOf: string | null, stale = false): QuoteOutcome => ({ kind: "priced", asOf, stale, history: { "2026-07": 1 } });

describe("freshness of the movers' prices", () => {
  it("dates everything against the newest price: 7 days older is current, 8 days older is out of date", () => {
    const f = freshness([
      ["A", priced("2026-07-13")],
      // 2026-07-13 − 2026-07-06 = 7 days: still current (a week of closed markets)
      ["B", priced("2026-07-06")],
      // 2026-07-13 − 2026-07-05 = 8 days: its data stopped
      ["C", priced("2026-07-05")],
    ]);
    expect(f.pricesAsOf).toBe("2026-07-13");
    expect(f.current.map((c) => c.ticker)).toEqual(["A", "B"]);
    expect(f.stale).toEqual([{ ticker: "C", priceDate: "2026-07-05", reason: "out-of-date", history: { "2026-07": 1 } }]);
  });

  it("marks a last good price stale whatever its date; lists what pricing could not price with why", () => {
    const f = freshness([
      ["A", priced("2026-07-13", true)],
      ["B", { kind: "unknown-ticker" }],
      ["C", { kind: "unavailable" }],
      // no date given: current, dated null (it cannot be shown older)
      ["D", priced(null)],
    ]);
    // a stale price still dates the answer: it is the newest known
    expect(f.pricesAsOf).toBe("2026-07-13");
    expect(f.stale.map((s) => [s.ticker, s.reason])).toEqual([["A", "last-known"]]);
    expect(f.unpriced).toEqual([
      { ticker: "B", reason: "unknown-ticker" },
      { ticker: "C", reason: "unavailable" },
    ]);
    expect(f.current).toEqual([{ ticker: "D", priceDate: null, history: { "2026-07": 1 } }]);
  });

  it("has no date when nothing is priced", () => {
    expect(freshness([["A", { kind: "unavailable" }]]).pricesAsOf).toBeNull();
    expect(freshness([]).pricesAsOf).toBeNull();
  });
});
