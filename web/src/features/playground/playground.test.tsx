import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Asset, SaveBody } from "../../app/apiTypes.ts";
import {
  advanceUntil,
  assetFixture,
  type MockCall,
  mockApi,
  portfolioFixture,
  renderApp,
  testUser,
  valuedAssetFixture,
} from "../../test-utils.tsx";
import { portfolioReply, valuationFixture } from "../portfolio/portfolioFixtures.ts";
import { PLAYGROUND_DRAFT_KEY } from "./playgroundDraft.ts";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

beforeAll(async () => {
  await Promise.all([import("./PlaygroundPage.tsx"), import("../portfolio/PortfolioPage.tsx")]);
});

const vti: Asset = assetFixture({ ticker: "VTI", quantity: 10, PoA: 200, DoA: "2024-01-02", latestPrice: 250, index: 0 });

function keepDraftLocally(assets: Asset[]) {
  localStorage.setItem(PLAYGROUND_DRAFT_KEY, JSON.stringify({ value: assets, ttl: 30 * 86_400_000, last_updated: Date.now() }));
}

const valued = () => ({
  body: {
    data: portfolioFixture({ slug: "playground", playGround: true, assets: [vti] }),
    valuation: valuationFixture({ twrPercent: 25 }),
  },
});

describe("the playground", () => {
  it("values a visitor's draft on the server, shows its figures, and keeps it after login as a playground portfolio", {
    timeout: 20_000,
  }, async () => {
    keepDraftLocally([vti]);
    const saves: MockCall[] = [];
    const api = mockApi({
      "POST /v1/playground/value": valued(),
      "POST /v1/save/portfolio/new": (call) => {
        saves.push(call);
        // a visitor first: log in; then the name; then the new portfolio
        if (call.authorization === null) return { status: 401, body: { result: "nouser" } };
        if (!(call.body as SaveBody).newPortfolioName) return { body: { message: "showPopup" } };
        return { body: { message: "pcreated", slug: "my-sandbox" } };
      },
      "POST /v1/auth/login": { body: { idToken: "fresh-token", user: testUser } },
      "POST /v1/login": { body: { result: "ok" } },
      "POST /v1/get/portfolio/my-sandbox": portfolioReply(portfolioFixture({ slug: "my-sandbox", pName: "My sandbox", playGround: true })),
    });
    // the 0.5 s before the draft is valued on fake timers, moved on by advanceUntil
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    const { user } = renderApp({ route: "/playground" });

    expect(await screen.findByRole("heading", { name: "Playground Playground" })).toBeTruthy();
    // valued by the server without an account: the returns panel fills in
    const returns = await advanceUntil(() => screen.getByRole("region", { name: "Returns" }));
    expect(within(returns).getByText("25%")).toBeTruthy();
    const asked = api.callsTo("POST /v1/playground/value");
    expect(asked[0]!.authorization).toBeNull();
    expect((asked[0]!.body as SaveBody).portfolio).toMatchObject({
      playGround: true,
      privateMode: true,
      assets: [{ ticker: "VTI", quantity: 10 }],
    });

    // saving needs an account: log in, and the save goes on by itself, asking for a name
    await user.click(screen.getByRole("button", { name: "Save" }));
    const login = await screen.findByRole("dialog", { name: "Log in" });
    await user.type(within(login).getByLabelText("Email"), "ann@example.com");
    await user.type(within(login).getByLabelText("Password"), "long-enough");
    await user.click(within(login).getByRole("button", { name: "Log in" }));
    const naming = await screen.findByRole("dialog", { name: "New portfolio" });
    await user.type(within(naming).getByLabelText("Portfolio name"), "My sandbox");
    await user.click(within(naming).getByRole("button", { name: "Create" }));

    expect(await screen.findByRole("heading", { name: "My sandbox Playground" })).toBeTruthy();
    expect(window.location.pathname).toBe("/p/my-sandbox");
    const created = saves.at(-1)!;
    expect(created.authorization).toBe("Bearer fresh-token");
    expect(created.body).toMatchObject({ newPortfolioName: "My sandbox", portfolio: { playGround: true, privateMode: true } });
    expect((created.body as SaveBody).portfolio.assets).toEqual([expect.objectContaining({ ticker: "VTI", quantity: 10, PoA: 200 })]);
    // the draft became a portfolio: the playground starts empty next time
    expect(localStorage.getItem(PLAYGROUND_DRAFT_KEY)).toBeNull();
  });

  it("shows each asset's figures from the server's valuation of the draft, and a reload asks nothing: the draft is kept", async () => {
    // kept from an earlier visit, as entered: no figures of its own
    keepDraftLocally([vti]);
    // the server's valuation of the draft: 10 × 250 = 2,500 on a cost of 2,000, +25 %
    const figures = valuedAssetFixture({ ticker: "VTI", quantity: 10, PoA: 200, DoA: "2024-01-02", latestPrice: 250 });
    mockApi({
      "POST /v1/playground/value": {
        body: { data: portfolioFixture({ slug: "playground", playGround: true, assets: [figures] }), valuation: valuationFixture() },
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    renderApp({ route: "/playground" });
    const row = () =>
      within(screen.getByRole("table", { name: "Assets" }))
        .getByRole("cell", { name: "VTI" })
        .closest("tr")!;
    expect(within(await advanceUntil(row)).getByText("Being valued…")).toBeTruthy();
    await advanceUntil(() => expect(within(row()).getByRole("cell", { name: "$2,500.00" })).toBeTruthy());
    expect(within(row()).getByRole("cell", { name: "$500.00" })).toBeTruthy();

    // the draft is in localStorage: the browser is not told to ask before a reload
    const reload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(false);
    expect(JSON.parse(localStorage.getItem(PLAYGROUND_DRAFT_KEY) ?? "null").value).toEqual([expect.objectContaining({ ticker: "VTI" })]);
  });

  it("starts empty without a draft and asks nothing until an asset is added", async () => {
    const api = mockApi({});
    renderApp({ route: "/playground" });
    expect(await screen.findByText(/Try ideas here/)).toBeTruthy();
    expect(api.callsTo("POST /v1/playground/value")).toHaveLength(0);
  });
});
