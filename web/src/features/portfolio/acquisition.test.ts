import { describe, expect, it } from "vitest";
import { acquisitionPresets, closeFailureNote, closeNote, localIsoDate, priceText } from "./acquisition.ts";

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

describe("the suggested purchase price", () => {
  it("is the as-traded close to the cent, as shown and saved; under one unit, four significant digits", () => {
    expect(priceText(445.78999328613281)).toBe("445.79");
    expect(priceText(43.41800308227539)).toBe("43.42");
    expect(priceText(108.2)).toBe("108.20");
    expect(priceText(0.0034567)).toBe("0.003457");
    expect(priceText(0)).toBe("");
  });
  it("says which day's close it is, and the day used when the asked one had no trading", () => {
    expect(closeNote({ date: "2023-09-11" }, "2023-09-11")).toBe("Close on Sep 11, 2023 (as traded)");
    expect(closeNote({ date: "2023-09-08" }, "2023-09-10")).toBe(
      "Close on Sep 08, 2023 (as traded), the last trading day before Sep 10, 2023",
    );
  });
  it("says why there is none, and asks for the price paid", () => {
    expect(closeFailureNote(404, "ZZZ", "2020-01-02")).toBe("No close found for ZZZ on or before Jan 02, 2020: type the price you paid.");
    expect(closeFailureNote(400, "NVDA", "2030-01-02")).toBe("No close for this date: type the price you paid.");
    expect(closeFailureNote("FETCH_ERROR", "NVDA", "2020-01-02")).toBe("The close could not be loaded: type the price you paid.");
  });
});
