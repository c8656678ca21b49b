import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { advance, mockApi, renderApp, signedInState } from "../../test-utils.tsx";
import { formatChange } from "./Movers.tsx";
import { BIGGEST_MOVERS_TTL_MS } from "./moversApi.ts";

const HOUR = 60 * 60 * 1000;
const movers = {
  result: "ok",
  biggest_movers: { NVDA: 12.3, BND: -3, VTI: 0.456 },
  report: "NVDA rose 12.30% over the month; BND fell 3%.",
  sources: ["NVDA: daily closes, market data", "BND: daily closes, market data"],
  most_volatile: "NVDA",
  most_quantity: "BND",
};

// the route's module loads on real time; under fake timers it must already be there
beforeAll(async () => {
  await import("./MoversPage.tsx");
});

function cached(value: unknown, ageMs: number) {
  localStorage.setItem("biggest_movers", JSON.stringify({ value, ttl: HOUR, last_updated: Date.now() - ageMs }));
}

describe("biggest movers", () => {
  it("shows the change per holding, the report, sources, most volatile and most quantity, and keeps it an hour", async () => {
    const api = mockApi({ "POST /v1/biggest-movers": { body: movers } });
    renderApp({ route: "/movers", preloadedState: signedInState() });
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["NVDA+12.30%", "BND-3%", "VTI+0.46%"]);
    expect(screen.getByText("NVDA rose 12.30% over the month; BND fell 3%.")).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(movers.sources);
    expect(screen.getByText("Most volatile").nextSibling?.textContent).toBe("NVDA");
    expect(screen.getByText("Largest quantity").nextSibling?.textContent).toBe("BND");
    expect(api.callsTo("POST /v1/biggest-movers")[0]!.authorization).toBe("Bearer token-ann");

    const stored = JSON.parse(localStorage.getItem("biggest_movers")!);
    expect(stored.value).toEqual(movers);
    expect(stored.ttl).toBe(BIGGEST_MOVERS_TTL_MS);
    expect(BIGGEST_MOVERS_TTL_MS).toBe(HOUR);
  });

  it("uses the stored answer while it is under an hour old", async () => {
    cached({ ...movers, report: "From the cache." }, HOUR - 60_000);
    const api = mockApi();
    renderApp({ route: "/movers", preloadedState: signedInState() });
    expect(await screen.findByText("From the cache.")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("asks again once the stored answer is an hour old", async () => {
    cached({ ...movers, report: "Stale." }, HOUR);
    const api = mockApi({ "POST /v1/biggest-movers": { body: movers } });
    renderApp({ route: "/movers", preloadedState: signedInState() });
    expect(await screen.findByText(movers.report)).toBeTruthy();
    expect(api.callsTo("POST /v1/biggest-movers")).toHaveLength(1);
  });

  it("a page left open asks again when the hour is up", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    cached({ ...movers, report: "From the cache." }, 0);
    const api = mockApi({ "POST /v1/biggest-movers": { body: movers } });
    renderApp({ route: "/movers", preloadedState: signedInState() });
    // the store tells React on an animation frame, which runs on real time: vi.waitFor lets it pass
    await vi.waitFor(() => screen.getByText("From the cache."));
    await advance(HOUR - 60_000);
    expect(api.callsTo("POST /v1/biggest-movers")).toHaveLength(0);
    await advance(60_000);
    expect(api.callsTo("POST /v1/biggest-movers")).toHaveLength(1);
    await vi.waitFor(() => screen.getByText(movers.report));
  });

  it("ignores a nok answer: nothing shown, nothing stored", async () => {
    mockApi({ "POST /v1/biggest-movers": { body: { result: "nok" } } });
    renderApp({ route: "/movers", preloadedState: signedInState() });
    expect(await screen.findByText("No movers to show right now.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(localStorage.getItem("biggest_movers")).toBeNull();
  });

  it("formats changes with a sign and the spec's percent rule", () => {
    expect(formatChange(12)).toBe("+12%");
    expect(formatChange(-0.5)).toBe("-0.50%");
    expect(formatChange(0)).toBe("0%");
    expect(formatChange(7.126)).toBe("+7.13%");
  });
});

describe("biggest movers with stale and unpriced prices", () => {
  const partial = {
    result: "ok",
    biggest_movers: { AAA: -10 },
    report: "AAA fell 10%.",
    sources: [],
    most_volatile: "AAA",
    most_quantity: "AAA",
    pricesAsOf: "2026-07-13",
    stale: [
      { ticker: "BBB", priceDate: "2026-07-13", reason: "last-known", change: 5, month: "2026-07" },
      { ticker: "OLD", priceDate: "2026-06-30", reason: "out-of-date", change: 25, month: "2026-06" },
    ],
    unpriced: [
      { ticker: "ZZZ", reason: "unknown-ticker" },
      { ticker: "YYY", reason: "unavailable" },
    ],
  };

  it("marks each stale change with its price date, lists the unpriced holdings with why, and keeps neither in the ranking", async () => {
    mockApi({ "POST /v1/biggest-movers": { body: partial } });
    renderApp({ route: "/movers", preloadedState: signedInState() });
    const table = await screen.findByRole("table");
    // only AAA is a current move
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["AAA-10%"]);
    const stale = screen.getByRole("heading", { name: "Stale prices, not counted as current moves" }).nextElementSibling as HTMLElement;
    expect(
      within(stale)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "BBB +5% in July 2026, price as of Jul 13, 2026 (last known)",
      "OLD +25% in June 2026, price as of Jun 30, 2026 (out of date)",
    ]);
    const unpriced = screen.getByRole("heading", { name: "Not priced" }).nextElementSibling as HTMLElement;
    expect(
      within(unpriced)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["ZZZ: no market-data provider knows the ticker", "YYY: no market-data provider could price it now"]);
    // an answer with a last known price waits on a provider: shown, not stored
    expect(localStorage.getItem("biggest_movers")).toBeNull();
  });

  it("shows stale and unpriced holdings when none has a current price, and stores an answer that waits on no provider", async () => {
    const none = {
      ...partial,
      biggest_movers: {},
      report: "None of your holdings has a current price.",
      most_volatile: null,
      stale: [partial.stale[1]],
      unpriced: [partial.unpriced[0]],
    };
    mockApi({ "POST /v1/biggest-movers": { body: none } });
    renderApp({ route: "/movers", preloadedState: signedInState() });
    expect(await screen.findByText("OLD")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getAllByText("None of your holdings has a current price.")).toHaveLength(2);
    expect(screen.queryByText("Add assets to a portfolio to see how they move.")).toBeNull();
    expect(screen.getByText("price as of Jun 30, 2026 (out of date)")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem("biggest_movers")!).value).toEqual(none);
  });
});
