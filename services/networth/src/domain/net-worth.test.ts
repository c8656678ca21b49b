import { describe, expect, it } from "vitest";
import { heldTickers, netWorthOf, type PortfolioHoldings, quantitiesByTicker } from "./net-worth.ts";

const prices = new Map<string, number | null>([
  ["VTI", 250],
  ["BND", 72.5],
  ["NVDA", 900],
  ["XYZ", null],
]);

const main: PortfolioHoldings = {
  playGround: false,
  holdings: [
    { ticker: "VTI", quantity: 10 },
    { ticker: "BND", quantity: 4 },
  ],
};
const second: PortfolioHoldings = { playGround: false, holdings: [{ ticker: "vti", quantity: 2 }] };
const playground: PortfolioHoldings = { playGround: true, holdings: [{ ticker: "NVDA", quantity: 100 }] };

describe("netWorthOf", () => {
  it("sums quantity × latest price over every portfolio", () => {
    // main: 10 × 250 + 4 × 72.5 = 2500 + 290 = 2790; second: 2 × 250 = 500; total 3290
    expect(netWorthOf([main, second], prices)).toBe(3290);
  });

  it("leaves playground portfolios out", () => {
    // the playground's 100 × 900 = 90000 would otherwise dominate
    expect(netWorthOf([main, second, playground], prices)).toBe(3290);
    expect(netWorthOf([playground], prices)).toBe(0);
  });

  it("counts an asset without a price as nothing, never as a guess", () => {
    const withUnknown: PortfolioHoldings = {
      playGround: false,
      holdings: [{ ticker: "XYZ", quantity: 5 }, { ticker: "ABC", quantity: 1 }, ...main.holdings],
    };
    expect(netWorthOf([withUnknown], prices)).toBe(2790);
  });

  it("is 0 without portfolios", () => {
    expect(netWorthOf([], prices)).toBe(0);
  });

  it("rounds to cents", () => {
    // 3 × 0.1 is 0.30000000000000004 in floating point; 1.005 × 1 + 0.004 × 1 = 1.009 → 1.01
    expect(netWorthOf([{ playGround: false, holdings: [{ ticker: "A", quantity: 3 }] }], new Map([["A", 0.1]]))).toBe(0.3);
    expect(
      netWorthOf(
        [
          {
            playGround: false,
            holdings: [
              { ticker: "A", quantity: 1 },
              { ticker: "B", quantity: 1 },
            ],
          },
        ],
        new Map([
          ["A", 1.005],
          ["B", 0.004],
        ]),
      ),
    ).toBe(1.01);
  });
});

describe("heldTickers and quantitiesByTicker", () => {
  it("list the counted portfolios' tickers upper case, once, sorted", () => {
    expect(heldTickers([main, second, playground])).toEqual(["BND", "VTI"]);
  });

  it("sum the units of a ticker across portfolios", () => {
    // VTI: 10 + 2 = 12; BND 4; the playground's NVDA is not counted
    expect(Object.fromEntries(quantitiesByTicker([main, second, playground]))).toEqual({ VTI: 12, BND: 4 });
  });
});
