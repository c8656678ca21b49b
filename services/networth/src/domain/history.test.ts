import { describe, expect, it } from "vitest";
import { type WeekSnapshot, weeklyHistory } from "./history.ts";

const ms = (iso: string) => Date.parse(iso);
const snap = (year: number, week: number, networth: number, at: string): WeekSnapshot => ({ year, week, networth, at });
const compact = (entries: ReturnType<typeof weeklyHistory>) => entries.map((e) => [`${e.year}-${e.week}`, e.data.networth]);

describe("weeklyHistory", () => {
  it("has one entry per week from the first portfolio to now, carrying values forward", () => {
    // first portfolio Monday 2024-01-01 (2024-W01); values in W01 and W03; now Friday 2024-02-02 (W05)
    const entries = weeklyHistory(
      [snap(2024, 1, 100, "2024-01-01T10:00:00.000Z"), snap(2024, 3, 200, "2024-01-17T10:00:00.000Z")],
      ms("2024-01-01T09:00:00Z"),
      ms("2024-02-02T12:00:00Z"),
      "USD",
    );
    expect(compact(entries)).toEqual([
      ["2024-1", 100],
      ["2024-2", 100],
      ["2024-3", 200],
      ["2024-4", 200],
      ["2024-5", 200],
    ]);
    expect(entries[0]).toEqual({ year: 2024, week: 1, data: { networth: 100 }, currency: "USD" });
  });

  it("keeps the latest value computed in a week", () => {
    const entries = weeklyHistory(
      [snap(2024, 1, 150, "2024-01-05T10:00:00.000Z"), snap(2024, 1, 100, "2024-01-02T10:00:00.000Z")],
      ms("2024-01-01T09:00:00Z"),
      ms("2024-01-06T12:00:00Z"),
      "USD",
    );
    expect(compact(entries)).toEqual([["2024-1", 150]]);
  });

  it("shows 0 for weeks before the first computation", () => {
    // saved on Sunday 2024-01-07 (W01), first computed on Monday 2024-01-08 (W02)
    const entries = weeklyHistory(
      [snap(2024, 2, 500, "2024-01-08T00:00:01.000Z")],
      ms("2024-01-07T23:59:59Z"),
      ms("2024-01-10T00:00:00Z"),
      "USD",
    );
    expect(compact(entries)).toEqual([
      ["2024-1", 0],
      ["2024-2", 500],
    ]);
  });

  it("crosses a year with 53 weeks", () => {
    // 2020-12-21 is 2020-W52; now 2021-01-05 is 2021-W01
    const entries = weeklyHistory(
      [snap(2020, 52, 10, "2020-12-21T10:00:00.000Z")],
      ms("2020-12-21T09:00:00Z"),
      ms("2021-01-05T00:00:00Z"),
      "USD",
    );
    expect(compact(entries)).toEqual([
      ["2020-52", 10],
      ["2020-53", 10],
      ["2021-1", 10],
    ]);
  });

  it("is empty for a user who never had a counted portfolio, even with computed values", () => {
    expect(weeklyHistory([], null, ms("2024-01-10T00:00:00Z"), "USD")).toEqual([]);
    expect(weeklyHistory([snap(2024, 2, 0, "2024-01-09T00:00:00.000Z")], null, ms("2024-01-10T00:00:00Z"), "USD")).toEqual([]);
  });

  it("ignores values from before the first portfolio's week and after now's", () => {
    const entries = weeklyHistory(
      [
        snap(2024, 1, 0, "2024-01-02T00:00:00.000Z"),
        snap(2024, 2, 7, "2024-01-09T00:00:00.000Z"),
        snap(2024, 9, 9, "2024-02-27T00:00:00.000Z"),
      ],
      ms("2024-01-09T00:00:00Z"),
      ms("2024-01-16T00:00:00Z"),
      "USD",
    );
    expect(compact(entries)).toEqual([
      ["2024-2", 7],
      ["2024-3", 7],
    ]);
  });

  it("keeps each week in the currency it was computed in across a base-currency change", () => {
    // first portfolio Monday 2024-01-01 (W01), computed in dollars in W02 ($1,000) and W03 ($1,100); the user picks
    // euros in W04 (€950); now 2024-02-02 (W05), carried forward. Before the first computation (W01) the 0 is in
    // the first computation's currency.
    const entries = weeklyHistory(
      [
        { ...snap(2024, 2, 1000, "2024-01-08T10:00:00.000Z"), currency: "USD" },
        { ...snap(2024, 3, 1100, "2024-01-15T10:00:00.000Z"), currency: "USD" },
        { ...snap(2024, 4, 950, "2024-01-22T10:00:00.000Z"), currency: "EUR" },
      ],
      ms("2024-01-01T09:00:00Z"),
      ms("2024-02-02T12:00:00Z"),
      "EUR",
    );
    expect(entries.map((e) => [`${e.year}-${e.week}`, e.data.networth, e.currency])).toEqual([
      ["2024-1", 0, "USD"],
      ["2024-2", 1000, "USD"],
      ["2024-3", 1100, "USD"],
      ["2024-4", 950, "EUR"],
      ["2024-5", 950, "EUR"],
    ]);
  });

  it("reads snapshots stored before weeks recorded their currency in the fallback currency", () => {
    const entries = weeklyHistory(
      [snap(2024, 1, 100, "2024-01-01T10:00:00.000Z")],
      ms("2024-01-01T09:00:00Z"),
      ms("2024-01-09T00:00:00Z"),
      "GBP",
    );
    expect(entries.map((e) => e.currency)).toEqual(["GBP", "GBP"]);
  });
});
