import { describe, expect, it } from "vitest";
import { currencyPrefix, formatCurrencyOrNA, formatDate, formatMoney, formatPercent, formatQuantity } from "./format.ts";
import { staleRatesNote } from "./staleRates.ts";

describe("formatMoney", () => {
  it("shows $ with thousands separators and exactly 2 decimals", () => {
    expect(formatMoney(1234.56)).toBe("$1,234.56");
    expect(formatMoney(2500)).toBe("$2,500.00");
    expect(formatMoney(72.5)).toBe("$72.50");
    expect(formatMoney(0.1 + 0.2)).toBe("$0.30");
  });
  it("keeps the sign of a loss", () => {
    expect(formatMoney(-12.345)).toBe("-$12.35");
  });
});

describe("currencyPrefix", () => {
  it("is what formatMoney writes before the number", () => {
    expect(currencyPrefix()).toBe("$");
    expect(currencyPrefix("EUR")).toBe("€");
    expect(currencyPrefix("GBP")).toBe("£");
    expect(currencyPrefix("CHF")).toBe(formatMoney(1, "CHF").replace("1.00", ""));
  });
});

describe("staleRatesNote", () => {
  it("names each rate carried forward from an older month, with its date; none when every rate is current", () => {
    const rate = (pair: string, stale: "out-of-date" | null) => ({ pair, rate: 0.8684, month: "2026-06", asOf: "2026-06-01", stale });
    expect(staleRatesNote([rate("USDEUR=X", "out-of-date")])).toBe("Last known exchange rate: USD→EUR 0.8684 as of Jun 01, 2026");
    expect(staleRatesNote([rate("USDEUR=X", null)])).toBeNull();
    expect(staleRatesNote(undefined)).toBeNull();
    expect(staleRatesNote([rate("GBPEUR=X", "out-of-date"), { ...rate("USDEUR=X", "out-of-date"), asOf: null }])).toBe(
      "Last known exchange rates: GBP→EUR 0.8684 as of Jun 01, 2026, USD→EUR 0.8684 as of Jun 01, 2026",
    );
  });
});

describe("formatCurrencyOrNA", () => {
  it("shows NA for a value that is not > 0", () => {
    expect(formatCurrencyOrNA(0)).toBe("NA");
    expect(formatCurrencyOrNA(-3)).toBe("NA");
    expect(formatCurrencyOrNA(null)).toBe("NA");
    expect(formatCurrencyOrNA(undefined)).toBe("NA");
    expect(formatCurrencyOrNA(Number.NaN)).toBe("NA");
  });
  it("shows money otherwise", () => {
    expect(formatCurrencyOrNA(0.01)).toBe("$0.01");
  });
});

describe("formatPercent", () => {
  it("has no decimals when whole", () => {
    expect(formatPercent(12)).toBe("12%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(-5)).toBe("-5%");
  });
  it("has 2 decimals otherwise", () => {
    expect(formatPercent(12.5)).toBe("12.50%");
    expect(formatPercent(33.3333)).toBe("33.33%");
  });
  it("judges 'whole' after rounding to the 2 decimals shown", () => {
    expect(formatPercent(12.001)).toBe("12%");
    expect(formatPercent(-0.001)).toBe("0%");
    expect(formatPercent(6.329)).toBe("6.33%");
  });
  it("groups thousands", () => {
    expect(formatPercent(1250)).toBe("1,250%");
    expect(formatPercent(126179.257)).toBe("126,179.26%");
  });
});

describe("formatDate", () => {
  it("shows 'MMM dd, yyyy'", () => {
    expect(formatDate("2024-01-05")).toBe("Jan 05, 2024");
    expect(formatDate("2023-12-31")).toBe("Dec 31, 2023");
  });
  it("reads the calendar day of a timestamp without shifting it by time zone", () => {
    expect(formatDate("2024-03-01T23:30:00.000Z")).toBe("Mar 01, 2024");
  });
  it("leaves text that is not a date as it is", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate("2024-13-01")).toBe("2024-13-01");
  });
});

describe("formatQuantity", () => {
  it("groups thousands and keeps fractions", () => {
    expect(formatQuantity(1000)).toBe("1,000");
    expect(formatQuantity(0.125)).toBe("0.125");
  });
});
