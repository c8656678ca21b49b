import { describe, expect, it } from "vitest";
import { formatCurrencyOrNA, formatGain, formatMoney, formatPercent } from "./format.ts";

describe("display helpers", () => {
  it("shows money with $, 2 decimals and thousands separators", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney(-12)).toBe("-$12.00");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(999.999)).toBe("$1,000.00");
    expect(formatMoney(1234567.891)).toBe("$1,234,567.89");
    expect(formatMoney(12)).toBe("$12.00");
  });

  it("shows other currencies with their sign, or their code and a space", () => {
    expect(formatMoney(3, "EUR")).toBe("€3.00");
    expect(formatMoney(-3, "GBP")).toBe("-£3.00");
    expect(formatMoney(1234.5, "CHF")).toBe("CHF 1,234.50");
    expect(formatGain(96, 53.3, "$", "EUR")).toBe("€96.00");
  });

  it("rounds the decimal that was meant, half away from zero", () => {
    // 1.005 is 1.00499999999999989… in binary; toFixed(2) would say 1.00
    expect(formatMoney(1.005)).toBe("$1.01");
    expect(formatMoney(-2.675)).toBe("-$2.68");
    // a tiny negative rounds to zero and loses its sign
    expect(formatMoney(-0.001)).toBe("$0.00");
  });

  it("shows a whole percent without decimals and any other with 2", () => {
    expect(formatPercent(12)).toBe("12%");
    expect(formatPercent(12.345)).toBe("12.35%");
    expect(formatPercent(12.3)).toBe("12.30%");
    expect(formatPercent(-3.5)).toBe("-3.50%");
    expect(formatPercent(0)).toBe("0%");
    // whole after rounding to 2 decimals
    expect(formatPercent(11.999)).toBe("12%");
    expect(formatPercent(1250)).toBe("1,250%");
  });

  it("shows 'NA' for a currency input that is not > 0", () => {
    expect(formatCurrencyOrNA(0)).toBe("NA");
    expect(formatCurrencyOrNA(-5)).toBe("NA");
    expect(formatCurrencyOrNA(null)).toBe("NA");
    expect(formatCurrencyOrNA(undefined)).toBe("NA");
    expect(formatCurrencyOrNA(Number.NaN)).toBe("NA");
    expect(formatCurrencyOrNA(10)).toBe("$10.00");
  });

  it("shows a gain the way formatGains asks", () => {
    expect(formatGain(-12.5, -4.25, "$")).toBe("-$12.50");
    expect(formatGain(-12.5, -4.25, "%")).toBe("-4.25%");
    expect(formatGain(10, null, "%")).toBe("NA");
  });
});
