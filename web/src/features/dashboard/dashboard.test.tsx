import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { assetFixture, mockApi, portfolioFixture, renderApp, signedInState, valuedAssetFixture } from "../../test-utils.tsx";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

// the route's module (and the overview's) load once, before the first test's clock starts
beforeAll(async () => {
  // and the portfolio page's, which a created portfolio opens
  await Promise.all([import("./DashboardPage.tsx"), import("../portfolio/PortfolioPage.tsx")]);
});

function listItem(overrides: Partial<PortfolioListItem>): PortfolioListItem {
  return {
    pname: "Three Fund",
    slug: "three-fund",
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

const threeFund = listItem({
  // cost 10 × 100.25 + 2 × 115.53 = 1002.50 + 231.06 = 1233.56; market 10 × 260 + 2 × 72 = 2600 + 144 = 2744
  marketValue: 2744,
  assets: [
    valuedAssetFixture({ quantity: 10, PoA: 100.25, latestPrice: 260 }),
    valuedAssetFixture({ ticker: "BND", quantity: 2, PoA: 115.53, latestPrice: 72, index: 1 }),
  ],
});
// cost 10 × 250 = 2500, market 10 × 260 = 2600
const tech = listItem({
  pname: "Tech",
  slug: "tech",
  created_at: "2024-02-01T10:00:00.000Z",
  marketValue: 2600,
  assets: [valuedAssetFixture({ latestPrice: 260 })],
});

/** What the overview below the cards asks for (net worth by week, movers, achievements). */
const overview = {
  "POST /v1/get/netWorthHistory": { body: { netWorthHistory: [] } },
  "POST /v1/biggest-movers": { body: { result: "nok" } },
  "POST /v1/get/achievement-state": { body: { achievement_state: 2 } },
};

function card(name: string) {
  return screen.getByRole("article", { name });
}

describe("dashboard", () => {
  it("shows the user's portfolio cards, newest first, with asset count and cost value", async () => {
    const api = mockApi({ ...overview, "POST /v1/get/portfolios-and-assets": { body: { portfolios: { "three-fund": threeFund, tech } } } });
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await screen.findByRole("article", { name: "Three Fund" });

    expect(screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent)).toEqual(["Tech", "Three Fund"]);
    expect(within(card("Three Fund")).getByText("2 assets")).toBeTruthy();
    expect(within(card("Three Fund")).getByText("$1,233.56")).toBeTruthy();
    expect(within(card("Tech")).getByText("1 asset")).toBeTruthy();
    expect(within(card("Tech")).getByText("$2,500.00")).toBeTruthy();
    expect(within(card("Tech")).getByRole("link", { name: "Tech" }).getAttribute("href")).toBe("/p/tech");
    expect(api.callsTo("POST /v1/get/portfolios-and-assets")[0]!.authorization).toBe("Bearer token-ann");
  });

  it("a card and the all-assets row count a split as the server valued it: today's shares, not the entry", async () => {
    // entered 10 NVDA @ 450 before the 10:1 split; the list carries its valuation: 100 shares × 203.53 = 20,353
    // against 4,500 paid: P/L 15,853 = +352.29 % (the raw 10 × 203.53 = 2,035.30 would say −54.77 %)
    const split = listItem({
      pname: "Split",
      slug: "split",
      marketValue: 20353,
      assets: [
        assetFixture({
          ticker: "NVDA",
          quantity: 10,
          PoA: 450,
          value: 4500,
          shares: 100,
          splitFactor: 10,
          latestPrice: 203.53,
          currency: "USD",
          marketValue: 20353,
          cost: 4500,
          dividends: 0,
          profitLoss: 15853,
          profitLossPercent: 352.29,
        }),
      ],
    });
    mockApi({ ...overview, "POST /v1/get/portfolios-and-assets": { body: { portfolios: { split } } } });
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    const splitCard = await screen.findByRole("article", { name: "Split" });
    expect(within(splitCard).getByText("$20,353.00")).toBeTruthy();
    expect(within(splitCard).getByText("$15,853.00")).toBeTruthy();
    expect(within(splitCard).getByText("+352.29%")).toBeTruthy();
    expect(within(splitCard).getByText("$4,500.00")).toBeTruthy();
    const row = (await screen.findByRole("cell", { name: "100" })).closest("tr") as HTMLElement;
    expect(within(row).getByText("NVDA")).toBeTruthy();
    expect(within(row).getByText("+352.29%")).toBeTruthy();
  });

  it("a card in another base currency shows every amount in it, and the exchange rate carried forward with its date", async () => {
    // the NVDA lot above for a EUR owner: cost 4,500 × 0.937 (Sep 2023) = 4,216.50; market 20,353 × 0.8684
    // (June 2026, the last known rate in July) = 17,674.55; P/L 17,674.55 − 4,216.50 = 13,458.05 (+319.18 %)
    const euros = listItem({
      pname: "Euros",
      slug: "euros",
      marketValue: 17674.55,
      assets: [valuedAssetFixture({ ticker: "NVDA", quantity: 10, PoA: 450, latestPrice: 203.53 })],
      figures: {
        rev: 2,
        baseCurrency: "EUR",
        valuationDate: "2026-07-13",
        pricesAsOf: "2026-07-13",
        value: 4216.5,
        marketValue: 17674.55,
        dividends: 0,
        profitLoss: 13458.05,
        priceProfitLoss: 13458.05,
        profitLossPercent: 319.18,
        twrPercent: null,
        xirrPercent: null,
        stale: [],
        unpriced: [],
        rates: [{ pair: "USDEUR=X", rate: 0.8684, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" }],
        lastRefreshed: "2026-07-13T20:00:00.000Z",
      },
    });
    mockApi({ ...overview, "POST /v1/get/portfolios-and-assets": { body: { portfolios: { euros } } } });
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    const euroCard = await screen.findByRole("article", { name: "Euros" });
    expect(within(euroCard).getByText("€17,674.55")).toBeTruthy();
    expect(within(euroCard).getByText("€13,458.05")).toBeTruthy();
    expect(within(euroCard).getByText("€4,216.50")).toBeTruthy();
    expect(within(euroCard).queryByText(/\$/)).toBeNull();
    expect(within(euroCard).getByText("Last known exchange rate: USD→EUR 0.8684 as of Jun 01, 2026")).toBeTruthy();
  });

  it("invites to create a portfolio when there is none", async () => {
    mockApi({ "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } } });
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    expect(await screen.findByText("You have no portfolios yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "New portfolio" })).toBeTruthy();
  });

  it("deletes a portfolio after confirmation and removes its card", async () => {
    const api = mockApi({
      ...overview,
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: { "three-fund": threeFund, tech } } },
      "POST /v1/delete/portfolio/tech": { body: { message: "pdeleted" } },
    });
    const { user } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await screen.findByRole("article", { name: "Tech" });

    await user.click(within(card("Tech")).getByRole("button", { name: "Delete" }));
    const confirm = screen.getByRole("dialog", { name: "Delete portfolio?" });
    expect(api.callsTo("POST /v1/delete/portfolio/tech")).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Confirm delete" }));

    await expect.poll(() => screen.queryByRole("article", { name: "Tech" })).toBeNull();
    expect(screen.getByRole("article", { name: "Three Fund" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.callsTo("POST /v1/delete/portfolio/tech")).toHaveLength(1);
  });

  it("opens login when the delete answer is anything but pdeleted", async () => {
    mockApi({
      ...overview,
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: { tech } } },
      "POST /v1/delete/portfolio/tech": { body: { message: "nok" } },
    });
    const { user } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await user.click(within(await screen.findByRole("article", { name: "Tech" })).getByRole("button", { name: "Delete" }));
    await user.click(screen.getByRole("button", { name: "Confirm delete" }));

    expect(await screen.findByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(screen.getByRole("article", { name: "Tech" })).toBeTruthy();
    expect(localStorage.getItem("preLoginUrl")).toBe("/dashboard");
  });

  it("creates a portfolio from the new-portfolio window and opens it", async () => {
    const api = mockApi({
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } },
      "POST /v1/save/portfolio/new": { body: { message: "pcreated", slug: "my-picks" } },
      "POST /v1/get/portfolio/my-picks": {
        body: {
          data: portfolioFixture({ slug: "my-picks", pName: "My Picks" }),
          has_updates: false,
          state: { notOwner: false, isAdmin: false },
        },
      },
    });
    const { user } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await user.click(await screen.findByRole("button", { name: "New portfolio" }));
    const modal = screen.getByRole("dialog", { name: "New portfolio" });
    expect((within(modal).getByRole("button", { name: "Create" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(modal).getByLabelText("Portfolio name"), "My Picks");
    await user.click(within(modal).getByRole("button", { name: "Create" }));

    expect(await screen.findByRole("heading", { name: "My Picks" })).toBeTruthy();
    expect(window.location.pathname).toBe("/p/my-picks");
    expect(screen.getByRole("status").textContent).toContain("New portfolio created!");
    expect(api.callsTo("POST /v1/save/portfolio/new")[0]!.body).toEqual({ portfolio: { assets: [] }, newPortfolioName: "My Picks" });
  });

  it("shows the server's message when creating fails", async () => {
    mockApi({
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } },
      "POST /v1/save/portfolio/new": {
        status: 400,
        body: { error: "A portfolio name has at most 100 characters", code: "validation_failed" },
      },
    });
    const { user } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await user.click(await screen.findByRole("button", { name: "New portfolio" }));
    await user.type(screen.getByLabelText("Portfolio name"), "Too long");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect((await screen.findByRole("alert")).textContent).toContain("A portfolio name has at most 100 characters");
    expect(window.location.pathname).toBe("/dashboard");
  });
});
