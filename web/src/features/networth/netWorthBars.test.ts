import { describe, expect, it } from "vitest";
import { netWorthBars } from "./netWorthBars.ts";

const entry = (year: number, week: number, networth: number) => ({ year, week, data: { networth } });

describe("netWorthBars", () => {
  it("orders the weeks and labels the last bar 'Now'", () => {
    // 2020-W53 (ISO year 2020 has 53 weeks) comes before 2021-W01
    const bars = netWorthBars([entry(2021, 1, 1100), entry(2020, 53, 1000), entry(2021, 2, 1250.5)]);
    expect(bars).toEqual([
      { label: "2020-W53", value: 1000 },
      { label: "2021-W01", value: 1100 },
      { label: "Now", value: 1250.5 },
    ]);
  });

  it("shows a fresher current value on the 'Now' bar", () => {
    expect(netWorthBars([entry(2024, 9, 500), entry(2024, 10, 600)], 640.25)).toEqual([
      { label: "2024-W09", value: 500 },
      { label: "Now", value: 640.25 },
    ]);
  });

  it("is one 'Now' bar for a current value without history, and nothing without either", () => {
    expect(netWorthBars([], 10)).toEqual([{ label: "Now", value: 10 }]);
    expect(netWorthBars([])).toEqual([]);
  });
});
