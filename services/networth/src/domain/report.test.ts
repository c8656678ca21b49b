import { describe, expect, it } from "vitest";
import type { MonthlyChange } from "./movers.ts";
import { formatPercent, moverSources, moversReport, NO_HOLDINGS_REPORT } from "./report.ts";

const change = (ticker: string, fromClose: number, toClose: number): MonthlyChange => ({
  ticker,
  fromMonth: "2026-06",
  toMonth: "2026-07",
  fromClose,
  toClose,
  changePercent: (toClose / fromClose - 1) * 100,
});

describe("moversReport", () => {
  it("names the biggest move, the biggest move the other way, the most volatile and the largest quantity", () => {
    // NVDA 200 → 224.6 = +12.3 %; TSLA 300 → 275.7 = −8.1 %; KO 60 → 60.6 = +1 %
    const ranked = [change("NVDA", 200, 224.6), change("TSLA", 300, 275.7), change("KO", 60, 60.6)];
    const report = moversReport({
      holdings: 6,
      ranked,
      volatile: { ticker: "TSLA", stdevPercent: 14.2, changes: 12 },
      quantity: { ticker: "KO", quantity: 120 },
      withoutChange: ["XYZ"],
    });
    expect(report).toBe(
      "NVDA rose 12.30% from its June 2026 close to its latest close in July 2026, the biggest move among your 6 holdings. " +
        "TSLA fell 8.10%, the biggest fall. " +
        "Most volatile over the last 12 months: TSLA (monthly changes spread 14.20%). " +
        "You hold the most units of KO (120). " +
        "No monthly change is known for XYZ.",
    );
  });

  it("speaks of the only holding when there is one", () => {
    const report = moversReport({
      holdings: 1,
      ranked: [change("VTI", 100, 95)],
      volatile: null,
      quantity: { ticker: "VTI", quantity: 2.5 },
      withoutChange: [],
    });
    expect(report).toBe(
      "VTI fell 5% from its June 2026 close to its latest close in July 2026, your only holding. You hold the most units of VTI (2.5).",
    );
  });

  it("says so when no change is known", () => {
    const report = moversReport({
      holdings: 2,
      ranked: [],
      volatile: null,
      quantity: { ticker: "A", quantity: 1 },
      withoutChange: ["A", "B"],
    });
    expect(report).toBe("None of your 2 holdings has closing prices for the last two months yet. You hold the most units of A (1).");
  });

  it("has a clear message without holdings", () => {
    expect(moversReport({ holdings: 0, ranked: [], volatile: null, quantity: null, withoutChange: [] })).toBe(NO_HOLDINGS_REPORT);
  });
});

describe("formatPercent and moverSources", () => {
  it("shows no decimals when whole, otherwise 2 (spec §9)", () => {
    expect(formatPercent(5)).toBe("5%");
    expect(formatPercent(-12.3)).toBe("12.30%");
    expect(formatPercent(0.004)).toBe("0%");
  });

  it("lists the closes behind each number", () => {
    expect(moverSources([change("NVDA", 200, 224.6)], { ticker: "NVDA", stdevPercent: 3, changes: 12 })).toEqual([
      "NVDA: June 2026 close 200.00 → latest close in July 2026 224.60, monthly closes from Folio's pricing service (GET /v1/get/NVDA)",
      "NVDA volatility: sample standard deviation of its last 12 month-to-month changes, from the same monthly closes",
    ]);
  });
});
