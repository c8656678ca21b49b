import { describe, expect, it } from "vitest";
import { buildSample, SAMPLE_PURCHASE_DATE, SAMPLES, sampleTickers } from "./samples.ts";

const [threeFund, tech, dividend] = SAMPLES;

describe("the visitors' samples", () => {
  it("are the spec's three mixes, public categories, weights adding up to 100", () => {
    expect(SAMPLES.map((s) => s.slug)).toEqual(["sample-three-fund", "sample-tech-stocks", "sample-dividend-income"]);
    expect(Object.keys(threeFund.weights)).toEqual(["VTI", "VXUS", "BND"]);
    expect(Object.keys(tech.weights)).toEqual(["AAPL", "MSFT", "NVDA", "GOOGL", "AMZN"]);
    expect(Object.keys(dividend.weights)).toEqual(["KO", "JNJ", "PG", "O", "SCHD", "VYM"]);
    for (const s of SAMPLES) expect(Object.values(s.weights).reduce((a, b) => a + b, 0)).toBe(100);
    expect(SAMPLES.map((s) => s.category)).toEqual(["Index", "Tech", "Dividend"]);
    expect(sampleTickers(SAMPLES)).toHaveLength(14);
  });

  it("buys $10,000 by weight at the purchase month's close, in whole units", () => {
    // VTI 50 %: 5000 / 200 = 25; VXUS 30 %: 3000 / 60.5 = 49.59 → 50; BND 20 %: 2000 / 87.9 = 22.75 → 23
    const built = buildSample(
      threeFund,
      new Map([
        ["VTI", 200],
        ["VXUS", 60.5],
        ["BND", 87.9],
      ]),
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.input).toMatchObject({ privateMode: false, totalValue: 10000, pDescription: threeFund.pDescription });
    expect(built.input.assets).toEqual([
      { ticker: "VTI", quantity: 25, PoA: 200, DoA: SAMPLE_PURCHASE_DATE, initialPercent: 50 },
      { ticker: "VXUS", quantity: 50, PoA: 60.5, DoA: SAMPLE_PURCHASE_DATE, initialPercent: 30 },
      { ticker: "BND", quantity: 23, PoA: 87.9, DoA: SAMPLE_PURCHASE_DATE, initialPercent: 20 },
    ]);
  });

  it("is not built at all when a close is missing: no price is invented", () => {
    expect(buildSample(threeFund, new Map([["VTI", 200]]))).toEqual({ ok: false, missing: ["VXUS", "BND"] });
    expect(
      buildSample(
        threeFund,
        new Map([
          ["VTI", 200],
          ["VXUS", 0],
          ["BND", 80],
        ]),
      ),
    ).toEqual({ ok: false, missing: ["VXUS"] });
  });
});
