import { describe, expect, it } from "vitest";
import { epochDay } from "./months.ts";
import { type CashFlow, portfolioCashFlows, solveXirr, xirr, xirrRootBound, xirrRoots } from "./xirr.ts";

/** NPV at rate r written out independently of the solver: Σ a (1 + r)^(−days/365). */
function npv(flows: CashFlow[], r: number): number {
  const t0 = Math.min(...flows.map((f) => Date.parse(f.date)));
  return flows.reduce((sum, f) => sum + f.amount * (1 + r) ** (-(Date.parse(f.date) - t0) / 86_400_000 / 365), 0);
}

describe("XIRR", () => {
  it("matches Excel's documented XIRR example: 0.373362535", () => {
    // support.microsoft.com, XIRR function: =XIRR(A3:A7, B3:B7) → 0.373362535 (37.34 %)
    const flows = [
      { amount: -10000, date: "2008-01-01" },
      { amount: 2750, date: "2008-03-01" },
      { amount: 4250, date: "2008-10-30" },
      { amount: 3250, date: "2009-02-15" },
      { amount: 2750, date: "2009-04-01" },
    ];
    const rate = xirr(flows) as number;
    expect(rate).toBeCloseTo(0.373362535, 8);
    expect(Math.abs(npv(flows, rate))).toBeLessThan(1e-6);
  });

  it("matches Portfolio Performance's simple Excel case: −200 then 210 a year less a day later", () => {
    // portfolio-performance/portfolio IRRTest.testSimpleExcelTestCase: 0.050140747 (8 decimals)
    // closed form: 1.05^(365/364) − 1 = e^(0.0487901642 × 1.0027472527) − 1 = 0.0501407…
    const rate = xirr([
      { amount: -200, date: "2010-01-01" },
      { amount: 210, date: "2010-12-31" },
    ]) as number;
    expect(rate).toBeCloseTo(0.050140747, 8);
    expect(rate).toBeCloseTo(1.05 ** (365 / 364) - 1, 12);
  });

  it("matches Portfolio Performance's slow-curve Excel case: 0.1444629967", () => {
    // IRRTest.testComplexExcelTestCaseWithSlowCurve asserts within 1e-4 of Excel's 0.1444629967. Excel stops
    // early on this flat curve: its rate leaves an NPV of −0.88, while the exact root 0.14443899 leaves ~1e-12.
    const flows = [
      { amount: -4398, date: "2002-11-30" },
      { amount: 200, date: "2007-06-11" },
      { amount: 270, date: "2008-05-11" },
      { amount: 280, date: "2009-05-01" },
      { amount: 280, date: "2010-06-01" },
      { amount: 300, date: "2011-05-02" },
      { amount: 330, date: "2012-04-30" },
      { amount: 14508, date: "2012-12-06" },
    ];
    const rate = xirr(flows) as number;
    expect(Math.abs(rate - 0.1444629967)).toBeLessThan(1e-4);
    expect(Math.abs(npv(flows, rate))).toBeLessThan(1e-6);
    expect(Math.abs(npv(flows, 0.1444629967))).toBeGreaterThan(0.5);
  });

  it("finds a rate near −100 % (Portfolio Performance issue #1904: −0.999251643)", () => {
    // IRRTest.testSmallConvergenceInterval: two purchases and a tiny final value
    const flows = [
      { amount: -1560.94, date: "2019-05-24" },
      { amount: -1160, date: "2020-01-13" },
      { amount: 42.8, date: "2020-06-29" },
    ];
    const solution = solveXirr(flows);
    expect(solution?.rate).toBeCloseTo(-0.999251643, 4);
    // Newton from 10 % steps below −1 here; the bisection fallback is what finds it
    expect(solution?.method).toBe("bisection");
  });

  it("has no rate without both a payment and a receipt, or when all flows share a date", () => {
    expect(xirr([{ amount: -100, date: "2020-01-01" }])).toBeNull();
    expect(
      xirr([
        { amount: 100, date: "2020-01-01" },
        { amount: 50, date: "2021-01-01" },
      ]),
    ).toBeNull();
    expect(
      xirr([
        { amount: -100, date: "2020-01-01" },
        { amount: 110, date: "2020-01-01" },
      ]),
    ).toBeNull();
  });

  it("counts actual days over 365, leap day included", () => {
    // 2020-01-01 → 2021-01-01 is 366 days: rate = 1.1^(365/366) − 1
    const rate = xirr([
      { amount: -1000, date: "2020-01-01" },
      { amount: 1100, date: "2021-01-01" },
    ]);
    expect(epochDay("2021-01-01") - epochDay("2020-01-01")).toBe(366);
    expect(rate).toBeCloseTo(1.1 ** (365 / 366) - 1, 12);
  });

  it("builds the portfolio's flows: each purchase at cost on its DoA, the market value on the valuation date", () => {
    const flows = portfolioCashFlows(
      [
        // value = quantity × PoA (cost in the base currency): A 10 × 100, B 5 × 20, C 1 × 50
        { DoA: "2023-01-01", value: 1000, marketValue: 1200 },
        { DoA: "2023-07-01", value: 100, marketValue: 110 },
        // no price: neither its purchase nor a value
        { DoA: "2023-03-01", value: 50, marketValue: null },
      ],
      "2024-01-01",
    );
    expect(flows).toEqual([
      { amount: -1000, date: "2023-01-01" },
      { amount: -100, date: "2023-07-01" },
      { amount: 1310, date: "2024-01-01" },
    ]);
  });
});

describe("XIRR with more than one root", () => {
  // −100, +230, −132 a year apart (2021 and 2022 have 365 days): with x = 1 + r,
  // −100 x² + 230 x − 132 = 0 → x = (230 ± √(52,900 − 52,800)) / 200 = 1.1 or 1.2 → 10 % and 20 %
  const flows = [
    { amount: -100, date: "2021-01-01" },
    { amount: 230, date: "2022-01-01" },
    { amount: -132, date: "2023-01-01" },
  ];

  it("bounds the roots by the sign changes of the running sums (Laguerre)", () => {
    // forward −100, 130, −2: 2 changes; backward −132, 98, −2: 2 changes → at most 4
    expect(xirrRootBound(flows)).toBe(4);
    // purchases then one value: forward −100, −150, +10 (1); backward 160, 110, 10 (0) → unique
    expect(
      xirrRootBound([
        { amount: -100, date: "2021-01-01" },
        { amount: -50, date: "2021-06-01" },
        { amount: 160, date: "2022-01-01" },
      ]),
    ).toBe(1);
  });

  it("finds both roots and says there is more than one", () => {
    const rate = xirr(flows);
    const roots = xirrRoots(flows, rate);
    expect(roots).toHaveLength(2);
    expect(roots[0]).toBeCloseTo(0.1, 9);
    expect(roots[1]).toBeCloseTo(0.2, 9);
    expect(roots.some((r) => Math.abs(r - (rate as number)) < 1e-9)).toBe(true);
  });

  it("reports a single root when the bound allows only one", () => {
    const flows1 = [
      { amount: -1000, date: "2020-01-01" },
      { amount: 1100, date: "2021-01-01" },
    ];
    expect(xirrRoots(flows1, xirr(flows1))).toEqual([xirr(flows1)]);
  });
});
