import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../../app/api.ts";
import { advance, advanceUntil, mockApi, portfolioFixture, renderApp, signedInState, testUser } from "../../test-utils.tsx";
import { portfolioApi } from "../portfolio/portfolioApi.ts";
import { achievementsApi } from "./achievementsApi.ts";
import { reachAchievement } from "./achievementsSlice.ts";
import { ACHIEVEMENT_STEPS } from "./steps.ts";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

// route modules load on real time; under fake timers they must already be there
beforeAll(async () => {
  await Promise.all([import("../dashboard/DashboardPage.tsx"), import("../portfolio/PortfolioPage.tsx")]);
});

function startFakeClock() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
}

function storeLocally(step: number, uid = testUser.uid) {
  localStorage.setItem("achievement_state", JSON.stringify({ value: { uid, step }, ttl: -1, last_updated: 0 }));
}

function storedLocally() {
  return JSON.parse(localStorage.getItem("achievement_state") ?? "null")?.value ?? null;
}

function panel() {
  return screen.getByRole("complementary", { name: "Achievements" });
}

const noPortfolios = { "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } } };

/** The calls behind creating "My Picks" from the first dashboard, with the server then at `serverStep`. */
function creatingMocks(serverStep: number) {
  return {
    ...noPortfolios,
    "POST /v1/save/portfolio/new": { body: { message: "pcreated", slug: "my-picks" } },
    "POST /v1/get/portfolio/my-picks": {
      body: {
        data: portfolioFixture({ slug: "my-picks", pName: "My Picks" }),
        has_updates: false,
        state: { notOwner: false, isAdmin: false },
      },
    },
    "POST /v1/get/achievement-state": { body: { achievement_state: serverStep } },
  };
}

/** From /dashboard/first showing `known` steps: switches to the fake clock and creates the portfolio. */
async function createPortfolio(known: number) {
  await screen.findByText(`${known} of 8 steps done`);
  startFakeClock();
  fireEvent.click(screen.getByRole("button", { name: "New portfolio" }));
  fireEvent.change(screen.getByLabelText("Portfolio name"), { target: { value: "My Picks" } });
  fireEvent.click(screen.getByRole("button", { name: "Create" }));
  await advance(0);
}

describe("achievement state", () => {
  it("is read from localStorage first, without asking the server", async () => {
    storeLocally(3);
    const api = mockApi(noPortfolios);
    renderApp({ route: "/dashboard/first", preloadedState: signedInState() });
    const card = await screen.findByRole("region", { name: "Achievements" });
    expect(within(card).getByText("3 of 8 steps done")).toBeTruthy();
    expect(within(card).getByText("Next: Make a portfolio public")).toBeTruthy();
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(0);
  });

  it("is the server's when the local copy is behind it, asked once a session (the card and the panel read the one state)", async () => {
    // steps done elsewhere (another tab, the API): this browser's copy says 2, the server 4
    storeLocally(2);
    const api = mockApi({ "POST /v1/get/achievement-state": { body: { achievement_state: 4 } } });
    startFakeClock();
    renderApp({ route: "/", preloadedState: signedInState() });
    fireEvent.click(screen.getByRole("button", { name: "Achievements" }));
    // the copy first, then the server's two steps shown in turn (one advance at a time, spec §4)
    await advanceUntil(() => expect(within(panel()).getByText("4 of 8 steps done")).toBeTruthy(), 500);
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(1);
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 4 });
    // asked once a session, not on every view
    fireEvent.click(within(panel()).getByRole("button", { name: "Close achievements" }));
    fireEvent.click(screen.getByRole("button", { name: "Achievements" }));
    await advance(100);
    expect(within(panel()).getByText("4 of 8 steps done")).toBeTruthy();
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(1);
  });

  it("else is fetched, and kept in localStorage for this user", async () => {
    storeLocally(6, "someone-else");
    const api = mockApi({ "POST /v1/get/achievement-state": { body: { achievement_state: 4 } } });
    const { user } = renderApp({ route: "/", preloadedState: signedInState() });
    await user.click(screen.getByRole("button", { name: "Achievements" }));
    expect(await within(panel()).findByText("4 of 8 steps done")).toBeTruthy();
    expect(api.callsTo("POST /v1/get/achievement-state")[0]!.authorization).toBe("Bearer token-ann");
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 4 });
  });

  it("is one step (the account) right after registering, without asking", async () => {
    const api = mockApi({
      "POST /v1/auth/register": { body: { idToken: "fresh-token", user: testUser } },
      "POST /v1/register": { body: { result: "ok" } },
      ...noPortfolios,
    });
    const { user } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Register" })[0]!);
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Email"), "ann@example.com");
    await user.type(within(dialog).getByLabelText("Password"), "long-enough");
    await user.click(within(dialog).getByRole("button", { name: "Register" }));
    const card = await screen.findByRole("region", { name: "Achievements" });
    expect(within(card).getByText("1 of 8 steps done")).toBeTruthy();
    expect(within(card).getByText("Next: Create your first manual portfolio")).toBeTruthy();
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 1 });
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(0);
    // the user sees the step happen: the step-1 panel, as for every advance
    expect(within(panel()).getByText("Create an account")).toBeTruthy();
    expect(within(panel()).getByText(/Step done/)).toBeTruthy();
  });

  it("remembers whether the user left the panel open or closed (popup preference), not the notices' own closing", async () => {
    storeLocally(2);
    mockApi({ ...noPortfolios, "POST /v1/get/achievement-state": { body: { achievement_state: 2 } } });
    const first = renderApp({ route: "/", preloadedState: signedInState() });
    expect(screen.queryByRole("complementary", { name: "Achievements" })).toBeNull();
    await first.user.click(screen.getByRole("button", { name: "Achievements" }));
    expect(JSON.parse(localStorage.getItem("popup_preference") ?? "null")).toMatchObject({ value: { achievements: "open" }, ttl: -1 });
    first.unmount();

    // the next visit opens it again, with the full list
    const second = renderApp({ route: "/", preloadedState: signedInState() });
    expect(await within(panel()).findByText("2 of 8 steps done")).toBeTruthy();
    await second.user.click(within(panel()).getByRole("button", { name: "Close achievements" }));
    expect(JSON.parse(localStorage.getItem("popup_preference") ?? "null").value).toEqual({ achievements: "closed" });
    second.unmount();

    renderApp({ route: "/", preloadedState: signedInState() });
    await screen.findByRole("button", { name: "Achievements" });
    expect(screen.queryByRole("complementary", { name: "Achievements" })).toBeNull();
  });

  it("a visit to the first dashboard does not ask the server for an unknown state", async () => {
    const api = mockApi(noPortfolios);
    renderApp({ route: "/dashboard/first", preloadedState: signedInState() });
    await screen.findByText("You have no portfolios yet.");
    expect(screen.queryByRole("region", { name: "Achievements" })).toBeNull();
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(0);
  });

  it("the panel lists the eight steps in the spec's order, done ones marked", async () => {
    storeLocally(2);
    mockApi(noPortfolios);
    const { user } = renderApp({ route: "/dashboard/first", preloadedState: signedInState() });
    await screen.findByRole("region", { name: "Achievements" });
    await user.click(screen.getByRole("button", { name: "Achievements" }));
    const items = within(panel()).getAllByRole("listitem");
    expect(items.map((item) => item.textContent?.replace(/^[✓\d]/, "").replace(" (done)", ""))).toEqual([...ACHIEVEMENT_STEPS]);
    expect(ACHIEVEMENT_STEPS).toEqual([
      "Create an account",
      "Create your first manual portfolio",
      "Add your first asset",
      "Make a portfolio public",
      "Copy your first community portfolio",
      "Check your net worth",
      "Talk with the AI agent",
      "Connect a brokerage and import a portfolio",
    ]);
    expect(items.map((item) => item.textContent?.endsWith("(done)"))).toEqual([true, true, false, false, false, false, false, false]);
    expect(items[2]!.getAttribute("aria-current")).toBe("step");
    // opened by hand: no confetti
    expect(screen.queryByTestId("confetti")).toBeNull();
    await user.click(within(panel()).getByRole("button", { name: "Close achievements" }));
    expect(screen.queryByRole("complementary", { name: "Achievements" })).toBeNull();
  });

  it("clear forgets the stored copy and reads the server again", async () => {
    storeLocally(5);
    const api = mockApi({ ...noPortfolios, "POST /v1/get/achievement-state": { body: { achievement_state: 2 } } });
    const { user } = renderApp({ route: "/dashboard/first", preloadedState: signedInState() });
    await screen.findByText("5 of 8 steps done");
    await user.click(screen.getByRole("button", { name: "Achievements" }));
    await user.click(within(panel()).getByRole("button", { name: "Clear" }));
    expect(await within(panel()).findByText("2 of 8 steps done")).toBeTruthy();
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(1);
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 2 });
  });
});

describe("advancing", () => {
  it("after creating the first portfolio, the server's next step opens the panel with confetti", async () => {
    storeLocally(1);
    const api = mockApi({
      ...noPortfolios,
      "POST /v1/save/portfolio/new": { body: { message: "pcreated", slug: "my-picks" } },
      "POST /v1/get/portfolio/my-picks": {
        body: {
          data: portfolioFixture({ slug: "my-picks", pName: "My Picks" }),
          has_updates: false,
          state: { notOwner: false, isAdmin: false },
        },
      },
      "POST /v1/get/achievement-state": { body: { achievement_state: 2 } },
    });
    renderApp({ route: "/dashboard/first", preloadedState: signedInState() });
    await createPortfolio(1);
    await advance(0);
    expect(window.location.pathname).toBe("/p/my-picks");
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(0);

    // the server hears of the save through its event: asked a second later
    await advance(1_000);
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(1);
    expect(within(panel()).getByText("2 of 8 steps done")).toBeTruthy();
    expect(screen.getByTestId("confetti")).toBeTruthy();
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 2 });

    expect(within(panel()).getByRole("status").textContent).toBe("Step done: Create your first manual portfolio");

    // asked once more in case the event was slower; nothing new, nothing more happens
    await advance(3_000);
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(2);
    await advance(1_000);
    expect(screen.queryByTestId("confetti")).toBeNull();
    expect(within(panel()).getByText("2 of 8 steps done")).toBeTruthy();
    // the notice closes itself 6 s after it opened (at 1 s)
    await advance(1_999);
    expect(panel()).toBeTruthy();
    await advance(1);
    expect(screen.queryByRole("complementary", { name: "Achievements" })).toBeNull();
  });

  it("the notice of an advance expands to every step on demand, and then stays", async () => {
    storeLocally(1);
    mockApi(creatingMocks(2));
    renderApp({ route: "/dashboard/first", preloadedState: signedInState() });
    await createPortfolio(1);
    await advance(1_000);
    fireEvent.click(within(panel()).getByRole("button", { name: "See all steps" }));
    expect(within(panel()).getAllByRole("listitem")).toHaveLength(8);
    await advance(30_000);
    expect(within(panel()).getAllByRole("listitem")).toHaveLength(8);
  });

  it("shows the steps one action completed one after the other", async () => {
    // a new portfolio is public: adding its first asset completes "first asset" and "public" at once
    storeLocally(2);
    const api = mockApi({
      ...noPortfolios,
      "POST /v1/save/portfolio/new": { body: { message: "pcreated", slug: "my-picks" } },
      "POST /v1/get/portfolio/my-picks": {
        body: {
          data: portfolioFixture({ slug: "my-picks", pName: "My Picks" }),
          has_updates: false,
          state: { notOwner: false, isAdmin: false },
        },
      },
      "POST /v1/get/achievement-state": { body: { achievement_state: 4 } },
    });
    renderApp({ route: "/dashboard/first", preloadedState: signedInState() });
    await createPortfolio(2);
    await advance(1_000);
    expect(within(panel()).getByText("3 of 8 steps done")).toBeTruthy();
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 3 });
    const firstConfetti = screen.getByTestId("confetti");

    await advance(2_500);
    expect(within(panel()).getByText("4 of 8 steps done")).toBeTruthy();
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 4 });
    // a new confetti for the second step
    expect(screen.getByTestId("confetti")).not.toBe(firstConfetti);

    // the second read (4 s after the save) finds nothing new
    await advance(10_000);
    expect(api.callsTo("POST /v1/get/achievement-state")).toHaveLength(2);
    expect(screen.queryByRole("complementary", { name: "Achievements" })).toBeNull();
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 4 });
  });

  it("a step the client observes advances by exactly one: panel, local copy and the server", async () => {
    storeLocally(6);
    const api = mockApi({
      // the server agrees with the local copy: 7 is the next step
      "POST /v1/get/achievement-state": { body: { achievement_state: 6 } },
      "POST /v1/update/achievement-state": { body: { status: "ok", achievement_state: 7 } },
    });
    const { store } = renderApp({ route: "/", preloadedState: signedInState() });

    await act(() => store.dispatch(reachAchievement(8)));
    expect(api.callsTo("POST /v1/update/achievement-state")).toHaveLength(0);
    expect(screen.queryByRole("complementary", { name: "Achievements" })).toBeNull();

    await act(() => store.dispatch(reachAchievement(7)));
    expect(api.callsTo("POST /v1/update/achievement-state").map((call) => call.body)).toEqual([{ achievement_state: 7 }]);
    expect(await within(await screen.findByRole("complementary", { name: "Achievements" })).findByText("7 of 8 steps done")).toBeTruthy();
    expect(screen.getByTestId("confetti")).toBeTruthy();
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 7 });
  });

  it("ignores an error when saving the new state", async () => {
    storeLocally(6);
    const api = mockApi({
      "POST /v1/get/achievement-state": { body: { achievement_state: 6 } },
      "POST /v1/update/achievement-state": { status: 500, body: { error: "Internal error", code: "internal" } },
    });
    const { store } = renderApp({ route: "/", preloadedState: signedInState() });
    await act(() => store.dispatch(reachAchievement(7)));
    expect(api.callsTo("POST /v1/update/achievement-state")).toHaveLength(1);
    expect(store.getState().achievements.step).toBe(7);
    expect(storedLocally()).toEqual({ uid: testUser.uid, step: 7 });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a portfolio settings update requests a check: its endpoint invalidates the AchievementState tag", async () => {
    mockApi({
      "POST /v1/update/portfoliosettings/three-fund": { body: { message: "ok" } },
      "POST /v1/get/portfolio/three-fund": {
        body: { data: portfolioFixture(), has_updates: false, state: { notOwner: false, isAdmin: false } },
      },
    });
    const { store } = renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
    await screen.findByRole("heading", { name: "Three Fund" });
    // the layout's watch on the tag has made its first (unforced) read, which is no check
    await waitFor(() => expect(achievementsApi.endpoints.watchAchievementState.select()(store.getState()).isSuccess).toBe(true));
    expect(store.getState().achievements.checkRequests).toBe(0);
    await act(async () => {
      await store.dispatch(
        portfolioApi.endpoints.updatePortfolioSettings.initiate({ slug: "three-fund", settings: { indexTicker: "VTI" } }),
      );
    });
    await waitFor(() => expect(store.getState().achievements.checkRequests).toBe(1));
  });

  it("does not ask the server after a save when no progress is known yet", async () => {
    const calls = mockApi({
      "POST /v1/get/portfolio/three-fund": {
        body: { data: portfolioFixture(), has_updates: false, state: { notOwner: false, isAdmin: false } },
      },
    });
    const { store } = renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
    await screen.findByRole("heading", { name: "Three Fund" });
    startFakeClock();
    store.dispatch(api.util.invalidateTags(["AchievementState"]));
    await advance(10_000);
    expect(calls.callsTo("POST /v1/get/achievement-state")).toHaveLength(0);
  });
});
