import { COMMUNITY_CATEGORIES } from "@folio/proto/community";
import { gradientFromSlug } from "@folio/proto/gradients";
import { describe, expect, it } from "vitest";
import { cardFigures, categoryOf, isListed, pageWindow, SPARKLINE_POINTS, thinHistory, toCard } from "./community.ts";

describe("community listing rules", () => {
  it("lists public portfolios only", () => {
    expect(isListed({ privateMode: false })).toBe(true);
    expect(isListed({ privateMode: true })).toBe(false);
  });

  it("files each offered category under itself and anything else under Other", () => {
    for (const c of COMMUNITY_CATEGORIES) expect(categoryOf(c)).toBe(c);
    expect(categoryOf("")).toBe("Other");
    expect(categoryOf(null)).toBe("Other");
    expect(categoryOf("growth")).toBe("Other");
    expect(categoryOf("Value")).toBe("Other");
  });

  it("pages from 1: page 3 of 12 skips 24", () => {
    expect(pageWindow(1, 12)).toEqual({ skip: 0, limit: 12 });
    expect(pageWindow(3, 12)).toEqual({ skip: 24, limit: 12 });
    expect(pageWindow(0, 5)).toEqual({ skip: 0, limit: 5 });
  });
});

describe("thinHistory", () => {
  it("keeps a short history whole, in month order", () => {
    expect(thinHistory({ "2024-02": 2, "2024-01": 1 })).toEqual({ "2024-01": 1, "2024-02": 2 });
    expect(Object.keys(thinHistory({ "2024-02": 2, "2024-01": 1 }))).toEqual(["2024-01", "2024-02"]);
  });

  it("thins a long history evenly, keeping the first and the last month", () => {
    // 120 months 2015-01 … 2024-12, value = its index; 5 points at round(i × 119 / 4) = 0, 30, 60, 89, 119
    const history: Record<string, number> = {};
    for (let i = 0; i < 120; i++) history[`${2015 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`] = i;
    const thin = thinHistory(history, 5);
    expect(Object.values(thin)).toEqual([0, 30, 60, 89, 119]);
    expect(Object.keys(thin)).toEqual(["2015-01", "2017-07", "2020-01", "2022-06", "2024-12"]);
    expect(Object.keys(thinHistory(history))).toHaveLength(SPARKLINE_POINTS);
  });
});

describe("cardFigures", () => {
  const prices = {
    VTI: { latestPrice: 125, history: { "2024-01": 100, "2025-12": 120 } },
    BND: { latestPrice: 80, history: { "2024-01": 70 } },
  };

  it("values the holdings at the latest prices: market value, total return on cost, monthly history", () => {
    // VTI: 10 × 125 = 1250 on a cost of 10 × 100 = 1000; BND: 5 × 80 = 400 on 5 × 72 = 360
    // totalValue 1250 + 400 = 1650; growth (1650 − 1360) / 1360 × 100 = 21.3235… → 21.32
    const f = cardFigures(
      [
        { ticker: "VTI", quantity: 10, PoA: 100, DoA: "2024-01-02" },
        { ticker: "BND", quantity: 5, PoA: 72, DoA: "2024-01-10" },
      ],
      prices,
      "2026-01-02",
    );
    expect(f.totalValue).toBe(1650);
    expect(f.growth).toBe(21.32);
    // 2024-01 … 2026-01 is 25 months; the first is 10 × 100 + 5 × 70 = 1350, 2025-12 is 10 × 120 + 5 × 70 = 1550
    expect(Object.keys(f.allHistory)).toHaveLength(25);
    expect(f.allHistory["2024-01"]).toBe(1350);
    expect(f.allHistory["2025-12"]).toBe(1550);
    expect(f.allHistory["2026-01"]).toBe(1650);
  });

  it("counts only priced assets, and has no figures when nothing is priced", () => {
    // AAPL has no price: totalValue 10 × 125 = 1250, growth (1250 − 1000) / 1000 = 25 %
    const some = cardFigures(
      [
        { ticker: "VTI", quantity: 10, PoA: 100, DoA: "2024-01-02" },
        { ticker: "AAPL", quantity: 3, PoA: 150, DoA: "2024-01-02" },
      ],
      prices,
      "2026-01-02",
    );
    expect(some).toMatchObject({ totalValue: 1250, growth: 25 });
    expect(cardFigures([{ ticker: "AAPL", quantity: 3, PoA: 150, DoA: "2024-01-02" }], prices, "2026-01-02")).toEqual({
      totalValue: null,
      growth: null,
      allHistory: {},
    });
    expect(cardFigures([], prices, "2026-01-02")).toEqual({ totalValue: null, growth: null, allHistory: {} });
  });

  it("rounds money and percent to cents", () => {
    // 3 × 33.333 = 99.999 → 100; growth (99.999 − 30) / 30 × 100 = 233.33
    const f = cardFigures(
      [{ ticker: "X", quantity: 3, PoA: 10, DoA: "2025-06-01" }],
      { X: { latestPrice: 33.333, history: { "2025-06": 11 } } },
      "2025-07-01",
    );
    expect(f).toMatchObject({ totalValue: 100, growth: 233.33 });
  });

  it("builds the spec's card fields", () => {
    const card = toCard({ slug: "s", pName: "S", pDescription: "d" }, { totalValue: 1, growth: 2, allHistory: { "2024-01": 1 } });
    expect(card).toEqual({
      pName: "S",
      slug: "s",
      totalValue: 1,
      growth: 2,
      pDescription: "d",
      allHistory: { "2024-01": 1 },
      gradient: gradientFromSlug("s"),
    });
    // the owner's pick wins over the slug's
    expect(toCard({ slug: "s", pName: "S", pDescription: "d", gradient: 5 }, { totalValue: 1, growth: 2, allHistory: {} }).gradient).toBe(
      5,
    );
  });
});
