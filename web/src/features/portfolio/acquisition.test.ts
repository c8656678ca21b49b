import { describe, expect, it } from "vitest";
import { acquisitionPresets, localIsoDate, purchasePriceOn } from "./acquisition.ts";

describe("acquisition presets (spec §5)", () => {
  it("1 is today; 2 to 5 are 1 January of 1 to 4 years back", () => {
    expect(acquisitionPresets(new Date(2026, 10, 22, 0, 5))).toEqual([
      { label: "Today", date: "2026-11-22" },
      { label: "1 Jan 2025", date: "2025-01-01" },
      { label: "1 Jan 2024", date: "2024-01-01" },
      { label: "1 Jan 2023", date: "2023-01-01" },
      { label: "1 Jan 2022", date: "2022-01-01" },
    ]);
  });
  it("today is the local calendar day, even just before midnight", () => {
    expect(localIsoDate(new Date(2024, 0, 1, 23, 59))).toBe("2024-01-01");
    expect(acquisitionPresets(new Date(2024, 0, 1, 23, 59))[1]).toEqual({ label: "1 Jan 2023", date: "2023-01-01" });
  });
});

describe("purchasePriceOn", () => {
  const prices = { latestPrice: 210.96, historical_data: { "2024-01": 61.53, "2025-01": 120.07 } };
  const today = "2026-11-22";

  it("is the close of the chosen month", () => {
    expect(purchasePriceOn("2024-01-01", prices, today)).toBe(61.53);
    expect(purchasePriceOn("2025-01-31", prices, today)).toBe(120.07);
  });
  it("is the latest price for a date in the current month with no close yet", () => {
    expect(purchasePriceOn("2026-11-22", prices, today)).toBe(210.96);
  });
  it("is none for a past month without a close: never another month's price", () => {
    expect(purchasePriceOn("2023-06-15", prices, today)).toBeNull();
    expect(purchasePriceOn("", prices, today)).toBeNull();
    expect(purchasePriceOn("2026-11-22", { latestPrice: 0 }, today)).toBeNull();
  });
});
