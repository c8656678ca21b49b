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
