import { describe, expect, it } from "vitest";
import { freshness } from "./freshness.ts";
import type { HeldFigures, PortfolioHoldings, ValuedHolding } from "./net-worth.ts";

const held = (ticker: string, over: Partial<ValuedHolding> = {}): ValuedHolding => ({
  ticker,
  shares: 1,
  marketValue: 10,
  priceDate: "2026-07-13",
  staleReason: null,
  ...over,
});
const portfolio = (holdings: ValuedHolding[], over: Partial<HeldFigures> = {}, playGround = false): PortfolioHoldings => ({
  playGround,
  holdings: holdings.map((h) => ({ ticker: h.ticker, quantity: h.shares })),
  figures: {
    rev: 1,
    valuedAt: "2026-07-14T00:00:00.000Z",
    baseCurrency: "USD",
    marketValue: 10,
    pricesAsOf: "2026-07-13",
    stale: [],
    unpriced: [],
    rates: [],
    holdings,
    ...over,
  },
});

describe("freshness of the movers' holdings, as their valuations say", () => {
  it("takes each holding's staleness and date from its portfolio's valuation", () => {
    const f = freshness([
      portfolio([held("A"), held("C", { priceDate: "2026-07-05", staleReason: "out-of-date" })]),
      portfolio([held("B", { priceDate: "2026-07-06" })], { pricesAsOf: "2026-07-06" }),
    ]);
    expect(f.pricesAsOf).toBe("2026-07-13");
    expect(f.current).toEqual([
      { ticker: "A", priceDate: "2026-07-13" },
      { ticker: "B", priceDate: "2026-07-06" },
    ]);
    expect(f.stale).toEqual([{ ticker: "C", priceDate: "2026-07-05", reason: "out-of-date" }]);
  });

  it("calls a ticker stale when any of its valuations does, a last good price first; unpriced with the valuation's reason", () => {
    const f = freshness([
      portfolio([held("A", { staleReason: "out-of-date" }), held("X", { marketValue: null, priceDate: null })], {
        unpriced: [{ ticker: "X", reason: "no-exchange-rate" }],
      }),
      portfolio([held("A", { staleReason: "last-known" }), held("A")]),
      portfolio([held("GONE", { marketValue: null, priceDate: null })], { unpriced: [{ ticker: "GONE", reason: "unknown-ticker" }] }),
    ]);
    expect(f.stale).toEqual([{ ticker: "A", priceDate: "2026-07-13", reason: "last-known" }]);
    expect(f.unpriced).toEqual([
      { ticker: "GONE", reason: "unknown-ticker" },
      { ticker: "X", reason: "no-exchange-rate" },
    ]);
  });

  it("leaves playgrounds out, and lists a portfolio not valued yet as unavailable unless priced elsewhere", () => {
    const f = freshness([
      portfolio([held("P")], {}, true),
      {
        playGround: false,
        holdings: [
          { ticker: "N", quantity: 1 },
          { ticker: "a", quantity: 2 },
        ],
        figures: null,
      },
      portfolio([held("A")]),
    ]);
    expect(f.current.map((c) => c.ticker)).toEqual(["A"]);
    expect(f.unpriced).toEqual([{ ticker: "N", reason: "unavailable" }]);
  });

  it("has no date when nothing is priced", () => {
    expect(freshness([]).pricesAsOf).toBeNull();
  });
});
