import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Portfolio, SaveBody } from "../../app/apiTypes.ts";
import { advance, advanceUntil, type MockHandler, mockApi, portfolioFixture, renderApp, signedInState } from "../../test-utils.tsx";
import { fakePortfolioServer, portfolioReply } from "./portfolioFixtures.ts";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

beforeAll(async () => {
  await import("./PortfolioPage.tsx");
});

function reply(data: Portfolio) {
  return portfolioReply(data);
}

type User = ReturnType<typeof renderApp>["user"];

/** Through the add-asset modal, with a typed ticker (no price look-up). */
async function addAsset(user: User, fields: { ticker: string; quantity: string; price: string; date: string }) {
  await user.click(screen.getByRole("button", { name: "Add asset" }));
  const dialog = screen.getByRole("dialog", { name: "Add asset" });
  await user.type(within(dialog).getByLabelText("Search ticker"), fields.ticker);
  await user.type(within(dialog).getByLabelText("Quantity"), fields.quantity);
  fireEvent.change(within(dialog).getByLabelText("Purchase date"), { target: { value: fields.date } });
  await user.type(within(dialog).getByLabelText("Purchase price"), fields.price);
  await user.click(within(dialog).getByRole("button", { name: "Add to portfolio" }));
}

/** Synchronous edits, for tests on fake timers (userEvent's own waiting would move the clock). */
function addAssetNow(ticker: string) {
  fireEvent.click(screen.getByRole("button", { name: "Add asset" }));
  const dialog = screen.getByRole("dialog", { name: "Add asset" });
  const set = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  set("Search ticker", ticker);
  set("Quantity", "10");
  set("Purchase price", "250");
  set("Purchase date", "2024-03-01");
  fireEvent.click(within(dialog).getByRole("button", { name: "Add to portfolio" }));
}

const noSuggestions = { body: { suggestions: [] } };

async function openPortfolio(data: Portfolio, saveReply?: MockHandler) {
  const server = fakePortfolioServer(data);
  const api = mockApi({
    "POST /v1/get/portfolio/three-fund": server.get,
    "POST /v1/save/portfolio/three-fund": saveReply ?? server.save,
    "GET /v1/autocomplete": noSuggestions,
    // VTI as traded on the day the tests buy it
    "GET /v1/get/VTI/close": { body: { ticker: "VTI", date: "2024-03-01", close: 250, currency: "USD", basis: "as-traded" } },
  });
  const rendered = renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
  await screen.findByRole("heading", { name: data.pName });
  return { api, server, ...rendered };
}

function saveButton() {
  return screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
}

function toastTexts() {
  return [...screen.queryAllByRole("status"), ...screen.queryAllByRole("alert")].map((t) => t.textContent?.replace(/×$/, ""));
}

const assetCell = (name: string) => within(screen.getByRole("table", { name: "Assets" })).queryByRole("cell", { name });

describe("autosave", () => {
  it("saves 3 s after the last edit, not before, and silently", async () => {
    const { api, store } = await openPortfolio(portfolioFixture());
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

    addAssetNow("VTI");
    await advance(2000);
    addAssetNow("BND"); // restarts the wait
    await advance(2999);
    expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(0);
    await advance(1);
    await vi.waitFor(() => expect(store.getState().portfolio.hasChanges).toBe(false));

    const saves = api.callsTo("POST /v1/save/portfolio/three-fund");
    expect(saves).toHaveLength(1);
    expect(saves[0]!.authorization).toBe("Bearer token-ann");
    const sent = (saves[0]!.body as { portfolio: { assets: { ticker: string }[]; rev: number } }).portfolio;
    expect(sent.assets.map((a) => a.ticker)).toEqual(["VTI", "BND"]);
    expect(sent.rev).toBe(4);
    expect(saveButton().disabled).toBe(true);
    expect(toastTexts()).not.toContain("Saved!");
  });

  it("does not run when autoSave is off", async () => {
    const { api } = await openPortfolio(portfolioFixture({ autoSave: false }));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    addAssetNow("VTI");
    await advance(10_000);
    expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(0);
    expect(saveButton().disabled).toBe(false);
  });

  it("sends the revision the last save produced", async () => {
    const { api } = await openPortfolio(portfolioFixture());
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    addAssetNow("VTI");
    await advance(3000);
    await vi.waitFor(() => expect(saveButton().disabled).toBe(true));
    addAssetNow("BND");
    await advance(3000);
    await vi.waitFor(() => expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(2));
    const revs = api.callsTo("POST /v1/save/portfolio/three-fund").map((c) => (c.body as { portfolio: { rev: number } }).portfolio.rev);
    expect(revs).toEqual([4, 5]);
  });

  it("a quantity changed in the table is saved 3 s later, then the figures are read again", async () => {
    const { api, server, store } = await openPortfolio(portfolioFixture());
    const quantity = () => screen.getByLabelText("Quantity of VTI") as HTMLInputElement;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    addAssetNow("VTI");
    await advance(3000);
    await vi.waitFor(() => expect(store.getState().portfolio.hasChanges).toBe(false));
    await vi.waitFor(() => expect(api.callsTo("POST /v1/get/portfolio/three-fund")).toHaveLength(2));

    fireEvent.change(quantity(), { target: { value: "12" } });
    fireEvent.keyDown(quantity(), { key: "Enter" });
    expect(store.getState().portfolio.hasChanges).toBe(true);
    await advance(2999);
    expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(1);
    await advance(1);
    await vi.waitFor(() => expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(2));
    const sent = api.callsTo("POST /v1/save/portfolio/three-fund")[1]!.body as { portfolio: { assets: { quantity: number }[] } };
    expect(sent.portfolio.assets[0]!.quantity).toBe(12);
    await vi.waitFor(() => expect(api.callsTo("POST /v1/get/portfolio/three-fund")).toHaveLength(3));
    await vi.waitFor(() => expect(store.getState().portfolio.data!.rev).toBe(6));
    expect(server.current.assets[0]!.quantity).toBe(12);
    expect(quantity().value).toBe("12");
  });

  it("an initial percent changed in the table is an edit, saved 3 s later", async () => {
    const { api } = await openPortfolio(portfolioFixture());
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    addAssetNow("VTI");
    await advance(3000);
    await vi.waitFor(() => expect(saveButton().disabled).toBe(true));

    const percent = screen.getByLabelText("Initial percent of VTI");
    fireEvent.change(percent, { target: { value: "60" } });
    fireEvent.blur(percent);
    // applied once the purchase day's close (what the quantity follows from) has come
    await advanceUntil(() => expect(saveButton().disabled).toBe(false), 1);
    await advance(3000);
    await vi.waitFor(() => expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(2));
    const sent = api.callsTo("POST /v1/save/portfolio/three-fund")[1]!.body as SaveBody;
    expect(sent.portfolio.assets[0]!.initialPercent).toBe(60);
    // the server sets the quantities from the initial percents when asked
    expect(sent.portfolio.applyInitialPercents).toBe(true);
    await vi.waitFor(() => expect(saveButton().disabled).toBe(true));

    // the next save, with no initial percent edited, leaves the quantities alone
    fireEvent.change(screen.getByLabelText("Quantity of VTI"), { target: { value: "7" } });
    fireEvent.blur(screen.getByLabelText("Quantity of VTI"));
    await advance(3000);
    await vi.waitFor(() => expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(3));
    expect((api.callsTo("POST /v1/save/portfolio/three-fund")[2]!.body as SaveBody).portfolio).not.toHaveProperty("applyInitialPercents");
  });

  it("says which initial percents could not be applied", async () => {
    const { user } = await openPortfolio(portfolioFixture({ autoSave: false }), {
      body: { message: "pupdated", data: portfolioFixture({ rev: 5 }), initialPercentSkipped: ["VTI"] },
    });
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    await user.type(screen.getByLabelText("Initial percent of VTI"), "50");
    // 50 % of $10,000 = $5,000 at the $250 VTI traded at that day: 20 units
    expect((await screen.findByText(/→ quantity 20 at \$250\.00 \(close on Mar 01, 2024, as traded\), when saved/)).textContent).toBe(
      "50% of $10,000.00 = $5,000.00 → quantity 20 at $250.00 (close on Mar 01, 2024, as traded), when saved",
    );
    await user.keyboard("{Enter}");
    await user.click(saveButton());
    expect(await screen.findByText("No price at the purchase date for VTI: quantity kept as entered.")).toBeTruthy();
  });

  it("asks before an initial percent that rounds to 0 units sets the quantity to 0", async () => {
    const zero = { ticker: "VTI", initialPercent: 1, amount: 100, price: 250, units: 0.4 };
    const { user, store } = await openPortfolio(portfolioFixture({ autoSave: false }), {
      body: { message: "pupdated", data: portfolioFixture({ rev: 5 }), initialPercentSkipped: [], initialPercentZero: [zero] },
    });
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    const percent = screen.getByLabelText("Initial percent of VTI") as HTMLInputElement;
    // 1 % of $10,000 = $100 at $250: 0.4 of a unit, 0 whole units
    await user.type(percent, "1");
    await screen.findByText(/→ quantity 0 at \$250\.00/);
    await user.keyboard("{Enter}");
    let ask = screen.getByRole("dialog", { name: "Set VTI to 0 units?" });
    expect(ask.textContent).toContain("1% of $10,000.00 = $100.00 buys 0.4 of a unit of VTI at $250.00, which rounds to 0 whole units");
    // kept: nothing applied, the field back as it was
    await user.click(within(ask).getByRole("button", { name: "Keep the quantity" }));
    expect(store.getState().portfolio.data!.assets[0]!.initialPercent).toBeNull();
    expect(percent.value).toBe("");

    await user.type(percent, "1{Enter}");
    ask = screen.getByRole("dialog", { name: "Set VTI to 0 units?" });
    await user.click(within(ask).getByRole("button", { name: "Set to 0" }));
    expect(store.getState().portfolio.data!.assets[0]!.initialPercent).toBe(1);
    await user.click(saveButton());
    // the save says what it did, in the same numbers as the question
    expect(await screen.findByText("VTI at 1% buys 0.4 of a unit: rounded to 0 whole units.")).toBeTruthy();
  });
});

describe("save outcomes", () => {
  it("pupdated shows 'Saved!' when autoSave is off", async () => {
    const { user } = await openPortfolio(portfolioFixture({ autoSave: false }));
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    await user.click(saveButton());
    expect((await screen.findByText("Saved!")).closest("[role=status]")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it("pupdated is silent when autoSave is on, even for a manual save", async () => {
    const { user, api } = await openPortfolio(portfolioFixture());
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    await user.click(saveButton());
    await vi.waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(1);
    expect(screen.queryByText("Saved!")).toBeNull();
  });

  it("showPopup asks for a name, then saves again with it and opens the new portfolio", async () => {
    const api = mockApi({
      "POST /v1/save/portfolio/new": (call) =>
        (call.body as { newPortfolioName?: string }).newPortfolioName
          ? { body: { message: "pcreated", slug: "my-picks" } }
          : { body: { message: "showPopup" } },
      "POST /v1/get/portfolio/my-picks": reply(portfolioFixture({ slug: "my-picks", pName: "My Picks" })),
      "GET /v1/autocomplete": noSuggestions,
    });
    const { user } = renderApp({ route: "/p/new", preloadedState: signedInState() });
    await screen.findByRole("heading", { name: "Untitled portfolio" });
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    await user.click(saveButton());

    const modal = await screen.findByRole("dialog", { name: "New portfolio" });
    await user.type(within(modal).getByLabelText("Portfolio name"), "My Picks");
    await user.click(within(modal).getByRole("button", { name: "Create" }));

    expect(await screen.findByRole("heading", { name: "My Picks" })).toBeTruthy();
    expect(window.location.pathname).toBe("/p/my-picks");
    expect(screen.getByText("New portfolio created!")).toBeTruthy();
    const saves = api
      .callsTo("POST /v1/save/portfolio/new")
      .map((c) => c.body as { newPortfolioName?: string; portfolio: { assets: unknown[] } });
    expect(saves.map((b) => b.newPortfolioName)).toEqual([undefined, "My Picks"]);
    expect(saves[1]!.portfolio.assets).toHaveLength(1);
  });

  it("nouser opens the login window, keeps the page's URL and the unsaved edits", async () => {
    const { user, api, store } = await openPortfolio(portfolioFixture({ autoSave: false }), { status: 401, body: { result: "nouser" } });
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    await user.click(saveButton());
    expect(await screen.findByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(localStorage.getItem("preLoginUrl")).toBe("/p/three-fund");
    // the token was refused: the session is over, but what the user typed is still there to save
    expect(store.getState().auth.idToken).toBeNull();
    expect(assetCell("VTI")).toBeTruthy();
    expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(1);
  });

  it("a visitor saving the new portfolio is asked to log in", async () => {
    mockApi({ "POST /v1/save/portfolio/new": { status: 401, body: { result: "nouser" } }, "GET /v1/autocomplete": noSuggestions });
    const { user } = renderApp({ route: "/p/new" });
    await screen.findByRole("heading", { name: "Untitled portfolio" });
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    await user.click(saveButton());
    expect(await screen.findByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(localStorage.getItem("preLoginUrl")).toBe("/p/new");
    // the edits wait for the login
    expect(assetCell("VTI")).toBeTruthy();
  });

  it("another failure shows the server's message", async () => {
    const { user } = await openPortfolio(portfolioFixture({ autoSave: false }), {
      status: 409,
      body: { error: "This portfolio was changed elsewhere. Reload it to see the latest version.", code: "portfolio/version-conflict" },
    });
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    await user.click(saveButton());
    expect((await screen.findByRole("alert")).textContent).toContain("This portfolio was changed elsewhere.");
    expect(saveButton().disabled).toBe(false);
  });

  it("a failure without a message shows the spec's save error", async () => {
    const { user } = await openPortfolio(portfolioFixture({ autoSave: false }), { status: 500, body: {} });
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    await user.click(saveButton());
    expect((await screen.findByRole("alert")).textContent).toContain("An error occurred while saving. Please try again.");
  });

  it("a nok result shows its data", async () => {
    const { user } = await openPortfolio(portfolioFixture({ autoSave: false }), { body: { result: "nok", data: "API request failed" } });
    await addAsset(user, { ticker: "VTI", quantity: "10", date: "2024-03-01", price: "250" });
    await user.click(saveButton());
    expect((await screen.findByRole("alert")).textContent).toContain("API request failed");
  });
});

describe("edits during a save", () => {
  it("stay unsaved, and autosave saves them next", async () => {
    let release: () => void = () => {};
    const { api, store } = await openPortfolio(portfolioFixture(), async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { body: { message: "pupdated", data: portfolioFixture({ rev: 5 }) } };
    });
    // the re-read after the save brings the figures; the unsaved edit stays
    api.handlers["POST /v1/get/portfolio/three-fund"] = reply(portfolioFixture({ rev: 5 }));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    addAssetNow("VTI");
    await advance(3000);
    await vi.waitFor(() => expect(store.getState().portfolio.saving).toBe(true));
    addAssetNow("BND");
    await act(async () => release());
    await vi.waitFor(() => expect(store.getState().portfolio.saving).toBe(false));
    expect(store.getState().portfolio.hasChanges).toBe(true);
    expect(store.getState().portfolio.data!.assets.map((a) => a.ticker)).toEqual(["VTI", "BND"]);
    expect(store.getState().portfolio.data!.rev).toBe(5);

    await advance(3000);
    await vi.waitFor(() => expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(2));
  });
});
