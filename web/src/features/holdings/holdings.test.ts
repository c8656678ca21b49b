import { describe, expect, it } from "vitest";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { assetFixture } from "../../test-utils.tsx";
import { type HoldingRow, holdingRows, holdingsPie, sortHoldings, topSlices, unpricedTickers } from "./holdings.ts";

function portfolio(pname: string, slug: string, assets: PortfolioListItem["assets"]): PortfolioListItem {
  return {
    pname,
    slug,
    marketValue: null,
    playGround: false,
    privateMode: false,
    historicalData: null,
    created_at: "2024-01-01",
    assets,
    provider: null,
  };
}

const growth = portfolio("Growth", "growth", [
  // cost 10 × 250 = 2500; market 10 × 300 = 3000; (3000 − 2500) / 2500 = +20 %
  assetFixture({ ticker: "VTI", name: "Total Market", quantity: 10, PoA: 250, value: 2500, latestPrice: 300, marketValue: 3000 }),
  // cost 2 × 500 = 1000; market from the price: 2 × 400 = 800; (800 − 1000) / 1000 = −20 %
  assetFixture({ ticker: "QQQ", name: "Nasdaq 100", quantity: 2, PoA: 500, value: 1000, latestPrice: 400, index: 1 }),
]);
const income = portfolio("Income", "income", [
  // no price yet: no market value, no performance
  assetFixture({ ticker: "SCHD", name: "Dividend Equity", quantity: 40, PoA: 75, value: 3000 }),
  // cost 5 × 260 = 1300; market 5 × 273 = 1365; +65 / 1300 = +5 %
  assetFixture({ ticker: "VTI", name: "Total Market", quantity: 5, PoA: 260, value: 1300, latestPrice: 273, index: 1 }),
]);

const rows = holdingRows([growth, income]);
const tickers = (list: HoldingRow[]) => list.map((row) => `${row.slug}:${row.ticker}`);

describe("holdingRows", () => {
  it("takes the server's figures per asset: today's shares after a split, base-currency amounts, total return", () => {
    const split = portfolio("Split", "split", [
      // entered 10 @ 450 before the 10:1 split; valued: 100 shares × 203.53 = 20,353 against 4,500 paid = +352.29 %
      assetFixture({
        ticker: "NVDA",
        quantity: 10,
        PoA: 450,
        value: 4500,
        shares: 100,
        latestPrice: 203.53,
        currency: "USD",
        marketValue: 20353,
        cost: 4500,
        profitLossPercent: 352.29,
      }),
      // 10 SAP.DE at €150 = $1,620 at that month's rate; priced €200, worth $2,340 in the owner's dollars: +44.44 %
      assetFixture({
        ticker: "SAP.DE",
        quantity: 10,
        PoA: 150,
        value: 1500,
        latestPrice: 200,
        currency: "EUR",
        marketValue: 2340,
        cost: 1620,
        profitLossPercent: 44.44,
        index: 1,
      }),
    ]);
    const [nvda, sap] = holdingRows([split]);
    expect(nvda).toMatchObject({ quantity: 100, price: 203.53, currency: "USD", cost: 4500, marketValue: 20353, performance: 352.29 });
    expect(sap).toMatchObject({ quantity: 10, price: 200, currency: "EUR", cost: 1620, marketValue: 2340, performance: 44.44 });
  });

  it("lists every asset of every portfolio with price, market value and performance", () => {
    expect(rows.map(({ portfolio, ticker, quantity, price, marketValue }) => [portfolio, ticker, quantity, price, marketValue])).toEqual([
      ["Growth", "VTI", 10, 300, 3000],
      ["Growth", "QQQ", 2, 400, 800],
      ["Income", "SCHD", 40, null, null],
      ["Income", "VTI", 5, 273, 1365],
    ]);
    expect(rows.map((row) => row.performance)).toEqual([20, -20, null, 5]);
  });

  it("takes a latest price from the prices given for an asset that came without one", () => {
    // SCHD: 40 × 80 = 3200 on a cost of 3000: +6.67 %; an asset's own price wins over the given one
    const priced = holdingRows([income], { SCHD: 80, VTI: 1 });
    expect(priced.map(({ ticker, price, marketValue }) => [ticker, price, marketValue])).toEqual([
      ["SCHD", 80, 3200],
      ["VTI", 273, 1365],
    ]);
    expect(priced[0]!.performance).toBeCloseTo(6.6667, 4);
  });

  it("names the tickers that came without a price, once each", () => {
    const twice = portfolio("Twice", "twice", [assetFixture({ ticker: "SCHD" }), assetFixture({ ticker: "BND" })]);
    expect(unpricedTickers([growth, income, twice])).toEqual(["BND", "SCHD"]);
  });

  it("has no performance for an asset without cost", () => {
    const [free] = holdingRows([portfolio("Gift", "gift", [assetFixture({ quantity: 1, PoA: 0, value: 0, latestPrice: 10 })])]);
    expect(free!.performance).toBeNull();
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
      "income:SCHD",
      "growth:VTI",
      "income:VTI",
      "growth:QQQ",
    ]);
  });

  it("puts rows without a price last in both directions", () => {
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
  it("sums market value per ticker across portfolios, largest first, leaving out unpriced assets", () => {
    // VTI 3000 + 1365 = 4365; QQQ 800; SCHD has no price
    expect(holdingsPie(rows)).toEqual({
      basis: "market",
      slices: [
        { ticker: "VTI", value: 4365 },
        { ticker: "QQQ", value: 800 },
      ],
    });
  });

  it("falls back to cost when no asset has a price yet", () => {
    const unpriced = holdingRows([income]).filter((row) => row.ticker === "SCHD");
    expect(holdingsPie(unpriced)).toEqual({ basis: "cost", slices: [{ ticker: "SCHD", value: 3000 }] });
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
