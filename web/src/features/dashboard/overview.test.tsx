import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { chartProps } from "../../components/ApexChartStub.tsx";
import { advance, advanceUntil, assetFixture, mockApi, renderApp, signedInState, valuedAssetFixture } from "../../test-utils.tsx";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

// the route's module (and the overview's) load once, before the first test's clock starts
beforeAll(async () => {
  await import("./DashboardPage.tsx");
});

function listItem(overrides: Partial<PortfolioListItem>): PortfolioListItem {
  return {
    pname: "Growth",
    slug: "growth",
    marketValue: null,
    playGround: false,
    privateMode: false,
    historicalData: null,
    created_at: "2024-01-02T10:00:00.000Z",
    assets: [],
    provider: null,
    ...overrides,
  };
}

const growth = listItem({
  marketValue: 3800,
  assets: [
    // 10 × 300 = 3000 on a cost of 2500: +20 %
    valuedAssetFixture({ ticker: "VTI", name: "Total Market", quantity: 10, PoA: 250, latestPrice: 300 }),
    // 2 × 400 = 800 on a cost of 1000: −20 %
    valuedAssetFixture({ ticker: "QQQ", name: "Nasdaq 100", quantity: 2, PoA: 500, latestPrice: 400, index: 1 }),
  ],
});
const income = listItem({
  pname: "Income",
  slug: "income",
  created_at: "2024-02-01T10:00:00.000Z",
  marketValue: 3200,
  // 40 × 80 = 3200 on a cost of 3000: +6.67 %
  assets: [valuedAssetFixture({ ticker: "SCHD", name: "Dividend Equity", quantity: 40, PoA: 75, latestPrice: 80 })],
});

function mockDashboard(extra: Record<string, { body: unknown }> = {}) {
  return mockApi({
    "POST /v1/get/portfolios-and-assets": { body: { portfolios: { growth, income } } },
    "POST /v1/get/netWorthHistory": {
      body: {
        netWorthHistory: [
          { year: 2024, week: 18, data: { networth: 6900 } },
          { year: 2024, week: 17, data: { networth: 6500 } },
        ],
      },
    },
    "POST /v1/biggest-movers": {
      body: {
        result: "ok",
        biggest_movers: { QQQ: -4.5, VTI: 2 },
        report: "QQQ fell.",
        sources: [],
        most_volatile: "QQQ",
        most_quantity: "SCHD",
      },
    },
    "POST /v1/get/achievement-state": { body: { achievement_state: 3 } },
    ...extra,
  });
}

function assetsTable() {
  return within(screen.getByRole("region", { name: "All assets" })).getByRole("table");
}

function bodyRows() {
  return within(assetsTable())
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent?.trim()),
    );
}

function header(name: string) {
  return within(assetsTable()).getByRole("columnheader", { name: new RegExp(`^${name}`) });
}

describe("dashboard overview", () => {
  it("lists every asset across portfolios with price and performance", async () => {
    mockDashboard();
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await screen.findByRole("region", { name: "All assets" }, { timeout: 5000 }); // the overview loads on demand
    // by portfolio, then name
    expect(bodyRows()).toEqual([
      ["Growth", "QQQ Nasdaq 100", "2", "$400.00", "-20%"],
      ["Growth", "VTI Total Market", "10", "$300.00", "+20%"],
      ["Income", "SCHD Dividend Equity", "40", "$80.00", "+6.67%"],
    ]);
    expect(header("Portfolio").getAttribute("aria-sort")).toBe("ascending");
    expect(header("Price").getAttribute("aria-sort")).toBe("none");
  });

  it("sorts by a column when its header is clicked, and reverses on a second click", { timeout: 15_000 }, async () => {
    mockDashboard();
    const { user } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await screen.findByRole("region", { name: "All assets" }, { timeout: 5000 }); // the overview loads on demand
    const tickers = () => bodyRows().map((row) => row[1]!.split(" ")[0]);

    await user.click(within(header("Performance")).getByRole("button"));
    expect(header("Performance").getAttribute("aria-sort")).toBe("descending");
    expect(header("Portfolio").getAttribute("aria-sort")).toBe("none");
    expect(tickers()).toEqual(["VTI", "SCHD", "QQQ"]);

    await user.click(within(header("Performance")).getByRole("button"));
    expect(header("Performance").getAttribute("aria-sort")).toBe("ascending");
    expect(tickers()).toEqual(["QQQ", "SCHD", "VTI"]);

    await user.click(within(header("Quantity")).getByRole("button"));
    expect(tickers()).toEqual(["SCHD", "VTI", "QQQ"]);
    await user.click(within(header("Price")).getByRole("button"));
    expect(tickers()).toEqual(["QQQ", "VTI", "SCHD"]);
    await user.click(within(header("Name")).getByRole("button"));
    expect(header("Name").getAttribute("aria-sort")).toBe("ascending");
    expect(tickers()).toEqual(["SCHD", "QQQ", "VTI"]);
    await user.click(within(header("Portfolio")).getByRole("button"));
    await user.click(within(header("Portfolio")).getByRole("button"));
    expect(header("Portfolio").getAttribute("aria-sort")).toBe("descending");
    expect(tickers()[0]).toBe("SCHD");
  });

  it("draws the holdings pie by market value and the net-worth bars with 'Now' last", async () => {
    mockDashboard();
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    const pie = await screen.findByRole("figure", { name: "Holdings by market value" });
    await vi.waitFor(() => expect(chartProps(pie)).not.toBeNull());
    // largest first: SCHD 3200, VTI 3000, QQQ 800
    expect(chartProps(pie)).toMatchObject({ type: "pie", labels: ["SCHD", "VTI", "QQQ"], series: [3200, 3000, 800] });

    const bars = await screen.findByRole("figure", { name: "Net worth by week" });
    await vi.waitFor(() => expect(chartProps(bars)).not.toBeNull());
    expect(chartProps(bars)).toMatchObject({
      type: "bar",
      categories: ["2024-W17", "Now"],
      series: [{ name: "Net worth", data: [6500, 6900] }],
    });
    // the same numbers as a table for screen readers
    expect(within(bars).getByRole("cell", { name: "Now" })).toBeTruthy();
    expect(within(bars).getByRole("cell", { name: "$6,900.00" })).toBeTruthy();
  });

  it("shows the biggest movers and the achievement progress", async () => {
    mockDashboard();
    const { user } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    const movers = await screen.findByRole("region", { name: "Biggest movers" });
    expect(await within(movers).findByText("-4.50%")).toBeTruthy();
    expect(within(movers).getByText("+2%")).toBeTruthy();
    expect(within(movers).getByRole("link", { name: "Report and sources" }).getAttribute("href")).toBe("/movers");

    const achievements = await screen.findByRole("region", { name: "Achievements" });
    expect(within(achievements).getByText("3 of 8 steps done")).toBeTruthy();
    expect(within(achievements).getByText("Next: Make a portfolio public")).toBeTruthy();
    await user.click(within(achievements).getByRole("button", { name: "See all steps" }));
    expect(screen.getByRole("complementary", { name: "Achievements" })).toBeTruthy();
  });

  it("shows an asset of a revision not valued yet as being valued, asks no price, and shows the figures once the list has them", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // as saved a moment ago: no figures. The old fallback showed 10 × 300 = 3000 on 2500 (+20 %), worked out here
    const saved = listItem({ marketValue: null, assets: [assetFixture({ ticker: "VTI", name: "Total Market", quantity: 10, PoA: 250 })] });
    // valued: the server's 10 × 310 = 3100 on 2500: +24 %
    const valued = listItem({
      marketValue: 3100,
      assets: [valuedAssetFixture({ ticker: "VTI", name: "Total Market", quantity: 10, PoA: 250, latestPrice: 310 })],
    });
    let list = saved;
    const api = mockApi({
      "POST /v1/get/portfolios-and-assets": () => ({ body: { portfolios: { growth: list } } }),
      "POST /v1/get/netWorthHistory": { body: { netWorthHistory: [] } },
      "POST /v1/biggest-movers": { body: { result: "nok" } },
      "POST /v1/get/achievement-state": { body: { achievement_state: 3 } },
    });
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await screen.findByRole("region", { name: "All assets" }, { timeout: 5000 }); // the overview loads on demand
    expect(bodyRows()).toEqual([["Growth", "VTI Total Market", "Being valued…"]]);
    expect(within(screen.getByRole("article", { name: "Growth" })).getByRole("status").textContent).toBe("Being valued…");
    expect(within(screen.getByRole("region", { name: "Holdings" })).getByText("Being valued…")).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith("/v1/get/VTI"))).toHaveLength(0);

    list = valued;
    await advanceUntil(() => expect(bodyRows()).toEqual([["Growth", "VTI Total Market", "10", "$310.00", "+24%"]]), 500);
    const card = screen.getByRole("article", { name: "Growth" });
    expect(within(card).getByText("$3,100.00")).toBeTruthy();
    expect(within(card).getByText("+24%")).toBeTruthy();
    const pie = screen.getByRole("figure", { name: "Holdings by market value" });
    await vi.waitFor(() => expect(chartProps(pie)).toMatchObject({ labels: ["VTI"], series: [3100] }));
    vi.useRealTimers();
  });

  it("stops asking after a while and says the portfolio is not valued yet", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const saved = listItem({ assets: [assetFixture({ ticker: "VTI", quantity: 10, PoA: 250 })] });
    const api = mockApi({
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: { growth: saved } } },
      "POST /v1/get/netWorthHistory": { body: { netWorthHistory: [] } },
      "POST /v1/biggest-movers": { body: { result: "nok" } },
      "POST /v1/get/achievement-state": { body: { achievement_state: 3 } },
    });
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    const card = await screen.findByRole("article", { name: "Growth" });
    await advanceUntil(
      () => expect(within(card).getByRole("status").textContent).toBe("Not valued yet: open it to value it now."),
      1000,
      40_000,
    );
    const asked = api.callsTo("POST /v1/get/portfolios-and-assets").length;
    // every 2 s for 30 s: the first call and about 15 more
    expect(asked).toBeGreaterThanOrEqual(10);
    expect(asked).toBeLessThanOrEqual(18);
    await advance(10_000);
    expect(api.callsTo("POST /v1/get/portfolios-and-assets").length).toBe(asked);
    vi.useRealTimers();
  });

  it("asks for none of it while the user has no portfolio", async () => {
    const api = mockApi({ "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } } });
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await screen.findByText("You have no portfolios yet.");
    expect(api.calls.map((call) => call.path)).toEqual(["/v1/get/portfolios-and-assets"]);
    expect(screen.queryByRole("region", { name: "All assets" })).toBeNull();
  });
});
