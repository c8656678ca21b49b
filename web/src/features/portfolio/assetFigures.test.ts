import { describe, expect, it } from "vitest";
import { assetFixture } from "../../test-utils.tsx";
import { assetFigures, parseFee, portfolioFigures, sharesByTicker, weightedFees } from "./assetFigures.ts";

const vti = assetFixture({ ticker: "VTI", quantity: 10, PoA: 250, latestPrice: 270, fee: 0.03 });
const bnd = assetFixture({ ticker: "BND", quantity: 20, PoA: 72.5, latestPrice: 75, fee: "0.035%" });
const unpriced = assetFixture({ ticker: "XYZ", quantity: 5, PoA: 10, latestPrice: null, fee: 1 });

describe("assetFigures", () => {
  it("values each asset at its latest price", () => {
    const [a, b] = assetFigures([vti, bnd]);
    // VTI: 10 × 270 = 2700; cost 2500; gain 200 = 8 %. BND: 20 × 75 = 1500; cost 1450; gain 50
    expect(a).toEqual({ marketValue: 2700, dividends: 0, profitLoss: 200, profitLossPercent: 8, percent: (2700 / 4200) * 100 });
    expect(b!.marketValue).toBe(1500);
    expect(b!.profitLoss).toBeCloseTo(50, 10);
    expect(b!.profitLossPercent).toBeCloseTo((50 / 1450) * 100, 10);
    expect(a!.percent! + b!.percent!).toBeCloseTo(100, 10);
  });
  it("an asset without a price has no figures and no share", () => {
    const [, , c] = assetFigures([vti, bnd, unpriced]);
    expect(c).toEqual({ marketValue: null, dividends: 0, profitLoss: null, profitLossPercent: null, percent: null });
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
  });

  it("counts the lot in today's shares, and an edited quantity with the same rules", () => {
    const [a] = assetFigures([nvda]);
    // 10 × 10 × 203.53 = 20,353; P/L 20,353 − 4,500 = 15,853
    expect(a!.marketValue).toBeCloseTo(20353, 9);
    expect(a!.profitLoss).toBeCloseTo(15853, 9);
    // 20 entered: 200 shares × 203.53 = 40,706; cost 9,000
    const [b] = assetFigures([{ ...nvda, quantity: 20 }]);
    expect(b!.marketValue).toBeCloseTo(40706, 9);
    expect(b!.profitLoss).toBeCloseTo(31706, 9);
  });

  it("converts at the server's rates and counts dividends as income", () => {
    const [a] = assetFigures([sap]);
    // market 10 × 200 × 1.17 = 2,340; dividends 55; cost 10 × 150 × 1.08 = 1,620; P/L 2,340 + 55 − 1,620 = 775
    expect(a!.marketValue).toBeCloseTo(2340, 9);
    expect(a!.dividends).toBeCloseTo(55, 9);
    expect(a!.profitLoss).toBeCloseTo(775, 9);
    const totals = portfolioFigures([sap, nvda]);
    expect(totals.cost).toBeCloseTo(6120, 9);
    expect(totals.dividends).toBeCloseTo(55, 9);
    expect(totals.profitLoss).toBeCloseTo(775 + 15853, 9);
  });

  it("shows no market value when the server found no exchange rate", () => {
    const [a] = assetFigures([{ ...sap, marketValue: null, cost: null, dividends: null }]);
    expect(a!.marketValue).toBeNull();
  });
});

describe("portfolioFigures", () => {
  it("sums cost over every asset, gains over the priced ones only", () => {
    const totals = portfolioFigures([vti, bnd, unpriced]);
    // cost 2500 + 1450 + 50; market 4200; gain 4200 − 3950 = 250
    expect(totals.cost).toBe(4000);
    expect(totals.marketValue).toBe(4200);
    expect(totals.profitLoss).toBe(250);
    expect(totals.profitLossPercent).toBeCloseTo((250 / 3950) * 100, 10);
    expect(portfolioFigures([unpriced]).marketValue).toBeNull();
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
    const again = { ...bnd, quantity: 20 };
    const shares = sharesByTicker([bnd, vti, again], assetFigures([bnd, vti, again]));
    // BND 1500 + 1500, VTI 2700 of 5700
    expect(shares.map((s) => s.ticker)).toEqual(["BND", "VTI"]);
    expect(shares[0]!.percent).toBeCloseTo((3000 / 5700) * 100, 10);
  });
});
