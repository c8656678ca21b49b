import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chartProps } from "../../components/ApexChartStub.tsx";
import { advance, mockApi, renderApp, signedInState, testUser } from "../../test-utils.tsx";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

const calculating = { netWorth: 0, lastUpdated: null, calculating: true };
const done = { netWorth: 12345.678, lastUpdated: "2024-05-01T10:00:00.000Z", calculating: false };
const history = {
  netWorthHistory: [
    { year: 2024, week: 16, data: { networth: 11000 } },
    { year: 2024, week: 17, data: { networth: 12000 } },
  ],
};

/** Answers POST /v1/get/netWorth from a script, one reply per call (the last one repeats). */
function netWorthScript(...replies: { status?: number; body: unknown }[]) {
  let call = 0;
  return () => replies[Math.min(call++, replies.length - 1)]!;
}

// the route's module loads on real time; under fake timers the page must already be there
beforeAll(async () => {
  await import("./NetWorthPage.tsx");
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2024-05-01T10:00:00.000Z"), toFake: ["setTimeout", "clearTimeout", "Date"] });
});

describe("net-worth view", () => {
  it("shows the total in the base currency and names what it could not price now", async () => {
    mockApi({
      "POST /v1/get/netWorth": {
        body: {
          ...done,
          netWorth: 2000,
          baseCurrency: "EUR",
          stale: ["KO"],
          unpriced: [{ ticker: "VUSA.L", reason: "no-exchange-rate" }],
        },
      },
      "POST /v1/get/netWorthHistory": { body: history },
    });
    renderApp({ route: "/networth", preloadedState: signedInState() });
    await advance(0);
    expect(screen.getByRole("status", { name: "Net worth" }).textContent).toBe("€2,000.00");
    const leftOut = screen.getByRole("list", { name: "Not priced now" });
    expect(leftOut.textContent).toContain("At the last known price (market data unavailable): KO");
    expect(leftOut.textContent).toContain("Not counted: VUSA.L, no exchange rate into your base currency");
  });

  it("says which exchange rate was carried forward, with its date, and shows the weeks in the base currency", async () => {
    // the shared data's monthly rates end with June 2026 while stock closes run into July (docs/numbers.md "Currencies")
    const rates = [{ pair: "USDEUR=X", rate: 0.8684, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" }];
    mockApi({
      "POST /v1/get/netWorth": { body: { ...done, netWorth: 28696.63, baseCurrency: "EUR", stale: [], unpriced: [], rates } },
      "POST /v1/get/netWorthHistory": { body: history },
    });
    renderApp({ route: "/networth", preloadedState: signedInState() });
    await advance(0);
    expect(screen.getByRole("status", { name: "Net worth" }).textContent).toBe("€28,696.63");
    expect(screen.getByRole("list", { name: "Not priced now" }).textContent).toBe(
      "Last known exchange rate: USD→EUR 0.8684 as of Jun 01, 2026",
    );
    // the chart's table: the 'Now' bar is the net worth just computed, in euros like the total above it
    const table = screen.getByRole("table");
    expect(within(table).getByText("€28,696.63")).toBeTruthy();
    expect(within(table).queryByText(/\$/)).toBeNull();
  });

  it("after a base-currency change keeps the older weeks in their own currency: not drawn on the euro axis, said under it", async () => {
    // weeks 14–16 computed in dollars, 17 and now in euros (the user changed currency in week 17)
    mockApi({
      "POST /v1/get/netWorth": { body: { ...done, netWorth: 10250.5, baseCurrency: "EUR", stale: [], unpriced: [], rates: [] } },
      "POST /v1/get/netWorthHistory": {
        body: {
          netWorthHistory: [
            { year: 2024, week: 14, data: { networth: 10000 }, currency: "USD" },
            { year: 2024, week: 15, data: { networth: 10500 }, currency: "USD" },
            { year: 2024, week: 16, data: { networth: 11000 }, currency: "USD" },
            { year: 2024, week: 17, data: { networth: 10100 }, currency: "EUR" },
            { year: 2024, week: 18, data: { networth: 10100 }, currency: "EUR" },
          ],
        },
      },
    });
    renderApp({ route: "/networth", preloadedState: signedInState() });
    await advance(0);
    const figure = screen.getByRole("figure", { name: "Net worth by week" });
    const chart = chartProps(figure);
    expect(chart?.categories).toEqual(["2024-W14", "2024-W15", "2024-W16", "2024-W17", "Now"]);
    // the dollar weeks are not drawn as euros
    expect(chart?.series).toEqual([{ name: "Net worth", data: [null, null, null, 10100, 10250.5] }]);
    // the table keeps every week in the currency it was computed in
    const rows = within(within(figure).getByRole("table"))
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "WeekNet worth",
      "2024-W14$10,000.00",
      "2024-W15$10,500.00",
      "2024-W16$11,000.00",
      "2024-W17€10,100.00",
      "Now€10,250.50",
    ]);
    expect(screen.getByText(/not drawn in EUR/).textContent).toBe(
      "Weeks computed in another base currency are not drawn in EUR: 2024-W14 to 2024-W16 in USD (last $11,000.00).",
    );
  });

  it("shows 'Calculating…', polls after 2 s then every 5 s, then the number and the 'Now' bar", async () => {
    const api = mockApi({
      "POST /v1/get/netWorth": netWorthScript({ body: calculating }, { body: calculating }, { body: done }),
      "POST /v1/get/netWorthHistory": { body: history },
    });
    const { container } = renderApp({ route: "/networth", preloadedState: signedInState() });
    await advance(0);

    expect(screen.getByText("Calculating…")).toBeTruthy();
    expect(api.callsTo("POST /v1/get/netWorth").map((c) => c.body)).toEqual([{ force: false }]);
    await advance(1_999);
    expect(api.callsTo("POST /v1/get/netWorth")).toHaveLength(1);
    await advance(1);
    expect(api.callsTo("POST /v1/get/netWorth")).toHaveLength(2);
    expect(screen.getByText("Calculating…")).toBeTruthy();
    await advance(5_000);
    expect(api.callsTo("POST /v1/get/netWorth")).toHaveLength(3);

    // $ and 2 decimals: 12345.678 → $12,345.68
    expect(screen.getByRole("status", { name: "Net worth" }).textContent).toBe("$12,345.68");
    expect(screen.queryByText("Calculating…")).toBeNull();
    const chart = chartProps(screen.getByRole("figure", { name: "Net worth by week" }));
    expect(chart?.type).toBe("bar");
    expect(chart?.categories).toEqual(["2024-W16", "Now"]);
    // the 'Now' bar shows the value just computed
    expect(chart?.series).toEqual([{ name: "Net worth", data: [11000, 12345.678] }]);

    await advance(60_000);
    expect(api.callsTo("POST /v1/get/netWorth")).toHaveLength(3);
    // a computation happened during the visit: the history is read again
    expect(api.callsTo("POST /v1/get/netWorthHistory").length).toBeGreaterThanOrEqual(2);
    expect(container.querySelector(".networth-value")).toBeTruthy();
  });

  it("stops polling on an error and says so", async () => {
    const api = mockApi({
      "POST /v1/get/netWorth": netWorthScript({ body: calculating }, { status: 503, body: { error: "down", code: "unavailable" } }),
      "POST /v1/get/netWorthHistory": { body: history },
    });
    renderApp({ route: "/networth", preloadedState: signedInState() });
    await advance(0);
    await advance(2_000);
    expect(screen.getByRole("alert").textContent).toBe("Your net worth could not be loaded. Please try again.");
    await advance(60_000);
    expect(api.callsTo("POST /v1/get/netWorth")).toHaveLength(2);
  });

  it("gives up after 120 s and offers to check again with a forced recompute", async () => {
    const api = mockApi({
      "POST /v1/get/netWorth": netWorthScript({ body: calculating }),
      "POST /v1/get/netWorthHistory": { body: history },
    });
    renderApp({ route: "/networth", preloadedState: signedInState() });
    await advance(0);
    await advance(120_000);
    // 0 s, 2 s, then every 5 s up to 117 s: 1 + 24 calls
    expect(api.callsTo("POST /v1/get/netWorth")).toHaveLength(25);
    expect(screen.getByRole("alert").textContent).toBe("Your net worth is still being calculated. Check again in a minute.");
    await advance(60_000);
    expect(api.callsTo("POST /v1/get/netWorth")).toHaveLength(25);

    api.handlers["POST /v1/get/netWorth"] = { body: done };
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    await advance(0);
    expect(api.callsTo("POST /v1/get/netWorth").at(-1)!.body).toEqual({ force: true });
    expect(screen.getByRole("status", { name: "Net worth" }).textContent).toBe("$12,345.68");
  });

  it("a ready value shows at once, and the server is asked again for the achievement it counts", async () => {
    localStorage.setItem("achievement_state", JSON.stringify({ value: { uid: testUser.uid, step: 5 }, ttl: -1, last_updated: 0 }));
    const api = mockApi({
      "POST /v1/get/netWorth": { body: done },
      "POST /v1/get/netWorthHistory": { body: history },
      "POST /v1/get/achievement-state": { body: { achievement_state: 6 } },
    });
    renderApp({ route: "/networth", preloadedState: signedInState() });
    await advance(0);
    expect(screen.getByRole("status", { name: "Net worth" }).textContent).toBe("$12,345.68");
    expect(api.callsTo("POST /v1/get/netWorth")).toHaveLength(1);
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(0);
    // the stored progress (5 steps) is the baseline; a second later the server has counted the check (6)
    await advance(1_000);
    // the check goes out a second later; its answer can take a few more ticks on a busy machine
    for (let i = 0; i < 20 && !screen.queryByRole("complementary", { name: "Achievements" }); i++) await advance(250);
    const panel = screen.getByRole("complementary", { name: "Achievements" });
    expect(within(panel).getByText("6 of 8 steps done")).toBeTruthy();
    expect(api.callsTo("POST /v1/get/netWorthHistory")).toHaveLength(1);
  });

  it("asks a visitor to log in", async () => {
    mockApi();
    renderApp({ route: "/networth" });
    await advance(0);
    expect(screen.getByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(localStorage.getItem("preLoginUrl")).toBe("/networth");
  });
});
