import { describe, expect, it } from "vitest";
import { assetFixture, valuedAssetFixture } from "../../test-utils.tsx";
import { assetFigures, parseFee, portfolioFigures, sharesByTicker, valuedAsEntered, weightedFees } from "./assetFigures.ts";
import { withoutFigures } from "./portfolioModel.ts";

// as the server valued them (USD, no split): VTI 10 × 270 = 2700 on 2500; BND 20 × 75 = 1500 on 1450
const vti = valuedAssetFixture({ ticker: "VTI", quantity: 10, PoA: 250, latestPrice: 270, fee: 0.03 });
const bnd = valuedAssetFixture({ ticker: "BND", quantity: 20, PoA: 72.5, latestPrice: 75, fee: "0.035%" });
// valued without a price: the server sends no live fields for it
const unpriced = assetFixture({ ticker: "XYZ", quantity: 5, PoA: 10, fee: 1 });

describe("assetFigures", () => {
  it("are the server's figures of each asset, with its share of the valued market value", () => {
    const [a, b] = assetFigures([vti, bnd]);
    // VTI: 2700, cost 2500, gain 200 = 8 %, share 2700 / 4200
    expect(a).toEqual({
      status: "valued",
      marketValue: 2700,
      cost: 2500,
      dividends: 0,
      profitLoss: 200,
      profitLossPercent: 8,
      percent: (2700 / 4200) * 100,
      invested: 2500,
      realizedProfitLoss: 0,
    });
    expect(b!.marketValue).toBe(1500);
    expect(b!.profitLoss).toBeCloseTo(50, 10);
    expect(a!.percent! + b!.percent!).toBeCloseTo(100, 10);
  });
  it("an asset without figures has none and no share: never quantity × a price worked out here", () => {
    const [, , c] = assetFigures([vti, bnd, unpriced]);
    expect(c).toEqual({
      status: "valuing",
      marketValue: null,
      cost: null,
      dividends: 0,
      profitLoss: null,
      profitLossPercent: null,
      percent: null,
      invested: null,
      realizedProfitLoss: null,
    });
    // just added with a latest price from the look-up: still no figure until the server values it
    const [added] = assetFigures([assetFixture({ ticker: "NVDA", quantity: 10, PoA: 450, latestPrice: 203.53 })]);
    expect(added!.status).toBe("valuing");
    expect(added!.marketValue).toBeNull();
  });
  it("a date or price change drops the server's figures of the old entry", () => {
    const [moved] = assetFigures([withoutFigures({ ...vti, DoA: "2020-01-02" })]);
    expect(moved!.status).toBe("valuing");
  });
});

describe("assetFigures after the server's valuation (splits, dividends, currencies)", () => {
  // the server valued 10 NVDA bought at $450 before the 10:1 split: 100 shares × $203.53
  const nvda = assetFixture({
    ticker: "NVDA",
    quantity: 10,
    PoA: 450,
    latestPrice: 203.53,
    currency: "USD",
    splitFactor: 10,
    shares: 100,
    marketValue: 20353,
    cost: 4500,
    dividends: 0,
    profitLoss: 15853,
    profitLossPercent: (15853 / 4500) * 100,
  });
  // 10 SAP.DE at €150 when a euro was $1.08, now €200 at $1.17, €5 of dividends a share at $1.10
  const sap = assetFixture({
    ticker: "SAP.DE",
    quantity: 10,
    PoA: 150,
    latestPrice: 200,
    currency: "EUR",
    splitFactor: 1,
    shares: 10,
    marketValue: 2340,
    cost: 1620,
    dividends: 55,
    // 2340 + 55 − 1620 = 775
    profitLoss: 775,
    profitLossPercent: (775 / 1620) * 100,
  });

  it("counts the lot in today's shares, and an edited quantity in proportion (what the save then returns)", () => {
    const [a] = assetFigures([nvda]);
    expect(a).toMatchObject({ marketValue: 20353, cost: 4500, profitLoss: 15853 });
    // 20 entered: 200 shares × 203.53 = 40,706; cost 20 × 450 = 9,000; P/L 31,706; the same 31,706 / 9,000 = +352.2889 %
    const [b] = assetFigures([{ ...nvda, quantity: 20 }]);
    expect(b!.marketValue).toBeCloseTo(40706, 9);
    expect(b!.cost).toBeCloseTo(9000, 9);
    expect(b!.profitLoss).toBeCloseTo(31706, 9);
    expect(b!.profitLossPercent).toBeCloseTo(352.2889, 4);
  });

  it("knows whether the server valued the entry on screen (its split note then holds)", () => {
    expect(valuedAsEntered(nvda)).toBe(true);
    expect(valuedAsEntered({ ...nvda, quantity: 20 })).toBe(false);
    expect(valuedAsEntered(assetFixture({ quantity: 10 }))).toBe(false);
  });

  it("converts at the server's rates and counts dividends as income", () => {
    // 5 entered: half of each: market 1,170, dividends 27.50, cost 810, P/L 387.50
    const [half] = assetFigures([{ ...sap, quantity: 5 }]);
    expect(half).toMatchObject({ marketValue: 1170, cost: 810, dividends: 27.5, profitLoss: 387.5 });
    const totals = portfolioFigures([sap, nvda], assetFigures([sap, nvda]));
    // cost 1,620 + 4,500 = 6,120; P/L 775 + 15,853 = 16,628 = 271.70 %
    expect(totals).toMatchObject({ cost: 6120, marketValue: 22693, dividends: 55, profitLoss: 16628, unpriced: [], valuing: [] });
    expect(totals.profitLossPercent).toBeCloseTo((16628 / 6120) * 100, 10);
  });

  it("has no market value, and counts in no total, when the server found no exchange rate", () => {
    const noRate = { ...sap, marketValue: null, cost: null, dividends: null, profitLoss: null, profitLossPercent: null };
    const [a] = assetFigures([noRate]);
    expect(a).toMatchObject({ status: "unpriced", marketValue: null });
    expect(portfolioFigures([noRate, nvda], assetFigures([noRate, nvda]))).toMatchObject({ cost: 4500, unpriced: ["SAP.DE"] });
  });
});

describe("portfolioFigures", () => {
  it("leaves an asset without figures out of value, cost and profit/loss alike, and names it", () => {
    const totals = portfolioFigures([vti, bnd, unpriced], assetFigures([vti, bnd, unpriced]));
    // cost 2500 + 1450 = 3950 (XYZ's 50 is in no figure); market 4200; gain 250 = 6.33 %
    expect(totals).toMatchObject({ cost: 3950, marketValue: 4200, profitLoss: 250, valuing: ["XYZ"] });
    expect(totals.profitLossPercent).toBeCloseTo((250 / 3950) * 100, 10);
    expect(portfolioFigures([unpriced], assetFigures([unpriced])).marketValue).toBeNull();
  });
});

describe("weightedFees (spec §9)", () => {
  it("sums fee × share to 4 decimals; a percent string is read", () => {
    const fees = weightedFees([vti, bnd], assetFigures([vti, bnd]));
    // 0.03 × 64.2857 % + 0.035 × 35.7143 % = 0.0192857 + 0.0125 = 0.0317857 → 0.0318
    expect(fees).toBe(0.0318);
  });
  it("counts an unknown fee as 0 and is null when nothing has a share", () => {
    const noFee = { ...vti, fee: null };
    expect(weightedFees([noFee, bnd], assetFigures([noFee, bnd]))).toBe(0.0125);
    expect(weightedFees([unpriced], assetFigures([unpriced]))).toBeNull();
  });
  it("parses fees", () => {
    expect(parseFee("0.03%")).toBe(0.03);
    expect(parseFee(" 0.2 % ")).toBe(0.2);
    expect(parseFee("n/a")).toBeNull();
    expect(parseFee(null)).toBeNull();
  });
});

describe("sharesByTicker", () => {
  it("one slice per ticker, largest first", () => {
    const again = { ...bnd, index: 2 };
    const shares = sharesByTicker([bnd, vti, again], assetFigures([bnd, vti, again]));
    // BND 1500 + 1500, VTI 2700 of 5700
    expect(shares.map((s) => s.ticker)).toEqual(["BND", "VTI"]);
    expect(shares[0]!.percent).toBeCloseTo((3000 / 5700) * 100, 10);
  });
});
