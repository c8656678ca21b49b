import { describe, expect, it } from "vitest";
import { rangeFixture, valuationFixture } from "./portfolioFixtures.ts";
import {
  benchmarkName,
  chartRanges,
  formatFees,
  gainText,
  hasLine,
  lineChartData,
  minutesUntilUpdate,
  pickedBenchmark,
  shownRange,
} from "./valuationView.ts";

describe("the line chart's ranges", () => {
  it("a range is drawn only with at least 2 dates (spec §4)", () => {
    expect(hasLine(rangeFixture("All", [100, 110], "2024-01"))).toBe(true);
    expect(hasLine(rangeFixture("All", [100], "2024-01"))).toBe(false);
    expect(hasLine(null)).toBe(false);
  });

  it("offers the drawable ranges in the order YTD, 1Y, 3Y, All", () => {
    // the fixture: All 6 months, YTD 4, 1Y a single month, 3Y none
    expect(chartRanges(valuationFixture())).toEqual(["YTD", "All"]);
    expect(chartRanges(null)).toEqual([]);
  });

  it("keeps the range asked for while it can be drawn, else falls back to All, else the first", () => {
    expect(shownRange(["YTD", "All"], "YTD")).toBe("YTD");
    expect(shownRange(["YTD", "All"], "3Y")).toBe("All");
    expect(shownRange(["YTD", "1Y"], "3Y")).toBe("YTD");
    expect(shownRange([], "All")).toBeNull();
  });

  it("aligns the rescaled index line on the portfolio's months, empty where it has no value", () => {
    // the index starts two months after the portfolio (no close there yet)
    const range = rangeFixture("All", [1000, 1100, 1200, 1300], "2024-01", [1100, 1150]);
    range.benchmark!.series.months = ["2024-02", "2024-03"];
    expect(lineChartData(range, "Mine", "S&P 500")).toEqual({
      months: ["2024-01", "2024-02", "2024-03", "2024-04"],
      series: [
        { name: "Mine", data: [1000, 1100, 1200, 1300] },
        { name: "S&P 500", data: [null, 1100, 1150, null] },
      ],
    });
  });

  it("draws the portfolio alone in the portfolio view, or when the index has no prices", () => {
    const withIndex = rangeFixture("All", [1000, 1100], "2024-01", [1000, 1050]);
    expect(lineChartData(withIndex, "Mine", null).series).toHaveLength(1);
    expect(lineChartData(rangeFixture("All", [1000, 1100], "2024-01"), "Mine", "S&P 500").series).toHaveLength(1);
  });
});

describe("benchmarks", () => {
  it("names the three options in the spec's words", () => {
    expect(["SPY", "VOO", "VTI"].map(benchmarkName)).toEqual(["S&P 500", "ETF Vanguard", "ETF Total"]);
    expect(benchmarkName("^GSPC")).toBe("^GSPC");
  });
  it("the picker shows S&P 500 for an index that is not an option", () => {
    expect(pickedBenchmark("VOO")).toBe("VOO");
    expect(pickedBenchmark("")).toBe("SPY");
    expect(pickedBenchmark("^GSPC")).toBe("SPY");
  });
});

describe("gainText (formatGains)", () => {
  it("'$' shows the amount, '%' the percent", () => {
    expect(gainText(1234.5, 12.5, "$")).toBe("$1,234.50");
    expect(gainText(1234.5, 12.5, "%")).toBe("12.50%");
    expect(gainText(-40, -1, "$")).toBe("-$40.00");
    expect(gainText(-40, -1, "%")).toBe("-1%");
  });
  it("NA when the figure is unknown", () => {
    expect(gainText(null, null, "$")).toBe("NA");
    expect(gainText(100, null, "%")).toBe("NA");
  });
});

describe("formatFees", () => {
  it("shows the 4 decimals fees are summed to, without trailing zeros", () => {
    expect(formatFees(0.0297)).toBe("0.0297%");
    expect(formatFees(0.03)).toBe("0.03%");
    expect(formatFees(0)).toBe("0%");
  });
});

describe("minutesUntilUpdate", () => {
  const refreshed = "2024-06-28T10:00:00.000Z";
  const at = (iso: string) => Date.parse(iso);

  it("is 60 minus the whole minutes since lastRefreshed", () => {
    expect(minutesUntilUpdate(refreshed, at("2024-06-28T10:00:00Z"))).toBe(60);
    // 15 min 59 s since: 15 whole minutes → 45
    expect(minutesUntilUpdate(refreshed, at("2024-06-28T10:15:59Z"))).toBe(45);
    expect(minutesUntilUpdate(refreshed, at("2024-06-28T10:59:00Z"))).toBe(1);
  });
  it("is floored at 0 once the hour has passed", () => {
    expect(minutesUntilUpdate(refreshed, at("2024-06-28T11:00:00Z"))).toBe(0);
    expect(minutesUntilUpdate(refreshed, at("2024-06-29T10:00:00Z"))).toBe(0);
  });
  it("is unknown without a refresh time, and never above 60", () => {
    expect(minutesUntilUpdate(null, at(refreshed))).toBeNull();
    expect(minutesUntilUpdate("not a date", at(refreshed))).toBeNull();
    expect(minutesUntilUpdate(refreshed, at("2024-06-28T09:30:00Z"))).toBe(60);
  });
});
