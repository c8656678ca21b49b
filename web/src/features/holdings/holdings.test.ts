import { describe, expect, it } from "vitest";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { assetFixture } from "../../test-utils.tsx";
import { type HoldingRow, holdingRows, holdingsPie, listedFigures, sortHoldings, topSlices } from "./holdings.ts";

function portfolio(pname: string, slug: string, assets: PortfolioListItem["assets"], marketValue: number | null = null): PortfolioListItem {
  return {
    pname,
    slug,
    marketValue,
    playGround: false,
    privateMode: false,
    historicalData: null,
    created_at: "2024-01-01",
    assets,
    provider: null,
  };
}

/** An asset as the server's valuation sends it (its live fields), USD, no split unless given. */
function valued(fields: Parameters<typeof assetFixture>[0] & { latestPrice: number | null }) {
  const quantity = fields.quantity ?? 10;
  return assetFixture({ currency: "USD", splitFactor: 1, shares: quantity, dividends: 0, ...fields });
}

const growth = portfolio(
  "Growth",
  "growth",
  [
    // cost 10 × 250 = 2500; market 10 × 300 = 3000; P/L 500; 500 / 2500 = +20 %
    valued({
      ticker: "VTI",
      name: "Total Market",
      quantity: 10,
      PoA: 250,
      value: 2500,
      latestPrice: 300,
      marketValue: 3000,
      cost: 2500,
      profitLoss: 500,
      profitLossPercent: 20,
    }),
    // cost 2 × 500 = 1000; market 2 × 400 = 800; P/L −200; −200 / 1000 = −20 %
    valued({
      ticker: "QQQ",
      name: "Nasdaq 100",
      quantity: 2,
      PoA: 500,
      value: 1000,
      latestPrice: 400,
      marketValue: 800,
      cost: 1000,
      profitLoss: -200,
      profitLossPercent: -20,
      index: 1,
    }),
  ],
  3800,
);
const income = portfolio(
  "Income",
  "income",
  [
    // valued, but no price: no market value, no performance (the server sends no live fields for it)
    assetFixture({ ticker: "SCHD", name: "Dividend Equity", quantity: 40, PoA: 75, value: 3000 }),
    // cost 5 × 260 = 1300; market 5 × 273 = 1365; P/L 65 = +5 %
    valued({
      ticker: "VTI",
      name: "Total Market",
      quantity: 5,
      PoA: 260,
      value: 1300,
      latestPrice: 273,
      marketValue: 1365,
      cost: 1300,
      profitLoss: 65,
      profitLossPercent: 5,
      index: 1,
    }),
  ],
  1365,
);
// saved a moment ago: its revision has no valuation yet, so none of its assets carries figures
const fresh = portfolio(
  "Fresh",
  "fresh",
  [assetFixture({ ticker: "NVDA", quantity: 10, PoA: 450, value: 4500, DoA: "2023-09-11" })],
  2035.3,
);

const rows = holdingRows([growth, income]);
const tickers = (list: HoldingRow[]) => list.map((row) => `${row.slug}:${row.ticker}`);

describe("holdingRows", () => {
  it("takes the server's figures per asset: today's shares after a split, base-currency amounts, total return", () => {
    const split = portfolio("Split", "split", [
      // entered 10 @ 450 before the 10:1 split; valued: 100 shares × 203.53 = 20,353 against 4,500 paid = +352.29 %
      valued({
        ticker: "NVDA",
        quantity: 10,
        PoA: 450,
        value: 4500,
        shares: 100,
        splitFactor: 10,
        latestPrice: 203.53,
        marketValue: 20353,
        cost: 4500,
        profitLoss: 15853,
        profitLossPercent: 352.29,
      }),
      // 10 SAP.DE at €150 = $1,620 at that month's rate; priced €200, worth $2,340 in the owner's dollars: +44.44 %
      valued({
        ticker: "SAP.DE",
        quantity: 10,
        PoA: 150,
        value: 1500,
        latestPrice: 200,
        currency: "EUR",
        marketValue: 2340,
        cost: 1620,
        profitLoss: 720,
        profitLossPercent: 44.44,
        index: 1,
      }),
    ]);
    const [nvda, sap] = holdingRows([split]);
    expect(nvda).toMatchObject({
      status: "valued",
      quantity: 100,
      price: 203.53,
      currency: "USD",
      cost: 4500,
      marketValue: 20353,
      performance: 352.29,
    });
    expect(sap).toMatchObject({
      status: "valued",
      quantity: 10,
      price: 200,
      currency: "EUR",
      cost: 1620,
      marketValue: 2340,
      performance: 44.44,
    });
  });

  it("lists every asset of every portfolio with the server's price, market value and performance", () => {
    expect(
      rows.map(({ portfolio, ticker, status, quantity, price, marketValue }) => [portfolio, ticker, status, quantity, price, marketValue]),
    ).toEqual([
      ["Growth", "VTI", "valued", 10, 300, 3000],
      ["Growth", "QQQ", "valued", 2, 400, 800],
      ["Income", "SCHD", "unpriced", null, null, null],
      ["Income", "VTI", "valued", 5, 273, 1365],
    ]);
    expect(rows.map((row) => row.performance)).toEqual([20, -20, null, 5]);
  });

  it("never works a figure out of the entry: an asset of a revision not valued yet is being valued, with no number", () => {
    // the old fallback showed 10 × 203.53 = 2,035.30 against 4,500, −54.77 %: a different number from the page's
    const [row] = holdingRows([fresh]);
    expect(row).toMatchObject({ status: "valuing", quantity: null, price: null, cost: null, marketValue: null, performance: null });
  });

  it("has no performance when the server gave none (no cost)", () => {
    const gift = portfolio("Gift", "gift", [
      valued({ quantity: 1, PoA: 0, value: 0, latestPrice: 10, marketValue: 10, cost: 0, profitLoss: 10, profitLossPercent: null }),
    ]);
    expect(holdingRows([gift])[0]!.performance).toBeNull();
  });
});

describe("listedFigures", () => {
  it("sums the server's figures of the priced assets: market value, cost, profit/loss and its percent", () => {
    // Growth: market 3000 + 800 = 3800 (the list's own), cost 2500 + 1000 = 3500, P/L 500 − 200 = 300, 300 / 3500 = 8.5714 %
    const figures = listedFigures(growth);
    expect(figures).toMatchObject({ status: "valued", marketValue: 3800, cost: 3500, profitLoss: 300, unpriced: [] });
    expect(figures.status === "valued" && figures.profitLossPercent).toBeCloseTo(8.5714, 4);
  });

  it("leaves an unpriced asset out of value, cost and profit/loss alike, and names it", () => {
    // Income: only VTI is priced: market 1365, cost 1300, P/L 65 = +5 %; SCHD's 3,000 is in no figure
    expect(listedFigures(income)).toEqual({
      status: "valued",
      marketValue: 1365,
      cost: 1300,
      profitLoss: 65,
      profitLossPercent: 5,
      unpriced: [{ ticker: "SCHD", reason: null }],
      baseCurrency: null,
      pricesAsOf: null,
      stale: [],
      rates: [],
    });
  });

  it("takes the portfolio's totals as the list brings them from its valuation, with why a holding is left out", () => {
    // the server's totals for Income in euros (it computed them; nothing is summed here)
    const figures = {
      rev: 3,
      baseCurrency: "EUR",
      valuationDate: "2026-07-13",
      pricesAsOf: "2026-07-13",
      value: 1196,
      marketValue: 1255.8,
      dividends: 0,
      profitLoss: 59.8,
      priceProfitLoss: 59.8,
      profitLossPercent: 5,
      twrPercent: 5,
      xirrPercent: 2.1,
      stale: [],
      unpriced: [{ ticker: "SCHD", reason: "unavailable" as const }],
      rates: [{ pair: "USDEUR=X", rate: 0.92, month: "2026-06", asOf: "2026-06-01", stale: null }],
      lastRefreshed: "2026-07-13T20:00:00.000Z",
    };
    expect(listedFigures({ ...income, figures })).toEqual({
      status: "valued",
      marketValue: 1255.8,
      cost: 1196,
      profitLoss: 59.8,
      profitLossPercent: 5,
      unpriced: [{ ticker: "SCHD", reason: "no price now" }],
      baseCurrency: "EUR",
      pricesAsOf: "2026-07-13",
      stale: [],
      // the rates its market values used, for the card to say a stale one with its date
      rates: figures.rates,
    });
    // its totals say the revision is valued, even before any asset's figures are read
    expect(listedFigures({ ...fresh, figures: { ...figures, unpriced: [] } }).status).toBe("valued");
  });

  it("says 'being valued' for a revision without figures, and 'empty' for a portfolio without assets", () => {
    expect(listedFigures(fresh)).toEqual({ status: "valuing" });
    expect(listedFigures(portfolio("Empty", "empty", []))).toEqual({ status: "empty" });
  });
});

describe("sortHoldings", () => {
  it("sorts by quantity either way", () => {
    expect(tickers(sortHoldings(rows, { key: "quantity", direction: "ascending" }))).toEqual([
      "growth:QQQ",
      "income:VTI",
      "growth:VTI",
      "income:SCHD",
    ]);
    expect(tickers(sortHoldings(rows, { key: "quantity", direction: "descending" }))).toEqual([
      "growth:VTI",
      "income:VTI",
      "growth:QQQ",
      "income:SCHD",
    ]);
  });

  it("puts rows without a figure last in both directions", () => {
    expect(tickers(sortHoldings(rows, { key: "performance", direction: "descending" }))).toEqual([
      "growth:VTI",
      "income:VTI",
      "growth:QQQ",
      "income:SCHD",
    ]);
    expect(tickers(sortHoldings(rows, { key: "price", direction: "ascending" }))).toEqual([
      "income:VTI",
      "growth:VTI",
      "growth:QQQ",
      "income:SCHD",
    ]);
  });

  it("sorts names alphabetically, ties by portfolio", () => {
    expect(tickers(sortHoldings(rows, { key: "name", direction: "ascending" }))).toEqual([
      "income:SCHD",
      "growth:QQQ",
      "growth:VTI",
      "income:VTI",
    ]);
    expect(tickers(sortHoldings(rows, { key: "portfolio", direction: "descending" }))).toEqual([
      "income:SCHD",
      "income:VTI",
      "growth:QQQ",
      "growth:VTI",
    ]);
  });
});

describe("holdingsPie", () => {
  it("sums the server's market value per ticker across portfolios, largest first, leaving out assets without one", () => {
    // VTI 3000 + 1365 = 4365; QQQ 800; SCHD has no price; Fresh's NVDA is being valued
    expect(holdingsPie([...rows, ...holdingRows([fresh])])).toEqual([
      { ticker: "VTI", value: 4365 },
      { ticker: "QQQ", value: 800 },
    ]);
  });

  it("has no slice while every asset is being valued (no cost stands in for a market value)", () => {
    expect(holdingsPie(holdingRows([fresh]))).toEqual([]);
  });
});

describe("topSlices", () => {
  const slice = (ticker: string, value: number) => ({ ticker, value });
  it("keeps up to the count as they are", () => {
    expect(topSlices([slice("A", 3), slice("B", 1)], 5)).toEqual([slice("A", 3), slice("B", 1)]);
  });
  it("folds the smallest into Other so there are exactly count slices", () => {
    const six = [slice("A", 60), slice("B", 50), slice("C", 40), slice("D", 30), slice("E", 20), slice("F", 10)];
    // Other = E 20 + F 10 = 30
    expect(topSlices(six, 5)).toEqual([slice("A", 60), slice("B", 50), slice("C", 40), slice("D", 30), slice("Other", 30)]);
  });
});

describe('holdings with sales (docs/numbers.md "Sales")', () => {
  it("list what is still held: a sale, or a purchase sold in full, is no row", () => {
    const sold = portfolio("Sold", "sold", [
      // 10 NVDA before the 10:1 split = 100, 40 sold: 60 held × $203.53
      valued({
        ticker: "NVDA",
        quantity: 10,
        latestPrice: 203.53,
        splitFactor: 10,
        shares: 60,
        soldShares: 40,
        marketValue: 12211.8,
        cost: 2700,
      }),
      valued({
        ticker: "NVDA",
        side: "sell",
        quantity: 40,
        latestPrice: 203.53,
        shares: 0,
        soldShares: 40,
        marketValue: 0,
        cost: null,
        index: 1,
      }),
      // KO bought and sold in full
      valued({ ticker: "KO", quantity: 5, latestPrice: 70, shares: 0, soldShares: 5, marketValue: 0, cost: 0, index: 2 }),
      valued({ ticker: "KO", side: "sell", quantity: 5, latestPrice: 70, shares: 0, soldShares: 5, marketValue: 0, cost: null, index: 3 }),
    ]);
    const rows = holdingRows([sold]);
    expect(rows.map((r) => [r.ticker, r.quantity, r.marketValue])).toEqual([["NVDA", 60, 12211.8]]);
    expect(holdingsPie(rows)).toEqual([{ ticker: "NVDA", value: 12211.8 }]);
  });
});
