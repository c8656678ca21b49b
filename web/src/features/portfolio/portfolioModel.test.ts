import { describe, expect, it } from "vitest";
import { assetFixture, portfolioFixture } from "../../test-utils.tsx";
import { checkNewAsset } from "./assetValidation.ts";
import { assetFromDraft, costValue, parseQuantity, toPortfolioInput } from "./portfolioModel.ts";

describe("checkNewAsset", () => {
  const valid = { ticker: "vti", quantity: "10", price: "250", date: "2024-03-01" };
  const TODAY = "2026-11-27";

  it("accepts a complete asset, upper-casing the ticker", () => {
    expect(checkNewAsset(valid, TODAY)).toEqual({ ok: true, draft: { ticker: "VTI", quantity: 10, PoA: 250, DoA: "2024-03-01" } });
  });
  it("checks quantity first, then date, then price (spec §5)", () => {
    expect(checkNewAsset({ ...valid, quantity: "", date: "", price: "" }, TODAY)).toEqual({
      ok: false,
      message: "Quantity missing",
      field: "quantity",
    });
    expect(checkNewAsset({ ...valid, date: "", price: "" }, TODAY)).toEqual({ ok: false, message: "Purchase date missing", field: "date" });
    expect(checkNewAsset({ ...valid, price: "" }, TODAY)).toEqual({ ok: false, message: "Purchase price missing", field: "price" });
  });
  it("wants a numeric, non-zero quantity", () => {
    expect(checkNewAsset({ ...valid, quantity: "ten" }, TODAY)).toMatchObject({ message: "Quantity missing" });
    expect(checkNewAsset({ ...valid, quantity: "0" }, TODAY)).toMatchObject({ message: "Quantity missing" });
    expect(checkNewAsset({ ...valid, quantity: "12abc" }, TODAY)).toMatchObject({ message: "Quantity missing" });
  });
  it("wants a numeric price above zero", () => {
    expect(checkNewAsset({ ...valid, price: "0" }, TODAY)).toMatchObject({ message: "Purchase price missing" });
    expect(checkNewAsset({ ...valid, price: "-1" }, TODAY)).toMatchObject({ message: "Purchase price missing" });
    expect(checkNewAsset({ ...valid, price: "abc" }, TODAY)).toMatchObject({ message: "Purchase price missing" });
    expect(checkNewAsset({ ...valid, price: "5e-324" }, TODAY)).toEqual({
      ok: false,
      message: "Purchase price must be at least 0.000000000001",
      field: "price",
    });
  });
  it("refuses what the server refuses, in its words, before a row enters the table", () => {
    expect(checkNewAsset({ ...valid, quantity: "-5" }, TODAY)).toEqual({
      ok: false,
      message: "Quantity must be a number from 0 to 1,000,000,000",
      field: "quantity",
    });
    // 1e9 is the most; one more unit is refused
    expect(checkNewAsset({ ...valid, quantity: "1000000000" }, TODAY).ok).toBe(true);
    expect(checkNewAsset({ ...valid, quantity: "1000000001" }, TODAY)).toMatchObject({ field: "quantity" });
    // the day after today is allowed (time zones); two days after is the future
    expect(checkNewAsset({ ...valid, date: "2026-11-28" }, TODAY).ok).toBe(true);
    expect(checkNewAsset({ ...valid, date: "2026-11-29" }, TODAY)).toEqual({
      ok: false,
      message: "Purchase date cannot be in the future",
      field: "date",
    });
    expect(checkNewAsset({ ...valid, date: "1969-12-31" }, TODAY)).toMatchObject({ message: "Purchase date must be Jan 1, 1970 or later" });
    expect(checkNewAsset({ ...valid, price: "1000000001" }, TODAY)).toMatchObject({
      message: "Purchase price must be at most 1,000,000,000",
      field: "price",
    });
  });
  it("needs a ticker before anything else", () => {
    expect(checkNewAsset({ ...valid, ticker: " ", quantity: "" }, TODAY)).toMatchObject({ message: "Ticker missing" });
  });
});

describe("portfolio rules", () => {
  it("values a new asset at quantity × purchase price", () => {
    // 20 × 72.50 = 1450
    expect(assetFromDraft({ ticker: "BND", quantity: 20, PoA: 72.5, DoA: "2024-03-01" }, 1)).toMatchObject({ value: 1450, index: 1 });
  });
  it("sums the cost value of the assets", () => {
    // 2500 + 1450 = 3950
    expect(costValue([{ value: 2500 }, { value: 1450 }])).toBe(3950);
  });
  it("reads a non-numeric quantity as 0 (spec §5)", () => {
    expect(parseQuantity("abc")).toBe(0);
    expect(parseQuantity(" 12.5 ")).toBe(12.5);
  });
  it("sends only the fields the save schema takes, with the revision", () => {
    const input = toPortfolioInput(portfolioFixture({ assets: [assetFixture()], rev: 7 }));
    expect(input).toEqual({
      pName: "Three Fund",
      pDescription: "",
      assets: [
        {
          ticker: "VTI",
          name: "Vanguard Total Stock Market ETF",
          quantity: 10,
          PoA: 250,
          DoA: "2024-01-05",
          // an unknown fee and no initial percent are left out: the server reads a null number as 0
          assetClass: "ETF",
        },
      ],
      privateMode: false,
      totalValue: 10000,
      autoSave: true,
      formatGains: "$",
      showHealth: false,
      playGround: false,
      indexTicker: "^GSPC",
      rev: 7,
    });
  });
  it("sends a known fee and an initial percent, and asks to apply initial percents only when told", () => {
    const portfolio = portfolioFixture({
      assets: [assetFixture({ fee: "0.03%", initialPercent: 0 }), assetFixture({ ticker: "BND", fee: 0, initialPercent: 40 })],
    });
    const input = toPortfolioInput(portfolio);
    expect(input.assets.map((a) => [a.fee, a.initialPercent])).toEqual([
      ["0.03%", 0],
      [0, 40],
    ]);
    expect(input).not.toHaveProperty("applyInitialPercents");
    expect(toPortfolioInput(portfolio, { applyInitialPercents: true }).applyInitialPercents).toBe(true);
  });
  it("keeps a new asset's looked-up name, class, fee, latest price and its currency", () => {
    const quote = { name: "NVIDIA Corporation", assetClass: "Stock", fee: 0, latestPrice: 210.96, currency: "USD" };
    expect(assetFromDraft({ ticker: "NVDA", quantity: 5, PoA: 61.53, DoA: "2024-01-01", quote }, 0)).toMatchObject({
      name: "NVIDIA Corporation",
      assetClass: "Stock",
      fee: 0,
      latestPrice: 210.96,
      currency: "USD",
      initialPercent: null,
    });
  });
  it("leaves out an empty index ticker (the schema wants a ticker or nothing)", () => {
    expect(toPortfolioInput(portfolioFixture({ indexTicker: "" }))).not.toHaveProperty("indexTicker");
  });
});
