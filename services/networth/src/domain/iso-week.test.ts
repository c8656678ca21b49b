import { describe, expect, it } from "vitest";
import { isoWeek, weekKey, weekStart } from "./iso-week.ts";

const at = (date: string) => Date.parse(`${date}T12:00:00Z`);

describe("isoWeek", () => {
  it.each([
    // Sunday 3 January 2021 ends the week of Thursday 31 December 2020: 2020's 53rd week
    ["2021-01-03", 2020, 53],
    ["2021-01-04", 2021, 1],
    ["2020-12-31", 2020, 53],
    // Monday 30 December 2019 starts the week of Thursday 2 January 2020
    ["2019-12-30", 2020, 1],
    ["2019-12-29", 2019, 52],
    ["2024-12-30", 2025, 1],
    // 1 January 2026 is a Thursday: week 1; 2026 then has 53 weeks, so Friday 1 January 2027 is 2026-W53
    ["2026-01-01", 2026, 1],
    ["2027-01-01", 2026, 53],
    ["2027-01-04", 2027, 1],
    ["2016-01-03", 2015, 53],
    ["2023-06-15", 2023, 24],
    ["2024-12-29", 2024, 52],
  ])("%s is %i-W%i", (date, year, week) => {
    expect(isoWeek(at(date))).toEqual({ year, week });
  });

  it("changes at Monday 00:00 UTC", () => {
    expect(isoWeek(Date.parse("2021-01-03T23:59:59.999Z"))).toEqual({ year: 2020, week: 53 });
    expect(isoWeek(Date.parse("2021-01-04T00:00:00.000Z"))).toEqual({ year: 2021, week: 1 });
  });
});

describe("weekStart and weekKey", () => {
  it("weekStart is the Monday 00:00 UTC of the week", () => {
    expect(new Date(weekStart(at("2021-01-03"))).toISOString()).toBe("2020-12-28T00:00:00.000Z");
    expect(new Date(weekStart(Date.parse("2021-01-04T00:00:00Z"))).toISOString()).toBe("2021-01-04T00:00:00.000Z");
  });

  it("weekKey sorts as the weeks do", () => {
    expect(weekKey({ year: 2020, week: 53 })).toBe("2020-W53");
    expect(weekKey({ year: 2021, week: 1 })).toBe("2021-W01");
    expect(["2021-W01", "2020-W53", "2021-W10"].sort()).toEqual(["2020-W53", "2021-W01", "2021-W10"]);
  });
});
