import { COMMUNITY_CATEGORIES } from "@folio/proto/community";
import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { assetFixture, mockApi, portfolioFixture, renderApp, signedInState } from "../../test-utils.tsx";
import { portfolioReply } from "../portfolio/portfolioFixtures.ts";
import { formatGrowth } from "./CommunityCard.tsx";
import type { CommunityCard, CommunityReply } from "./communityApi.ts";
import { sparklinePoints } from "./Sparkline.tsx";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

// the routes load their pages on demand; loading them once up front keeps the first test inside findBy's wait
beforeAll(async () => {
  await import("./CommunityPage.tsx");
  await import("../portfolio/PortfolioPage.tsx");
});

function card(over: Partial<CommunityCard>): CommunityCard {
  return {
    pName: "Steady",
    slug: "steady",
    totalValue: 1250,
    growth: 25,
    pDescription: "One fund, held.",
    allHistory: { "2024-01": 1000, "2025-06": 1100, "2026-01": 1250 },
    ...over,
  };
}

function reply(cards: Partial<Record<string, CommunityCard[]>>, totals: Record<string, number>, page = 1, pageSize = 12): CommunityReply {
  return { ...cards, pagination: { page, pageSize, totals } };
}

const article = (name: string) => screen.getByRole("article", { name });
const section = (name: string) => screen.getByRole("region", { name });

describe("community page", () => {
  it("shows the public portfolios by category: name linking to it, description, value, growth, sparkline", async () => {
    const api = mockApi({
      "GET /v1/get/communityportfolios": {
        body: reply(
          { Growth: [card({})], Dividend: [], Tech: [card({ pName: "Chips", slug: "chips", growth: -3.5, totalValue: 900.5 })] },
          { Growth: 1, Dividend: 0, Tech: 1 },
        ),
      },
    });
    renderApp({ route: "/community" });

    expect(await screen.findByRole("heading", { name: "Community", level: 1 })).toBeTruthy();
    await screen.findByRole("article", { name: "Steady" });
    // only categories with portfolios, in the community's order
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Growth", "Tech"]);
    const steady = within(section("Growth")).getByRole("article", { name: "Steady" });
    expect(within(steady).getByRole("link", { name: "Steady" }).getAttribute("href")).toBe("/p/steady");
    expect(within(steady).getByText("One fund, held.")).toBeTruthy();
    expect(within(steady).getByText("$1,250.00")).toBeTruthy();
    expect(within(steady).getByText("+25%")).toBeTruthy();
    expect(within(steady).getByRole("img", { name: "Value from 2024-01 to 2026-01" })).toBeTruthy();
    expect(within(article("Chips")).getByText("-3.50%")).toBeTruthy();
    expect(within(article("Chips")).getByText("$900.50")).toBeTruthy();
    // a visitor's call: no token, and it does not ask to log in
    expect(api.callsTo("GET /v1/get/communityportfolios")[0]).toMatchObject({ search: "", authorization: null });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says on the card an exchange rate carried forward, with its date, compactly", async () => {
    const june = { pair: "USDEUR=X", rate: 0.8684, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" as const };
    const gbp = { pair: "GBPEUR=X", rate: 1.17, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" as const };
    mockApi({
      "GET /v1/get/communityportfolios": {
        body: reply(
          {
            Growth: [
              card({ baseCurrency: "EUR", totalValue: 17674.55, rates: [june] }),
              card({ pName: "Two", slug: "two", baseCurrency: "EUR", rates: [june, gbp] }),
              card({ pName: "Current", slug: "current" }),
            ],
          },
          { Growth: 3 },
        ),
      },
    });
    renderApp({ route: "/community" });
    await screen.findByRole("article", { name: "Steady" });
    expect(within(article("Steady")).getByText("€17,674.55")).toBeTruthy();
    expect(within(article("Steady")).getByText(/^Last known/).textContent).toBe("Last known rate: USD→EUR, Jun 01, 2026");
    expect(within(article("Two")).getByText(/^Last known/).textContent).toBe("Last known rates: USD→EUR, GBP→EUR, Jun 01, 2026");
    expect(within(article("Current")).queryByText(/^Last known/)).toBeNull();
  });

  it("pages through a category with more portfolios than a page holds", async () => {
    const firstPage = Array.from({ length: 12 }, (_, i) => card({ pName: `Fund ${i + 1}`, slug: `fund-${i + 1}` }));
    const api = mockApi({
      "GET /v1/get/communityportfolios": (call) =>
        call.search === ""
          ? { body: reply({ Growth: firstPage }, { Growth: 13 }) }
          : { body: reply({ Growth: [card({ pName: "Fund 13", slug: "fund-13" })] }, { Growth: 13 }, 2) },
    });
    const { user } = renderApp({ route: "/community" });
    await screen.findByRole("article", { name: "Fund 1" });
    const pager = screen.getByRole("navigation", { name: "Growth pages" });
    expect(within(pager).getByText("Page 1 of 2")).toBeTruthy();
    expect(within(pager).getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(true);

    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("article", { name: "Fund 13" })).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Fund 1" })).toBeNull();
    expect(within(pager).getByText("Page 2 of 2")).toBeTruthy();
    expect(api.callsTo("GET /v1/get/communityportfolios").map((c) => c.search)).toEqual(["", "?category=Growth&page=2&pageSize=12"]);

    await user.click(within(pager).getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("article", { name: "Fund 1" })).toBeTruthy();
  });

  it("says so when nothing is public yet, and when the list cannot be loaded", async () => {
    mockApi({ "GET /v1/get/communityportfolios": { body: reply({ Growth: [] }, { Growth: 0 }) } });
    renderApp({ route: "/community" });
    expect(await screen.findByText(/No public portfolios yet/)).toBeTruthy();
  });

  it("reports a failed load", async () => {
    mockApi({ "GET /v1/get/communityportfolios": { status: 503, body: { error: "down" } } });
    renderApp({ route: "/community" });
    expect((await screen.findByRole("alert")).textContent).toBe("The community could not be loaded. Please try again.");
  });

  it("is linked from the top bar", async () => {
    mockApi({ "GET /v1/get/communityportfolios": { body: reply({}, {}) } });
    const { user } = renderApp({ route: "/" });
    await user.click(screen.getByRole("link", { name: "Community" }));
    expect(await screen.findByRole("heading", { name: "Community", level: 1 })).toBeTruthy();
    expect(window.location.pathname).toBe("/community");
  });
});

describe("community cards", () => {
  it("show growth with its sign, and NA without prices", () => {
    expect(formatGrowth(25)).toBe("+25%");
    expect(formatGrowth(12.5)).toBe("+12.50%");
    expect(formatGrowth(-3)).toBe("-3%");
    expect(formatGrowth(0)).toBe("0%");
    expect(formatGrowth(null)).toBe("NA");
  });

  it("draw the history scaled to the box, and no line with fewer than 2 months", () => {
    // 1000 → 1500 → 1250 over 100 × 40: x 0, 50, 100; y 40 (min), 0 (max), 20 (halfway)
    expect(sparklinePoints({ "2024-03": 1250, "2024-01": 1000, "2024-02": 1500 }, 100, 40)).toBe("0,40 50,0 100,20");
    expect(sparklinePoints({ "2024-01": 5, "2024-02": 5 }, 100, 40)).toBe("0,20 100,20");
    expect(sparklinePoints({ "2024-01": 5 }, 100, 40)).toBeNull();
    expect(sparklinePoints({}, 100, 40)).toBeNull();
  });
});

describe("visitor samples on the dashboard", () => {
  it("shows the three samples to a visitor, each opening its portfolio", async () => {
    const api = mockApi({
      "GET /v1/get/communityportfolios": {
        body: reply(
          {
            Dividend: [card({ pName: "Dividend Income", slug: "sample-dividend-income" })],
            Index: [card({ pName: "Three-Fund Portfolio", slug: "sample-three-fund" })],
            Tech: [card({ pName: "Tech Stocks", slug: "sample-tech-stocks" })],
          },
          { Dividend: 1, Index: 1, Tech: 1 },
        ),
      },
    });
    const { user } = renderApp({ route: "/dashboard" });
    // the dashboard invites a visitor to log in, without opening the window by itself
    const samples = await screen.findByRole("region", { name: "Sample portfolios" });
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(within(screen.getByRole("main")).getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(localStorage.getItem("preLoginUrl")).toBe("/dashboard");
    await user.click(within(screen.getByRole("dialog", { name: "Log in" })).getByRole("button", { name: "Close" }));
    expect(
      within(samples)
        .getAllByRole("article")
        .map((a) => within(a).getByRole("heading").textContent),
    ).toEqual(["Three-Fund Portfolio", "Tech Stocks", "Dividend Income"]);
    expect(within(samples).getByRole("link", { name: "Tech Stocks" }).getAttribute("href")).toBe("/p/sample-tech-stocks");
    expect(api.callsTo("GET /v1/get/communityportfolios")[0]?.search).toBe("?samples=true");
  });

  it("date the prices they are valued at when those are older than yesterday, and show each card's currency", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-27T10:00:00Z") });
    mockApi({
      "GET /v1/get/communityportfolios": {
        body: reply(
          {
            Index: [card({ pName: "Three-Fund Portfolio", slug: "sample-three-fund", pricesAsOf: "2026-07-13" })],
            Tech: [card({ pName: "Tech Stocks", slug: "sample-tech-stocks", pricesAsOf: "2026-07-10", baseCurrency: "EUR" })],
          },
          { Index: 1, Tech: 1 },
        ),
      },
    });
    renderApp({ route: "/dashboard" });
    const samples = await screen.findByRole("region", { name: "Sample portfolios" });
    // July prices in November: never "valued at today's prices"
    expect(samples.textContent).toContain(
      "Real portfolios: open one to see how it did, or copy it once you log in. Prices as of Jul 13, 2026.",
    );
    expect(samples.textContent).not.toContain("today's prices");
    expect(within(within(samples).getByRole("article", { name: "Tech Stocks" })).getByText("€1,250.00")).toBeTruthy();
  });

  it("say they are valued at today's prices when they are", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-07-13T18:00:00Z") });
    mockApi({
      "GET /v1/get/communityportfolios": {
        body: reply(
          { Index: [card({ pName: "Three-Fund Portfolio", slug: "sample-three-fund", pricesAsOf: "2026-07-13" })] },
          { Index: 1 },
        ),
      },
    });
    renderApp({ route: "/dashboard" });
    const samples = await screen.findByRole("region", { name: "Sample portfolios" });
    expect(samples.textContent).toContain("Real portfolios valued at today's prices: open one to see how it did");
  });

  it("are not shown to a signed-in user", async () => {
    const api = mockApi({ "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } } });
    renderApp({ route: "/dashboard", preloadedState: signedInState() });
    expect(await screen.findByText("You have no portfolios yet.")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Sample portfolios" })).toBeNull();
    expect(api.callsTo("GET /v1/get/communityportfolios")).toHaveLength(0);
  });
});

describe("sharing settings on the portfolio page", () => {
  const owned = portfolioFixture({
    slug: "steady",
    pName: "Steady",
    privateMode: true,
    pDescription: "",
    category: "",
    rev: 3,
    assets: [assetFixture()],
  });

  it("lets the owner make the portfolio public with a description and category, then re-reads it", async () => {
    let current = owned;
    const api = mockApi({
      "POST /v1/get/portfolio/steady": () => portfolioReply(current),
      "POST /v1/update/portfoliosettings/steady": (call) => {
        const { settings } = call.body as { settings: { privateMode: boolean; pDescription: string; category: string } };
        current = { ...current, ...settings, rev: current.rev + 1 };
        return { body: { message: "pupdated" } };
      },
    });
    const { user, store } = renderApp({ route: "/p/steady", preloadedState: signedInState() });
    const panel = await screen.findByRole("region", { name: "Sharing" });
    const save = within(panel).getByRole("button", { name: "Update sharing" });
    expect(save.hasAttribute("disabled")).toBe(true);

    await user.click(within(panel).getByRole("checkbox", { name: /Public/ }));
    await user.type(within(panel).getByRole("textbox", { name: "Description" }), "One fund, held.");
    await user.selectOptions(within(panel).getByRole("combobox", { name: "Category" }), "Index");
    expect(
      within(within(panel).getByRole("combobox", { name: "Category" }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["None (listed under Other)", ...COMMUNITY_CATEGORIES]);
    await user.click(save);

    expect(await screen.findByText("Updated!")).toBeTruthy();
    expect(api.callsTo("POST /v1/update/portfoliosettings/steady")[0]).toMatchObject({
      body: { settings: { privateMode: false, pDescription: "One fund, held.", category: "Index" } },
      authorization: "Bearer token-ann",
    });
    // the settings made revision 4: the page takes it, so its next save names it
    await expect.poll(() => store.getState().portfolio.data?.rev).toBe(4);
    expect(store.getState().portfolio.data).toMatchObject({ privateMode: false, category: "Index", pDescription: "One fund, held." });
    expect(within(panel).getByRole("checkbox", { name: /Public/ })).toHaveProperty("checked", true);
  });

  it("shows the server's message when the settings are refused", async () => {
    mockApi({
      "POST /v1/get/portfolio/steady": portfolioReply(owned),
      "POST /v1/update/portfoliosettings/steady": {
        status: 400,
        body: { error: "Category must be one of: Growth, Dividend, Index, Tech, Crypto, Other, (none)", code: "validation_failed" },
      },
    });
    const { user } = renderApp({ route: "/p/steady", preloadedState: signedInState() });
    const panel = await screen.findByRole("region", { name: "Sharing" });
    await user.click(within(panel).getByRole("checkbox", { name: /Public/ }));
    await user.click(within(panel).getByRole("button", { name: "Update sharing" }));
    expect(await screen.findByText("Category must be one of: Growth, Dividend, Index, Tech, Crypto, Other, (none)")).toBeTruthy();
  });

  it("shows a reader no sharing settings and no edit controls at all", async () => {
    const shared = { ...owned, privateMode: false, pDescription: "One fund, held." };
    mockApi({ "GET /cachable/get/portfolio/steady": portfolioReply(shared, null, { notOwner: true }) });
    renderApp({ route: "/p/steady" });
    expect(await screen.findByRole("heading", { name: "Steady", level: 1 })).toBeTruthy();
    expect(screen.getByText("Read-only")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy to my portfolios" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Sharing" })).toBeNull();
    for (const name of ["Save", "Delete", "Add asset", "Update sharing"]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryAllByRole("textbox")).toEqual([]);
    expect(screen.queryAllByRole("spinbutton")).toEqual([]);
  });
});
