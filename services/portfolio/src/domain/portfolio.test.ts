import type { AssetInput, PortfolioInput } from "@folio/proto/portfolio";
import { describe, expect, it } from "vitest";
import {
  cleanName,
  newPortfolio,
  normaliseAssets,
  type PortfolioState,
  parseQuantity,
  portfolioValue,
  renamed,
  roundAmount,
  tickersOf,
  updatedPortfolio,
  withSettings,
} from "./portfolio.ts";

const asset = (over: Partial<AssetInput> = {}): AssetInput => ({ ticker: "VTI", quantity: 10, PoA: 200, DoA: "2024-01-02", ...over });
const creation = { slug: "three-fund", name: "Three fund", owner: "alice", copiedFrom: null, now: "2026-01-02T12:00:00.000Z" };

describe("parseQuantity", () => {
  it("keeps numbers", () => {
    expect(parseQuantity(12)).toBe(12);
    expect(parseQuantity(0.25)).toBe(0.25);
    expect(parseQuantity(-3)).toBe(-3);
  });

  it("reads numeric strings", () => {
    expect(parseQuantity("12")).toBe(12);
    expect(parseQuantity(" 1.5 ")).toBe(1.5);
    expect(parseQuantity(".5")).toBe(0.5);
    expect(parseQuantity("2e3")).toBe(2000);
  });

  it("turns anything non-numeric into 0 (spec §5)", () => {
    expect(parseQuantity("abc")).toBe(0);
    expect(parseQuantity("")).toBe(0);
    expect(parseQuantity("12abc")).toBe(0);
    expect(parseQuantity("1,000")).toBe(0);
    expect(parseQuantity("Infinity")).toBe(0);
    expect(parseQuantity("1e999")).toBe(0);
  });
});

describe("normaliseAssets", () => {
  it("derives value = quantity × PoA, index = position and name = ticker when missing", () => {
    const [a, b] = normaliseAssets([asset(), asset({ ticker: "BND", name: "Total Bond", quantity: "4", PoA: 72.5 })]);
    // 10 × 200 = 2000
    expect(a).toMatchObject({
      ticker: "VTI",
      name: "VTI",
      quantity: 10,
      value: 2000,
      index: 0,
      fee: null,
      assetClass: "",
      initialPercent: null,
    });
    // 4 × 72.5 = 290
    expect(b).toMatchObject({ ticker: "BND", name: "Total Bond", quantity: 4, value: 290, index: 1 });
  });

  it("values a non-numeric quantity at 0", () => {
    expect(normaliseAssets([asset({ quantity: "lots" })])[0]).toMatchObject({ quantity: 0, value: 0 });
  });

  it("removes floating-point noise from the product", () => {
    // 3 × 10.1 is 30.299999999999997 in binary floating point; the value is 30.3
    expect(normaliseAssets([asset({ quantity: 3, PoA: 10.1 })])[0].value).toBe(30.3);
  });

  it("keeps fee, asset class, initial percent and colour as given", () => {
    const [a] = normaliseAssets([asset({ fee: "0.03%", assetClass: "ETF", initialPercent: 60, color: "#123456" })]);
    expect(a).toMatchObject({ fee: "0.03%", assetClass: "ETF", initialPercent: 60, color: "#123456" });
  });
});

describe("portfolioValue", () => {
  it("sums the asset values", () => {
    // 10 × 200 + 4 × 72.5 + 0.5 × 60000.1 = 2000 + 290 + 30000.05 = 32290.05
    const assets = normaliseAssets([
      asset(),
      asset({ ticker: "BND", quantity: 4, PoA: 72.5 }),
      asset({ ticker: "BTC-USD", quantity: 0.5, PoA: 60000.1 }),
    ]);
    expect(portfolioValue(assets)).toBe(32290.05);
  });

  it("is 0 without assets", () => {
    expect(portfolioValue([])).toBe(0);
  });

  it("does not accumulate noise across assets", () => {
    // 0.1 + 0.2 = 0.30000000000000004 in floating point; rounded to 0.3
    const assets = normaliseAssets([asset({ quantity: 1, PoA: 0.1 }), asset({ quantity: 1, PoA: 0.2 })]);
    expect(portfolioValue(assets)).toBe(0.3);
    expect(roundAmount(0.1 + 0.2)).toBe(0.3);
  });
});

describe("newPortfolio", () => {
  const input: PortfolioInput = { assets: [asset()] };

  it("fills the spec's defaults: ver 3, totalValue 10000, autoSave on, gains in $, SPY, private", () => {
    const p = newPortfolio(input, creation);
    expect(p).toMatchObject({
      ver: 3,
      slug: "three-fund",
      pName: "Three fund",
      pDescription: "",
      category: "",
      totalValue: 10000,
      autoSave: true,
      formatGains: "$",
      indexTicker: "SPY",
      privateMode: true,
      playGround: false,
      showHealth: false,
      notificationExists: false,
      value: 2000,
      marketValue: null,
      fees: null,
      allHistory: null,
      lastRefreshed: null,
      created_at: "2026-01-02T12:00:00.000Z",
      provider: null,
      imported: null,
      hasChanges: false,
      owner: "alice",
      copiedFrom: null,
    });
  });

  it("takes the settings the input carries", () => {
    const p = newPortfolio(
      {
        ...input,
        privateMode: false,
        totalValue: 5000,
        autoSave: false,
        formatGains: "%",
        indexTicker: "QQQ",
        showHealth: true,
        playGround: true,
        pDescription: "d",
      },
      creation,
    );
    expect(p).toMatchObject({
      privateMode: false,
      totalValue: 5000,
      autoSave: false,
      formatGains: "%",
      indexTicker: "QQQ",
      showHealth: true,
      playGround: true,
      pDescription: "d",
    });
  });

  it("makes a copy private even when the source was public", () => {
    const p = newPortfolio({ ...input, privateMode: false }, { ...creation, copiedFrom: "shared" });
    expect(p).toMatchObject({ privateMode: true, copiedFrom: "shared" });
  });
});

describe("updatedPortfolio", () => {
  const current: PortfolioState = {
    ...newPortfolio({ assets: [asset()], privateMode: false, indexTicker: "QQQ" }, creation),
    category: "tech",
    marketValue: 2500,
    allHistory: { "2025-12": 2400 },
    hasChanges: true,
  };

  it("replaces the assets and recomputes the value", () => {
    // 2 × 150 = 300
    const p = updatedPortfolio(current, { assets: [asset({ ticker: "AAPL", quantity: 2, PoA: 150 })] });
    expect(p.assets.map((a) => a.ticker)).toEqual(["AAPL"]);
    expect(p.value).toBe(300);
    expect(p.hasChanges).toBe(false);
  });

  it("keeps what the input does not carry: name, settings, category, valuation, owner, creation date", () => {
    const p = updatedPortfolio(current, { assets: [], pName: "Ignored: rename does names" });
    expect(p).toMatchObject({
      pName: "Three fund",
      privateMode: false,
      indexTicker: "QQQ",
      category: "tech",
      marketValue: 2500,
      allHistory: { "2025-12": 2400 },
      owner: "alice",
      created_at: creation.now,
      slug: "three-fund",
    });
  });

  it("applies the settings the input carries", () => {
    expect(updatedPortfolio(current, { assets: [], privateMode: true, totalValue: 1 })).toMatchObject({ privateMode: true, totalValue: 1 });
  });
});

describe("withSettings and renamed", () => {
  const current = newPortfolio({ assets: [asset()] }, creation);

  it("changes only the settings present", () => {
    const p = withSettings(current, { privateMode: false, category: "Dividend" });
    expect(p).toMatchObject({ privateMode: false, category: "Dividend", autoSave: true, indexTicker: "SPY", totalValue: 10000 });
    expect(p.assets).toEqual(current.assets);
  });

  it("renames without touching the slug", () => {
    expect(renamed(current, "Lazy portfolio")).toMatchObject({ pName: "Lazy portfolio", slug: "three-fund" });
  });
});

describe("helpers", () => {
  it("cleanName trims and treats blank as missing", () => {
    expect(cleanName("  Growth ")).toBe("Growth");
    expect(cleanName("   ")).toBeNull();
    expect(cleanName(null)).toBeNull();
    expect(cleanName(undefined)).toBeNull();
  });

  it("tickersOf lists each ticker once, in asset order", () => {
    const p = newPortfolio({ assets: [asset(), asset({ ticker: "BND" }), asset()] }, creation);
    expect(tickersOf(p)).toEqual(["VTI", "BND"]);
  });
});
