import { describe, expect, it } from "vitest";
import { valueAssets } from "./assets.ts";
import { currentWeights, historicalPeriods } from "./backtest.ts";
import { hasMarketData, loadTicker, marketDataDir } from "./testing/market-data.ts";
import { buildTimeline } from "./timeline.ts";

const available = hasMarketData();
if (!available) console.log(`market data not found in ${marketDataDir()} (set MARKET_DATA_DIR): real-price backtest skipped`);

/*
 * Real month-end closes from the shared market data (adjusted close, last trading day of the month):
 *   SPY 2007-10-31 109.57142639160156 · 2009-02-27 53.925758361816406 · 2026-07-13 749.1699829101562
 *   BND 2007-10-31 42.393829345703125 · 2009-02-27 45.34774398803711 · 2026-07-13 72.5
 *   VOO lists 2010-09-09 · 2026-07-13 688.5
 * Today: VOO 5 × 688.5 = 3442.5 · SPY 2 × 749.1699829… = 1498.3399658… · BND 20 × 72.5 = 1450
 */
describe.skipIf(!available)("historical periods on real prices", () => {
  const tickers = ["VOO", "SPY", "BND"];
  // read only when the suite runs: a skipped suite's body is still collected
  const prices = available ? Object.fromEntries(tickers.map((t) => [t, loadTicker(t)])) : {};
  const assets = valueAssets(
    [
      { ticker: "VOO", quantity: 5, PoA: 400, DoA: "2023-01-03" },
      { ticker: "SPY", quantity: 2, PoA: 400, DoA: "2023-01-03" },
      { ticker: "BND", quantity: 20, PoA: 70, DoA: "2023-01-03" },
    ],
    prices,
    "2026-07-13",
  );
  const periods = historicalPeriods(buildTimeline(assets, prices, "2026-07-13"), currentWeights(assets), 6390.8399658203125);
  const find = (name: string) => periods.find((p) => p.period === name);

  it("leaves VOO out of the 2008 Crash (it lists in 2010-09) and renormalises SPY and BND", () => {
    const crash = find("2008 Crash");
    expect(crash?.excluded).toEqual(["VOO"]);
    // SPY 1498.3399658 / 2948.3399658 = 50.81978 %, BND 1450 / 2948.3399658 = 49.18022 %
    expect(crash?.weights.SPY).toBeCloseTo(50.81978276556827, 9);
    expect(crash?.weights.BND).toBeCloseTo(49.18021723443173, 9);
    // 0.5081978 × 53.925758 / 109.571426 + 0.4918022 × 45.347744 / 42.393829 − 1
    //   = 0.5081978 × 0.4921517 + 0.4918022 × 1.0696779 − 1 = −22.381967 %
    expect(crash?.returnPercent).toBeCloseTo(-22.381966630602655, 8);
    expect(crash).toMatchObject({ start: "2007-10", end: "2009-02" });
    expect(crash?.series.values.length).toBe(17);
  });

  it("starts 'All' where VOO's prices begin, with nothing left out", () => {
    expect(find("All")).toMatchObject({ start: "2010-09", end: "2026-07", excluded: [] });
  });

  it("leaves VOO and BND out of the 2002 Crash", () => {
    // from 2000-03 SPY alone: 53.022830963134766 / 94.46611785888672 − 1 = −43.872 %
    const crash = find("2002 Crash");
    expect(crash?.excluded).toEqual(["VOO", "BND"]);
    expect(crash?.weights).toEqual({ SPY: 100 });
    expect(crash?.returnPercent).toBeCloseTo((53.022830963134766 / 94.46611785888672 - 1) * 100, 9);
  });
});
