import { COMMUNITY_CATEGORIES } from "@folio/proto/community";
import { gradientFromSlug } from "@folio/proto/gradients";
import type { PortfolioFigures } from "@folio/proto/portfolio";
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
  const figures = (over: Partial<PortfolioFigures> = {}): PortfolioFigures => ({
    rev: 3,
    baseCurrency: "EUR",
    valuationDate: "2026-07-13",
    pricesAsOf: "2026-07-13",
    value: 1360,
    marketValue: 1650.25,
    dividends: 12.5,
    profitLoss: 302.75,
    priceProfitLoss: 290.25,
    profitLossPercent: 22.261029411764707,
    twrPercent: 20,
    xirrPercent: 9,
    stale: [],
    unpriced: [],
    rates: [],
    lastRefreshed: "2026-07-14T00:00:00.000Z",
    ...over,
  });

  it("shows the stored valuation's figures as they are: market value, total return, currency, history", () => {
    const history = { "2024-01": 1350, "2025-12": 1550, "2026-07": 1650.25 };
    expect(cardFigures({ figures: figures(), allHistory: history })).toEqual({
      totalValue: 1650.25,
      growth: 22.261029411764707,
      allHistory: history,
      baseCurrency: "EUR",
      pricesAsOf: "2026-07-13",
      rates: [],
    });
  });

  it("passes on the exchange rates carried forward from an older month, with their dates, as the page says them", () => {
    const june = { pair: "USDEUR=X", rate: 0.8684, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" as const };
    const current = { pair: "GBPEUR=X", rate: 1.17, month: "2026-07", asOf: null, stale: null };
    const shown = cardFigures({ figures: figures({ rates: [june, current] }), allHistory: {} });
    expect(shown.rates).toEqual([june]);
    expect(toCard({ slug: "s", pName: "S", pDescription: "" }, shown).rates).toEqual([june]);
    // none stale: the card carries no rates at all
    expect(
      toCard({ slug: "s", pName: "S", pDescription: "" }, cardFigures({ figures: figures({ rates: [current] }), allHistory: {} })),
    ).not.toHaveProperty("rates");
  });

  it("has no figures and no line without a valuation or with nothing priced", () => {
    const none = { totalValue: null, growth: null, allHistory: {}, pricesAsOf: null, rates: [] };
    expect(cardFigures(null)).toEqual({ ...none, baseCurrency: null });
    expect(cardFigures({ figures: null, allHistory: null })).toEqual({ ...none, baseCurrency: null });
    expect(cardFigures({ figures: figures({ marketValue: null, profitLossPercent: null }), allHistory: { "2024-01": 0 } })).toEqual({
      ...none,
      baseCurrency: "EUR",
    });
  });

  it("thins a long history for the sparkline, keeping its ends", () => {
    const history: Record<string, number> = {};
    for (let m = 0; m < 300; m++) history[`${2001 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`] = m;
    const line = cardFigures({ figures: figures(), allHistory: history }).allHistory;
    expect(Object.keys(line)).toHaveLength(SPARKLINE_POINTS);
    expect(line["2001-01"]).toBe(0);
    expect(line["2025-12"]).toBe(299);
  });

  it("builds the spec's card fields", () => {
    const shown = { totalValue: 1, growth: 2, allHistory: { "2024-01": 1 }, baseCurrency: "USD", pricesAsOf: "2026-07-13", rates: [] };
    const card = toCard({ slug: "s", pName: "S", pDescription: "d" }, shown);
    expect(card).toEqual({
      pName: "S",
      slug: "s",
      totalValue: 1,
      growth: 2,
      pDescription: "d",
      allHistory: { "2024-01": 1 },
      gradient: gradientFromSlug("s"),
      baseCurrency: "USD",
      pricesAsOf: "2026-07-13",
    });
    // the owner's pick wins over the slug's
    expect(toCard({ slug: "s", pName: "S", pDescription: "d", gradient: 5 }, shown).gradient).toBe(5);
  });
});
