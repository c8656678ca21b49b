import { describe, expect, it } from "vitest";
import {
  MAX_MOVERS,
  type MonthlyChange,
  monthlyChange,
  mostQuantity,
  mostVolatile,
  moversMap,
  previousMonth,
  rankMovers,
  volatility,
} from "./movers.ts";

const change = (ticker: string, changePercent: number): MonthlyChange => ({
  ticker,
  fromMonth: "2026-06",
  toMonth: "2026-07",
  fromClose: 100,
  toClose: 100 + changePercent,
  changePercent,
});

describe("monthlyChange", () => {
  it("compares the latest month's close with the month before's", () => {
    // 2026-06 closes at 200, 2026-07's latest close is 224.6: 224.6 / 200 − 1 = 12.3 %
    const c = monthlyChange("NVDA", { "2026-05": 180, "2026-07": 224.6, "2026-06": 200 });
    expect(c).toMatchObject({ ticker: "NVDA", fromMonth: "2026-06", toMonth: "2026-07", fromClose: 200, toClose: 224.6 });
    expect(c?.changePercent).toBeCloseTo(12.3, 10);
  });

  it("is null without two consecutive months", () => {
    expect(monthlyChange("A", {})).toBeNull();
    expect(monthlyChange("A", { "2026-07": 10 })).toBeNull();
    // a gap: April to July is not a monthly change
    expect(monthlyChange("A", { "2026-04": 10, "2026-07": 12 })).toBeNull();
  });

  it("ignores closes that are not positive numbers", () => {
    // July's 0 is dropped, so June against May: 110 / 100 − 1 = 10 %
    expect(monthlyChange("A", { "2026-05": 100, "2026-06": 110, "2026-07": 0 })?.changePercent).toBeCloseTo(10, 10);
  });

  it("crosses a year end", () => {
    expect(previousMonth("2026-01")).toBe("2025-12");
    expect(monthlyChange("A", { "2025-12": 50, "2026-01": 40 })?.changePercent).toBeCloseTo(-20, 10);
  });
});

describe("volatility", () => {
  it("is the sample standard deviation of the monthly changes", () => {
    // 100 → 110 → 99 → 108.9: +10 %, −10 %, +10 %; mean 10/3; deviations 20/3, −40/3, 20/3;
    // squares 400/9 + 1600/9 + 400/9 = 2400/9; / (3 − 1) = 1200/9 = 133.33; √ = 11.547
    const v = volatility("A", { "2026-01": 100, "2026-02": 110, "2026-03": 99, "2026-04": 108.9 });
    expect(v?.changes).toBe(3);
    expect(v?.stdevPercent).toBeCloseTo(Math.sqrt(1200 / 9), 9);
  });

  it("uses only the last 12 changes", () => {
    // a wild swing 13 months back is outside the window; the 12 changes after it are all +1 %
    const history: Record<string, number> = { "2025-01": 10 };
    let close = 100;
    for (let m = 2; m <= 13; m++) {
      const month = m <= 12 ? `2025-${String(m).padStart(2, "0")}` : "2026-01";
      history[month] = close;
      close *= 1.01;
    }
    history["2026-02"] = close;
    const v = volatility("A", history);
    expect(v?.changes).toBe(12);
    expect(v?.stdevPercent).toBeCloseTo(0, 9);
  });

  it("is null with fewer than 2 changes", () => {
    expect(volatility("A", { "2026-01": 100, "2026-02": 110 })).toBeNull();
  });
});

describe("ranking", () => {
  it("orders by the size of the move, either way, ties by ticker", () => {
    const ranked = rankMovers([change("KO", 1), change("TSLA", -8.1), change("NVDA", 12.3), change("AAPL", 1), change("VTI", -1)]);
    expect(ranked.map((c) => c.ticker)).toEqual(["NVDA", "TSLA", "AAPL", "KO", "VTI"]);
  });

  it("maps at most MAX_MOVERS tickers to their change rounded to 2 decimals, in rank order", () => {
    const many = Array.from({ length: 12 }, (_, i) => change(`T${String(i).padStart(2, "0")}`, i + 0.005));
    const map = moversMap(rankMovers([...many, change("X", 1 / 3)]));
    expect(Object.keys(map)).toHaveLength(MAX_MOVERS);
    expect(Object.keys(map)[0]).toBe("T11");
    expect(map.T11).toBe(11.01);
    expect(map.X).toBeUndefined();
  });

  it("picks the most volatile and the largest quantity, ties by ticker", () => {
    expect(
      mostVolatile([
        { ticker: "B", stdevPercent: 5, changes: 12 },
        { ticker: "A", stdevPercent: 5, changes: 12 },
        { ticker: "C", stdevPercent: 2, changes: 12 },
      ])?.ticker,
    ).toBe("A");
    expect(mostVolatile([])).toBeNull();
    expect(
      mostQuantity(
        new Map([
          ["VTI", 12],
          ["KO", 120],
          ["AAPL", 120],
        ]),
      ),
    ).toEqual({ ticker: "AAPL", quantity: 120 });
    expect(mostQuantity(new Map())).toBeNull();
  });
});
