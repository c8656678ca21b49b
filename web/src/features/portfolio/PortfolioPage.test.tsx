import { PORTFOLIOS_PER_USER, tooManyPortfoliosMessage } from "@folio/proto/constants";
import { ErrorCodes } from "@folio/proto/error-codes";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Portfolio } from "../../app/apiTypes.ts";
import { keepPrerendered } from "../../app/prerendered.tsx";
import {
  assetFixture,
  type MockReply,
  mockApi,
  portfolioFixture,
  renderApp,
  signedInState,
  valuedAssetFixture,
} from "../../test-utils.tsx";
import { portfolioReply } from "./portfolioFixtures.ts";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

// the route loads the page on demand; loading it once up front keeps the first test inside findBy's wait
beforeAll(async () => {
  await Promise.all([import("./PortfolioPage.tsx"), import("../dashboard/DashboardPage.tsx")]);
});

function reply(data: Portfolio, { notOwner = false, hasUpdates = false } = {}) {
  return portfolioReply(data, null, { notOwner, hasUpdates });
}

const assetsTable = () => screen.getByRole("table", { name: "Assets" });

const withAssets = portfolioFixture({
  assets: [assetFixture(), assetFixture({ ticker: "BND", name: "BND", quantity: 20, PoA: 72.5, value: 1450, DoA: "2024-03-01", index: 1 })],
});

describe("portfolio page", () => {
  it("loads the owner's portfolio uncached and shows its assets", async () => {
    const api = mockApi({ "POST /v1/get/portfolio/three-fund": reply(withAssets) });
    renderApp({ route: "/p/three-fund", preloadedState: signedInState() });

    expect(await screen.findByRole("heading", { name: "Three Fund" })).toBeTruthy();
    expect(
      within(assetsTable())
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual([
      "Ticker",
      "Name",
      "Quantity",
      "Initial %",
      "Purchase price",
      "Purchase date",
      "Latest price",
      "Market value",
      "Profit/loss",
      "Share",
      "Actions",
    ]);
    const rows = within(assetsTable()).getAllByRole("row").slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "VTI",
      "Vanguard Total Stock Market ETF",
      "", // the owner edits quantity and initial percent in place
      "",
      "$250.00",
      "Jan 05, 2024",
      "NA", // no latest price, and no valuation of it yet: no live figures
      "Being valued…",
      "—",
      "—",
      "Sell✎×",
    ]);
    expect((within(rows[0]!).getByLabelText("Quantity of VTI") as HTMLInputElement).value).toBe("10");
    expect((within(rows[0]!).getByLabelText("Initial percent of VTI") as HTMLInputElement).value).toBe("");
    // a name that only repeats the ticker is not shown twice
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((c) => c.textContent)
        .slice(0, 6),
    ).toEqual(["BND", "—", "", "", "$72.50", "Mar 01, 2024"]);
    expect(api.callsTo("POST /v1/get/portfolio/three-fund")[0]!.authorization).toBe("Bearer token-ann");
    expect(api.callsTo("GET /cachable/get/portfolio/three-fund")).toHaveLength(0);
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows NA for a purchase price that is not > 0", async () => {
    mockApi({
      "POST /v1/get/portfolio/three-fund": reply(portfolioFixture({ assets: [assetFixture({ PoA: 0, value: 0, latestPrice: 270 })] })),
    });
    renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
    await screen.findByRole("heading", { name: "Three Fund" });
    const cells = within(assetsTable()).getAllByRole("cell");
    expect(cells[4]!.textContent).toBe("NA"); // purchase price 0
    expect(cells[6]!.textContent).toBe("$270.00"); // latest price
  });

  it("visitors load the cachable copy, and the uncached one when it has updates", async () => {
    const stale = portfolioFixture({ pName: "Stale name" });
    const api = mockApi({
      "GET /cachable/get/portfolio/three-fund": reply(stale, { notOwner: true, hasUpdates: true }),
      "POST /v1/get/portfolio/three-fund": reply(withAssets, { notOwner: true }),
    });
    renderApp({ route: "/p/three-fund" });
    expect(await screen.findByRole("heading", { name: "Three Fund" })).toBeTruthy();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /cachable/get/portfolio/three-fund",
      "POST /v1/get/portfolio/three-fund",
    ]);
    expect(api.calls[0]!.authorization).toBeNull();
  });

  it("keeps the name and description the server wrote into the page on screen while the portfolio loads", async () => {
    const served = document.createElement("div");
    served.innerHTML =
      '<main class="page"><section class="portfolio" data-prerendered="three-fund"><div class="section-header"><div>' +
      "<h1>Three &lt;Fund&gt;</h1></div></div><p>A &lt;b&gt;lazy&lt;/b&gt; portfolio</p></section></main>";
    keepPrerendered(served);
    const waiting: ((value: MockReply) => void)[] = [];
    mockApi({ "GET /cachable/get/portfolio/three-fund": () => new Promise((resolve) => waiting.push(resolve)) });
    renderApp({ route: "/p/three-fund" });

    // first while the page's code loads (the router's fallback), then while the page asks for the portfolio
    expect(await screen.findByRole("heading", { name: "Three <Fund>" })).toBeTruthy();
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    expect(screen.getByRole("heading", { name: "Three <Fund>" })).toBeTruthy();
    expect(screen.getByText("A <b>lazy</b> portfolio").tagName).toBe("P");
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    expect(screen.queryByRole("table")).toBeNull();

    for (const answer of waiting) answer(reply(withAssets, { notOwner: true }));
    expect(await screen.findByRole("heading", { name: "Three Fund" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Three <Fund>" })).toBeNull();
    expect(screen.getByRole("table", { name: "Assets" })).toBeTruthy();
  });

  it("shows only the loading state for a page the server wrote nothing into", async () => {
    mockApi({ "GET /cachable/get/portfolio/other": () => new Promise(() => undefined) });
    renderApp({ route: "/p/other" });
    expect((await screen.findByRole("status")).textContent).toBe("Loading…");
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("hides the page of a portfolio that does not exist", async () => {
    mockApi({ "POST /v1/get/portfolio/gone": { status: 404, body: { error: "Portfolio not found", code: "not_found" } } });
    renderApp({ route: "/p/gone", preloadedState: signedInState() });
    expect((await screen.findByText("This portfolio does not exist or is private.")).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add asset" })).toBeNull();
  });

  it("shows a non-owner the portfolio read-only", async () => {
    mockApi({ "POST /v1/get/portfolio/three-fund": reply(withAssets, { notOwner: true }) });
    renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
    await screen.findByRole("heading", { name: "Three Fund" });

    expect(screen.getByText("Read-only")).toBeTruthy();
    expect(within(assetsTable()).getByRole("cell", { name: "VTI" })).toBeTruthy();
    for (const name of ["Save", "Delete", "Add asset", "Remove VTI", "Edit VTI", "$", "%"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("copies a community portfolio for a signed-in non-owner arriving with ?copy", async () => {
    const api = mockApi({
      "POST /v1/get/portfolio/three-fund": reply(withAssets, { notOwner: true }),
      "POST /v1/save/portfolio/three-fund": { body: { message: "pcreated", slug: "three-fund-2" } },
      "POST /v1/get/portfolio/three-fund-2": reply(
        portfolioFixture({ slug: "three-fund-2", pName: "Three Fund (copy)", assets: withAssets.assets }),
      ),
    });
    renderApp({ route: "/p/three-fund?copy", preloadedState: signedInState() });

    expect(await screen.findByRole("heading", { name: "Three Fund (copy)" })).toBeTruthy();
    expect(window.location.pathname).toBe("/p/three-fund-2");
    expect(screen.getByRole("status").textContent).toContain("New portfolio created!");
    const saves = api.callsTo("POST /v1/save/portfolio/three-fund");
    expect(saves).toHaveLength(1);
    expect((saves[0]!.body as { portfolio: { assets: unknown[]; rev: number } }).portfolio).toMatchObject({ rev: 4, pName: "Three Fund" });
    expect(screen.getByRole("button", { name: "Save" })).toBeTruthy();
  });

  it("says so when a copy would pass the portfolios one may keep, and makes none", async () => {
    const words = tooManyPortfoliosMessage(PORTFOLIOS_PER_USER);
    mockApi({
      "POST /v1/get/portfolio/three-fund": reply(withAssets, { notOwner: true }),
      "POST /v1/save/portfolio/three-fund": {
        status: 409,
        body: { error: words, code: ErrorCodes.tooManyPortfolios, result: "nok", data: words },
      },
    });
    renderApp({ route: "/p/three-fund?copy", preloadedState: signedInState() });

    expect((await screen.findByRole("alert")).textContent).toContain("You have 100 portfolios: delete one to save a new one.");
    expect(window.location.pathname).toBe("/p/three-fund");
  });

  it("asks for the copy's name starting from 'Copy of …', and the copy can be renamed", async () => {
    let copy = portfolioFixture({ slug: "copy-of-three-fund", pName: "Copy of Three Fund", assets: withAssets.assets, rev: 1 });
    const api = mockApi({
      "POST /v1/get/portfolio/three-fund": reply(withAssets, { notOwner: true }),
      // the server asks for a name before it makes anything (spec §4 showPopup), then makes the copy
      "POST /v1/save/portfolio/three-fund": (call) =>
        (call.body as { newPortfolioName?: string }).newPortfolioName
          ? { body: { message: "pcreated", slug: "copy-of-three-fund" } }
          : { body: { message: "showPopup" } },
      "POST /v1/get/portfolio/copy-of-three-fund": () => reply(copy),
      "POST /v1/update/portfolioname/copy-of-three-fund": (call) => {
        copy = { ...copy, pName: (call.body as { newPortfolioName: string }).newPortfolioName, rev: copy.rev + 1 };
        return { body: { message: "pupdated", slug: "copy-of-three-fund" } };
      },
    });
    const { user, store } = renderApp({ route: "/p/three-fund?copy", preloadedState: signedInState() });
    const ask = await screen.findByRole("dialog", { name: "Copy portfolio" });
    const name = within(ask).getByLabelText("Portfolio name") as HTMLInputElement;
    expect(name.value).toBe("Copy of Three Fund");
    await user.click(within(ask).getByRole("button", { name: "Copy" }));
    expect(await screen.findByRole("heading", { name: "Copy of Three Fund" })).toBeTruthy();
    expect(api.callsTo("POST /v1/save/portfolio/three-fund").at(-1)!.body).toMatchObject({ newPortfolioName: "Copy of Three Fund" });

    // the owner of the copy renames it
    await user.click(screen.getByRole("button", { name: "Rename" }));
    const rename = screen.getByRole("dialog", { name: "Rename portfolio" });
    const field = within(rename).getByLabelText("Portfolio name") as HTMLInputElement;
    expect(field.value).toBe("Copy of Three Fund");
    await user.clear(field);
    await user.type(field, "My own mix");
    await user.click(within(rename).getByRole("button", { name: "Rename" }));
    expect(await screen.findByRole("heading", { name: "My own mix" })).toBeTruthy();
    expect(api.callsTo("POST /v1/update/portfolioname/copy-of-three-fund").map((c) => c.body)).toEqual([
      { newPortfolioName: "My own mix" },
    ]);
    // a revision of its own: the next save names it
    expect(store.getState().portfolio.data!.rev).toBe(2);
  });

  it("asks a visitor arriving with ?copy to log in first, keeping the copy URL", async () => {
    const api = mockApi({ "GET /cachable/get/portfolio/three-fund": reply(withAssets, { notOwner: true }) });
    renderApp({ route: "/p/three-fund?copy" });
    expect(await screen.findByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(localStorage.getItem("preLoginUrl")).toBe("/p/three-fund?copy");
    expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(0);
  });

  it("after that login, comes back with ?copy and makes the copy", async () => {
    const api = mockApi({
      "GET /cachable/get/portfolio/three-fund": reply(withAssets, { notOwner: true }),
      "POST /v1/auth/login": { body: { idToken: "fresh-token", user: { uid: "u-ann", email: "ann@example.com", displayName: "Ann" } } },
      "POST /v1/login": { body: { result: "ok" } },
      "POST /v1/get/portfolio/three-fund": reply(withAssets, { notOwner: true }),
      "POST /v1/save/portfolio/three-fund": { body: { message: "pcreated", slug: "three-fund-2" } },
      "POST /v1/get/portfolio/three-fund-2": reply(portfolioFixture({ slug: "three-fund-2", pName: "Three Fund (copy)" })),
    });
    const { user } = renderApp({ route: "/p/three-fund?copy" });
    const dialog = await screen.findByRole("dialog", { name: "Log in" });
    await user.type(within(dialog).getByLabelText("Email"), "ann@example.com");
    await user.type(within(dialog).getByLabelText("Password"), "long-enough");
    await user.click(within(dialog).getByRole("button", { name: "Log in" }));

    expect(await screen.findByRole("heading", { name: "Three Fund (copy)" })).toBeTruthy();
    expect(window.location.pathname).toBe("/p/three-fund-2");
    const save = api.callsTo("POST /v1/save/portfolio/three-fund");
    expect(save).toHaveLength(1);
    expect(save[0]!.authorization).toBe("Bearer fresh-token");
  });

  it("lets the owner delete the portfolio after confirmation, then goes to the dashboard", async () => {
    const api = mockApi({
      "POST /v1/get/portfolio/three-fund": reply(withAssets),
      "POST /v1/delete/portfolio/three-fund": { body: { message: "pdeleted" } },
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } },
    });
    const { user } = renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await user.click(within(screen.getByRole("dialog", { name: "Delete portfolio?" })).getByRole("button", { name: "Confirm delete" }));

    expect(await screen.findByRole("heading", { name: "Your portfolios" }, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard");
    expect(api.callsTo("POST /v1/delete/portfolio/three-fund")).toHaveLength(1);
  });

  it("removing an asset or changing a quantity is an unsaved change", async () => {
    const priced = {
      ...withAssets,
      autoSave: false,
      assets: [
        valuedAssetFixture({ latestPrice: 75 }),
        valuedAssetFixture({ ticker: "BND", name: "BND", quantity: 20, PoA: 72.5, DoA: "2024-03-01", index: 1, latestPrice: 75 }),
      ],
    };
    mockApi({ "POST /v1/get/portfolio/three-fund": reply(priced) });
    const { user } = renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
    await screen.findByRole("heading", { name: "Three Fund" });
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

    const quantity = screen.getByLabelText("Quantity of BND");
    await user.clear(quantity);
    await user.type(quantity, "30{Enter}");
    // the server valued 20 at 20 × 75 = 1500; 30 of the same lot: 30 × 75 = 2250
    expect(within(assetsTable()).getByRole("cell", { name: "$2,250.00" })).toBeTruthy();
    expect(save.disabled).toBe(false);

    await user.click(screen.getByRole("button", { name: "Remove VTI" }));
    expect(within(assetsTable()).queryByRole("cell", { name: "VTI" })).toBeNull();
    expect(screen.getByText(/^1 asset ·/)).toBeTruthy();

    // a removal can be undone until the next edit: the asset comes back where it was, with its figures
    expect(screen.getByText(/VTI removed\./)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    const rows = within(assetsTable()).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual(["VTI", "BND"]);
    // 10 × 75 = 750, as the server valued it
    expect(within(rows[0]!).getByRole("cell", { name: "$750.00" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    expect(save.disabled).toBe(false);

    // after another edit the removal stands
    await user.click(screen.getByRole("button", { name: "Remove BND" }));
    await user.click(screen.getByRole("button", { name: "Remove VTI" }));
    expect(screen.getByText(/VTI removed\./)).toBeTruthy();
    expect(screen.queryByText(/BND removed/)).toBeNull();
  });
});
