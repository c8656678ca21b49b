import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PriceReply } from "../../app/apiTypes.ts";
import { advance, type MockHandler, mockApi, portfolioFixture, renderApp, signedInState } from "../../test-utils.tsx";
import { portfolioReply } from "./portfolioFixtures.ts";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

// the route loads the page on demand; loading it once up front keeps the first test inside findBy's wait
beforeAll(async () => {
  await import("./PortfolioPage.tsx");
});

const nvda: PriceReply = {
  ticker: "NVDA",
  name: "NVIDIA Corporation",
  assetClass: "Stock",
  latestPrice: 210.96,
  fee: 0,
  currency: "USD",
  // adjusted for the later split and dividends: never a purchase price
  historical_data: { "2023-09": 43.41800308227539, "2024-01": 61.53, "2025-01": 120.07, "2026-07": 203.53 },
};
const suggestions = {
  suggestions: [
    { ticker: "NVDA", name: "NVIDIA Corporation", assetClass: "Stock" },
    { ticker: "NVO", name: "Novo Nordisk A/S", assetClass: "Stock" },
  ],
};

async function openModal(handlers: Record<string, MockHandler> = {}) {
  const api = mockApi({
    "POST /v1/get/portfolio/three-fund": portfolioReply(portfolioFixture({ autoSave: false })),
    "GET /v1/autocomplete": { body: suggestions },
    "GET /v1/get/NVDA": { body: nvda },
    ...handlers,
  });
  const rendered = renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
  fireEvent.click(await screen.findByRole("button", { name: "Add asset" }));
  const dialog = screen.getByRole("dialog", { name: "Add asset" });
  return { api, dialog, ...rendered };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
/** A check's message: next to its field (named by it, inside the window), the only alert, not a toast. */
function expectBeside(dialog: HTMLElement, label: string, message: string) {
  const input = within(dialog).getByLabelText(label, { selector: "input" });
  expect(input.getAttribute("aria-invalid")).toBe("true");
  // the message first; a note about the field (where a suggested price comes from) may follow it
  const [messageId] = input.getAttribute("aria-describedby")!.split(" ");
  expect(document.getElementById(messageId!)?.textContent).toBe(message);
  const alerts = screen.getAllByRole("alert");
  expect(alerts).toHaveLength(1);
  expect(dialog.contains(alerts[0]!)).toBe(true);
}

const lastAlert = () => screen.getAllByRole("alert").at(-1)?.textContent?.replace(/×$/, "");

describe("the add-asset search", () => {
  it("asks for suggestions only from 2 characters, once typing pauses", async () => {
    const { api, dialog } = await openModal();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const search = field(dialog, "Search ticker");

    fireEvent.change(search, { target: { value: "N" } });
    await advance(1000);
    expect(api.callsTo("GET /v1/autocomplete")).toHaveLength(0);
    expect(within(dialog).queryAllByRole("option")).toHaveLength(0);

    fireEvent.change(search, { target: { value: "NV" } });
    await advance(200);
    expect(api.callsTo("GET /v1/autocomplete")).toHaveLength(0);
    await advance(100);
    await vi.waitFor(() => expect(within(dialog).getAllByRole("option")).toHaveLength(2));
    expect(api.callsTo("GET /v1/autocomplete").map((c) => c.search)).toEqual(["?query=NV"]);
    expect(search.getAttribute("aria-expanded")).toBe("true");
  });

  it("says when a search found nothing that can be priced", async () => {
    const { dialog, user } = await openModal({ "GET /v1/autocomplete": { body: { suggestions: [] } } });
    await user.type(field(dialog, "Search ticker"), "zzq");
    expect((await within(dialog).findByRole("option")).textContent).toBe("Nothing found for “zzq” that can be priced here");
  });

  it("picking a suggestion fills the ticker and looks up its price", async () => {
    const { api, dialog, user } = await openModal();
    await user.type(field(dialog, "Search ticker"), "nv");
    await user.click(await within(dialog).findByRole("option", { name: /NVDA NVIDIA Corporation/ }));

    expect(field(dialog, "Search ticker").value).toBe("NVDA");
    const chosen = await within(dialog).findByRole("region", { name: "Chosen asset" });
    await within(chosen).findByText("$210.96");
    expect(chosen.textContent).toContain("NVIDIA Corporation");
    expect(chosen.textContent).toContain("Stock");
    expect(api.callsTo("GET /v1/get/NVDA")).toHaveLength(1);
    expect(within(dialog).queryAllByRole("option")).toHaveLength(0);
  });

  it("offers the popular shortcuts", async () => {
    const { dialog, user } = await openModal();
    const popular = within(dialog).getByRole("group", { name: "Popular" });
    expect(
      within(popular)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["SPY", "BTC-USD", "VTI", "QQQ", "TSLA", "GOOGL", "NVDA"]);
    await user.click(within(popular).getByRole("button", { name: "NVDA" }));
    await within(dialog).findByText("$210.96");
    expect(field(dialog, "Search ticker").value).toBe("NVDA");
  });

  it("a failed price look-up shows 'Ooops! Something went wrong!'", async () => {
    const { dialog, user } = await openModal({
      "GET /v1/get/SPY": { status: 503, body: { error: "Ooops! Something went wrong!", code: "unavailable" } },
    });
    await user.click(within(dialog).getByRole("button", { name: "SPY" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Ooops! Something went wrong!");
  });

  it("an unknown ticker is named, and not kept", async () => {
    const { dialog, user } = await openModal({
      "GET /v1/get/ZZZZ": { status: 404, body: { error: "Unknown ticker: ZZZZ", code: "not_found" } },
    });
    await user.type(field(dialog, "Search ticker"), "zzzz");
    await user.click(within(dialog).getByRole("button", { name: "Search" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Unknown ticker: ZZZZ");
    expect(within(dialog).queryByRole("region", { name: "Chosen asset" })).toBeNull();
  });
});

/** The server's as-traded closes of NVDA (before its 10:1 split of June 2024), and the trading day of each. */
const NVDA_CLOSES: Record<string, { date: string; close: number }> = {
  "2023-09-11": { date: "2023-09-11", close: 451.77999877929688 },
  // a Sunday: the Friday before
  "2024-01-01": { date: "2023-12-29", close: 495.22000122070312 },
  "2025-01-01": { date: "2024-12-31", close: 134.28999328613281 },
  "2026-11-22": { date: "2026-07-13", close: 203.52999877929688 },
};
const nvdaCloses: MockHandler = (call) => {
  const date = new URLSearchParams(call.search).get("date") ?? "";
  const found = NVDA_CLOSES[date];
  return found
    ? { body: { ticker: "NVDA", ...found, currency: "USD", basis: "as-traded" } }
    : { status: 404, body: { error: `No close for NVDA on or before ${date}`, code: "not_found" } };
};

describe("the purchase date and price", () => {
  it("presets give today and 1 January of 1 to 4 years back; each prefills that day's as-traded close, to the cent", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(2026, 10, 22, 9, 30) });
    const { api, dialog, user } = await openModal({ "GET /v1/get/NVDA/close": nvdaCloses });
    await user.click(within(dialog).getByRole("button", { name: "NVDA" }));
    await within(dialog).findByText("$210.96");

    const presets = within(dialog).getByRole("group", { name: "Acquisition presets" });
    expect(
      within(presets)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Today", "1 Jan 2025", "1 Jan 2024", "1 Jan 2023", "1 Jan 2022"]);
    const date = field(dialog, "Purchase date");
    const price = field(dialog, "Purchase price");
    const note = () => document.getElementById(price.getAttribute("aria-describedby")!)?.textContent;

    await user.click(within(presets).getByRole("button", { name: "1 Jan 2025" }));
    expect(date.value).toBe("2025-01-01");
    await vi.waitFor(() => expect(price.value).toBe("$134.29"));
    expect(note()).toBe("Close on Dec 31, 2024 (as traded), the last trading day before Jan 01, 2025");
    // before the split: the price paid then, not the split-adjusted $49.52
    await user.click(within(presets).getByRole("button", { name: "1 Jan 2024" }));
    await vi.waitFor(() => expect(price.value).toBe("$495.22"));
    await user.click(within(presets).getByRole("button", { name: "Today" }));
    expect(date.value).toBe("2026-11-22");
    await vi.waitFor(() => expect(price.value).toBe("$203.53"));
    expect(note()).toBe("Close on Jul 13, 2026 (as traded), the last trading day before Nov 22, 2026");
    // no close: the field stays empty with a note, never another day's or month's price
    await user.click(within(presets).getByRole("button", { name: "1 Jan 2022" }));
    expect(date.value).toBe("2022-01-01");
    await vi.waitFor(() => expect(note()).toBe("No close found for NVDA on or before Jan 01, 2022: type the price you paid."));
    expect(price.value).toBe("NA");
    expect(api.callsTo("GET /v1/get/NVDA/close").map((c) => c.search)).toEqual([
      "?date=2025-01-01",
      "?date=2024-01-01",
      "?date=2026-11-22",
      "?date=2022-01-01",
    ]);
  });

  it("10 NVDA on Sep 11, 2023 is prefilled with the $451.78 actually paid; a click then typing replaces it", async () => {
    const { dialog, user } = await openModal({ "GET /v1/get/NVDA/close": nvdaCloses });
    await user.click(within(dialog).getByRole("button", { name: "NVDA" }));
    await within(dialog).findByText("$210.96");
    fireEvent.change(field(dialog, "Purchase date"), { target: { value: "2023-09-11" } });
    const price = field(dialog, "Purchase price");
    await vi.waitFor(() => expect(price.value).toBe("$451.78"));
    expect(within(dialog).getByText("Close on Sep 11, 2023 (as traded)")).toBeTruthy();
    // focused: the digits to the cent, all selected, so what is typed replaces them
    await user.click(price);
    expect(price.value).toBe("451.78");
    expect([price.selectionStart, price.selectionEnd]).toEqual([0, 6]);
    await user.keyboard("450");
    expect(price.value).toBe("450");
    await user.tab();
    expect(price.value).toBe("$450.00");
    // the typed price is the user's: no note about a suggestion, and a date change does not replace it
    expect(within(dialog).queryByText(/as traded/)).toBeNull();
    fireEvent.change(field(dialog, "Purchase date"), { target: { value: "2024-01-01" } });
    expect(price.value).toBe("$450.00");
  });

  it("the purchase price shows 'NA' when it is not > 0, and the typed text while editing", async () => {
    const { dialog, user } = await openModal();
    const price = field(dialog, "Purchase price");
    expect(price.value).toBe("NA");
    await user.click(price);
    expect(price.value).toBe("");
    await user.type(price, "0");
    await user.tab();
    expect(price.value).toBe("NA");
    await user.click(price);
    await user.clear(price);
    await user.type(price, "1234.5");
    await user.tab();
    expect(price.value).toBe("$1,234.50");
  });
});

describe("adding the asset", () => {
  it("checks quantity, then purchase date, then purchase price, then adds it; its figures wait for the valuation", async () => {
    const { dialog, user, store } = await openModal({ "GET /v1/get/NVDA/close": nvdaCloses });
    const add = () => user.click(within(dialog).getByRole("button", { name: "Add to portfolio" }));

    await add();
    expect(lastAlert()).toBe("Ticker missing");
    await user.click(within(dialog).getByRole("button", { name: "NVDA" }));
    await within(dialog).findByText("$210.96");
    await add();
    expectBeside(dialog, "Quantity", "Quantity missing");
    await user.type(field(dialog, "Quantity"), "0");
    await add();
    expectBeside(dialog, "Quantity", "Quantity missing");
    await user.clear(field(dialog, "Quantity"));
    await user.type(field(dialog, "Quantity"), "5");
    await add();
    expectBeside(dialog, "Purchase date", "Purchase date missing");
    // a day without a close: the price is left to the user
    fireEvent.change(field(dialog, "Purchase date"), { target: { value: "2023-06-15" } });
    await within(dialog).findByText(/No close found for NVDA/);
    await add();
    expectBeside(dialog, "Purchase price", "Purchase price missing");
    expect(store.getState().portfolio.data!.assets).toHaveLength(0);

    await user.type(field(dialog, "Purchase price"), "42.5");
    await add();
    expect(screen.queryByRole("dialog", { name: "Add asset" })).toBeNull();
    const row = within(screen.getByRole("table", { name: "Assets" }))
      .getByRole("cell", { name: "NVDA" })
      .closest("tr")!;
    expect(within(row).getByRole("cell", { name: "NVIDIA Corporation" })).toBeTruthy();
    expect(within(row).getByRole("cell", { name: "$42.50" })).toBeTruthy();
    expect(within(row).getByRole("cell", { name: "Jun 15, 2023" })).toBeTruthy();
    // the latest price is the look-up's; the market value and gain are the valuation's, which the save brings
    expect(within(row).getByRole("cell", { name: "$210.96" })).toBeTruthy();
    expect(within(row).getByRole("cell", { name: "Being valued…" })).toBeTruthy();
    expect(within(row).queryByText("$1,054.80")).toBeNull();
    expect(store.getState().portfolio.hasChanges).toBe(true);
    expect(store.getState().portfolio.data!.assets[0]).toMatchObject({
      ticker: "NVDA",
      quantity: 5,
      PoA: 42.5,
      DoA: "2023-06-15",
      fee: 0,
      assetClass: "Stock",
    });
  });

  it("refuses what the server would refuse, in its words, before a row enters the table", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(2026, 10, 22, 9, 30) });
    const { api, dialog, user, store } = await openModal({ "GET /v1/get/NVDA/close": nvdaCloses });
    const add = () => user.click(within(dialog).getByRole("button", { name: "Add to portfolio" }));
    await user.click(within(dialog).getByRole("button", { name: "NVDA" }));
    await within(dialog).findByText("$210.96");
    await user.type(field(dialog, "Purchase price"), "100");

    await user.type(field(dialog, "Quantity"), "-10");
    fireEvent.change(field(dialog, "Purchase date"), { target: { value: "2023-09-11" } });
    await add();
    expectBeside(dialog, "Quantity", "Quantity must be a number from 0 to 1,000,000,000");
    await user.clear(field(dialog, "Quantity"));
    await user.type(field(dialog, "Quantity"), "1000000001");
    await add();
    expectBeside(dialog, "Quantity", "Quantity must be a number from 0 to 1,000,000,000");
    await user.clear(field(dialog, "Quantity"));
    await user.type(field(dialog, "Quantity"), "10");

    // a future date is said as soon as it is chosen, and no close is asked for it
    fireEvent.change(field(dialog, "Purchase date"), { target: { value: "2027-01-04" } });
    expectBeside(dialog, "Purchase date", "Purchase date cannot be in the future");
    await add();
    expectBeside(dialog, "Purchase date", "Purchase date cannot be in the future");
    expect(api.callsTo("GET /v1/get/NVDA/close").map((c) => c.search)).not.toContain("?date=2027-01-04");
    expect(field(dialog, "Purchase date").getAttribute("max")).toBe("2026-11-22");

    await user.clear(field(dialog, "Purchase price"));
    await user.type(field(dialog, "Purchase price"), "2000000000");
    fireEvent.change(field(dialog, "Purchase date"), { target: { value: "2023-09-11" } });
    await add();
    expectBeside(dialog, "Purchase price", "Purchase price must be at most 1,000,000,000");
    expect(store.getState().portfolio.data!.assets).toHaveLength(0);
  });
});
