import { describe, expect, it } from "vitest";
import { hasMarketData, loadTicker, marketDataDir } from "./testing/market-data.ts";
import { valuePortfolio } from "./value-portfolio.ts";

const available = hasMarketData();
if (!available) console.log(`market data not found in ${marketDataDir()} (set MARKET_DATA_DIR): real-price consistency checks skipped`);

/**
 * Identities that must hold on any real history, checked on real month-end closes: they tie allHistory,
 * the range figures and XIRR back to the per-asset numbers computed without the timeline.
 */
describe.skipIf(!available)("valuation on real prices", () => {
  // read only when the suite runs: a skipped suite's body is still collected
  const prices = available ? Object.fromEntries(["SPY", "NVDA", "BND", "VOO"].map((t) => [t, loadTicker(t)])) : {};
  const assets = [
    { ticker: "SPY", quantity: 3, PoA: 180, DoA: "2015-03-16" },
    { ticker: "NVDA", quantity: 40, PoA: 6.2, DoA: "2018-06-05" },
    { ticker: "BND", quantity: 25, PoA: 84, DoA: "2020-01-10" },
    // bought "before" VOO existed (2010-09): it enters the history with its first close
    { ticker: "VOO", quantity: 2, PoA: 100, DoA: "2008-05-01" },
  ];
  const v = valuePortfolio({ assets, prices, today: "2026-07-13" });

  it("ends allHistory at the market value and starts it at the first purchase month", () => {
    const months = Object.keys(v.allHistory);
    expect(months[0]).toBe("2008-05");
    expect(months.at(-1)).toBe("2026-07");
    expect(v.allHistory["2026-07"]).toBeCloseTo(v.marketValue as number, 6);
    // VOO has no price before 2010-09: nothing is held at a price until then
    expect(v.allHistory["2010-08"]).toBe(0);
    expect(v.allHistory["2010-09"]).toBeGreaterThan(0);
  });

  it("makes All's profit the portfolio's total profit: every purchase is a flow, not a gain", () => {
    // Σ quantity × (latest − PoA) over the assets
    const total = assets.reduce((sum, a) => sum + a.quantity * ((prices[a.ticker].latestPrice as number) - a.PoA), 0);
    expect(v.profitLoss).toBeCloseTo(total, 6);
    expect(v.ranges.All?.profitLoss).toBeCloseTo(total, 6);
  });

  it("makes YTD's profit the price change since the end of 2025 of what was held then", () => {
    // nothing was bought in 2026: Σ quantity × (latest − close of 2025-12)
    const ytd = assets.reduce(
      (sum, a) => sum + a.quantity * ((prices[a.ticker].latestPrice as number) - prices[a.ticker].history["2025-12"]),
      0,
    );
    expect(v.ranges.YTD?.netPurchases).toBe(0);
    expect(v.ranges.YTD?.profitLoss).toBeCloseTo(ytd, 6);
    // without flows the YTD TWR is the plain change of allHistory: end / start − 1
    expect(v.ranges.YTD?.profitLossPercent).toBeCloseTo((v.allHistory["2026-07"] / v.allHistory["2025-12"] - 1) * 100, 9);
  });

  it("solves XIRR to a rate whose NPV is zero", () => {
    const flows = assets
      .map((a) => ({ amount: -a.quantity * a.PoA, date: a.DoA }))
      .concat({ amount: v.marketValue as number, date: "2026-07-13" });
    const t0 = Math.min(...flows.map((f) => Date.parse(f.date)));
    const r = (v.xirrPercent as number) / 100;
    const npv = flows.reduce((sum, f) => sum + f.amount * (1 + r) ** (-(Date.parse(f.date) - t0) / 86_400_000 / 365), 0);
    expect(Math.abs(npv)).toBeLessThan(1e-6);
  });
});
