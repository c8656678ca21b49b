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
    expect(a).toEqual({ marketValue: 2700, profitLoss: 200, profitLossPercent: 8, percent: (2700 / 4200) * 100 });
    expect(b!.marketValue).toBe(1500);
    expect(b!.profitLoss).toBeCloseTo(50, 10);
    expect(b!.profitLossPercent).toBeCloseTo((50 / 1450) * 100, 10);
    expect(a!.percent! + b!.percent!).toBeCloseTo(100, 10);
  });
  it("an asset without a price has no figures and no share", () => {
    const [, , c] = assetFigures([vti, bnd, unpriced]);
    expect(c).toEqual({ marketValue: null, profitLoss: null, profitLossPercent: null, percent: null });
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
