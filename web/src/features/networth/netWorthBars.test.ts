import { describe, expect, it } from "vitest";
import { netWorthBars, otherCurrencyRuns } from "./netWorthBars.ts";

const entry = (year: number, week: number, networth: number) => ({ year, week, data: { networth } });

describe("netWorthBars", () => {
  it("orders the weeks and labels the last bar 'Now'", () => {
    // 2020-W53 (ISO year 2020 has 53 weeks) comes before 2021-W01
    const bars = netWorthBars([entry(2021, 1, 1100), entry(2020, 53, 1000), entry(2021, 2, 1250.5)]);
    expect(bars).toEqual([
      { label: "2020-W53", value: 1000, currency: "USD" },
      { label: "2021-W01", value: 1100, currency: "USD" },
      { label: "Now", value: 1250.5, currency: "USD" },
    ]);
  });

  it("shows a fresher current value on the 'Now' bar", () => {
    expect(netWorthBars([entry(2024, 9, 500), entry(2024, 10, 600)], 640.25)).toEqual([
      { label: "2024-W09", value: 500, currency: "USD" },
      { label: "Now", value: 640.25, currency: "USD" },
    ]);
  });

  it("is one 'Now' bar for a current value without history, and nothing without either", () => {
    expect(netWorthBars([], 10)).toEqual([{ label: "Now", value: 10, currency: "USD" }]);
    expect(netWorthBars([])).toEqual([]);
  });

  it("keeps each week's currency, the fresher 'Now' value in the current one, and names the weeks of another currency", () => {
    const history = [
      { ...entry(2024, 1, 100), currency: "USD" },
      { ...entry(2024, 2, 110), currency: "USD" },
      { ...entry(2024, 3, 90), currency: "EUR" },
      { ...entry(2024, 4, 1000), currency: "USD" },
      { ...entry(2024, 5, 95), currency: "EUR" },
    ];
    const bars = netWorthBars(history, 96.5, "EUR");
    expect(bars.map((b) => [b.label, b.value, b.currency])).toEqual([
      ["2024-W01", 100, "USD"],
      ["2024-W02", 110, "USD"],
      ["2024-W03", 90, "EUR"],
      ["2024-W04", 1000, "USD"],
      ["Now", 96.5, "EUR"],
    ]);
    expect(otherCurrencyRuns(bars, "EUR")).toEqual([
      { from: "2024-W01", to: "2024-W02", currency: "USD", last: 110 },
      { from: "2024-W04", to: "2024-W04", currency: "USD", last: 1000 },
    ]);
    // an entry from a server that did not say its currency is in the current one
    expect(netWorthBars([entry(2024, 1, 5)], null, "GBP")).toEqual([{ label: "Now", value: 5, currency: "GBP" }]);
  });
});
