import { describe, expect, it } from "vitest";
import { assetProblem, isCalendarDate, latestPurchaseDate } from "../src/asset-rules.ts";

const today = "2026-11-23";
const ok = { quantity: 10, PoA: 100, DoA: "2024-01-02", fee: null };
const problem = (over: Partial<typeof ok> | Record<string, unknown>, isNew = true) =>
  assetProblem({ ...ok, ...over } as never, today, isNew);

describe("an asset's rules, in the spec's order", () => {
  it("accepts a plain purchase, numeric text, and 0 units for an asset already held", () => {
    expect(problem({})).toBeNull();
    expect(problem({ quantity: " 1.5 " })).toBeNull();
    expect(problem({ quantity: 0 }, false)).toBeNull();
    expect(problem({ quantity: "abc" }, false)).toBeNull();
  });

  it("needs a quantity for a new asset ('Quantity missing'), within 0..1e9", () => {
    expect(problem({ quantity: 0 })).toBe("quantityMissing");
    expect(problem({ quantity: "abc" })).toBe("quantityMissing");
    expect(problem({ quantity: -1 }, false)).toBe("quantityRange");
    expect(problem({ quantity: 1e308 }, false)).toBe("quantityRange");
    expect(problem({ quantity: "1e400" }, false)).toBe("quantityRange");
    expect(problem({ quantity: 1e9 })).toBeNull();
    expect(problem({ quantity: 1e9 + 1 })).toBe("quantityRange");
  });

  it("needs a real purchase date from 1970 to today, a day of slack for time zones", () => {
    expect(problem({ DoA: "" })).toBe("dateMissing");
    expect(problem({ DoA: "2021-02-30" })).toBe("dateInvalid");
    expect(problem({ DoA: "2021-13-01" })).toBe("dateInvalid");
    expect(problem({ DoA: "0001-01-01" })).toBe("dateTooEarly");
    expect(problem({ DoA: "1970-01-01" })).toBeNull();
    expect(problem({ DoA: "2026-11-24" })).toBeNull();
    expect(problem({ DoA: "2026-11-25" })).toBe("dateInFuture");
    expect(problem({ DoA: "9999-12-31" })).toBe("dateInFuture");
  });

  it("needs a purchase price above 0 ('Purchase price missing') and at most 1e9", () => {
    expect(problem({ PoA: 0 })).toBe("priceMissing");
    expect(problem({ PoA: -5 })).toBe("priceMissing");
    expect(problem({ PoA: 1e9 })).toBeNull();
    expect(problem({ PoA: 1e9 + 1 })).toBe("priceTooHigh");
    // above 0 but so small that price ÷ purchase price overflows
    expect(problem({ PoA: 5e-324 })).toBe("priceTooLow");
    expect(problem({ PoA: 1e-12 })).toBeNull();
  });

  it("takes a fee as a percent from 0 to 100, as a number or '0.03%'", () => {
    expect(problem({ fee: 0.03 })).toBeNull();
    expect(problem({ fee: "0.03%" })).toBeNull();
    expect(problem({ fee: "" })).toBeNull();
    expect(problem({ fee: 101 })).toBe("feeRange");
    expect(problem({ fee: -1 })).toBe("feeRange");
    expect(problem({ fee: "lots" })).toBe("feeRange");
  });

  it("checks the quantity before the date and the date before the price", () => {
    expect(problem({ quantity: 0, DoA: "", PoA: 0 })).toBe("quantityMissing");
    expect(problem({ DoA: "", PoA: 0 })).toBe("dateMissing");
  });
});

describe("calendar dates", () => {
  it("knows leap years and month lengths", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("2024-04-31")).toBe(false);
    expect(isCalendarDate("24-01-01")).toBe(false);
    expect(latestPurchaseDate("2026-12-31")).toBe("2027-01-01");
  });
});
