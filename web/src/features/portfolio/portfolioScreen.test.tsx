import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Portfolio, Valuation } from "../../app/apiTypes.ts";
import { chartProps } from "../../components/ApexChartStub.tsx";
import { advance, assetFixture, mockApi, portfolioFixture, renderApp, signedInState, valuedAssetFixture } from "../../test-utils.tsx";
import {
  fakePortfolioServer,
  portfolioReply,
  rangeFixture,
  TWR_DEFINITION,
  valuationFixture,
  XIRR_DEFINITION,
} from "./portfolioFixtures.ts";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

beforeAll(async () => {
  await import("./PortfolioPage.tsx");
});

/** VTI 10 × 250 now 270, BND 20 × 72.50 now 75: market value 4200, cost 3950. */
const priced = portfolioFixture({
  autoSave: false,
  lastRefreshed: "2024-06-28T10:00:00.000Z",
  assets: [
    valuedAssetFixture({ latestPrice: 270, fee: 0.03 }),
    valuedAssetFixture({
      ticker: "BND",
      name: "Vanguard Total Bond Market ETF",
      quantity: 20,
      PoA: 72.5,
      value: 1450,
      DoA: "2024-03-01",
      index: 1,
      latestPrice: 75,
      fee: "0.035%",
    }),
  ],
});

async function openScreen(data: Portfolio = priced, valuation: Valuation | null = valuationFixture(), { notOwner = false } = {}) {
  const server = fakePortfolioServer(data, valuation);
  const api = mockApi({
    "POST /v1/get/portfolio/three-fund": notOwner ? portfolioReply(data, valuation, { notOwner }) : server.get,
    "POST /v1/save/portfolio/three-fund": server.save,
  });
  const rendered = renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
  await screen.findByRole("heading", { name: data.pName });
  // the charts and periods draw in a deferred render after the figures: let it run
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { api, server, ...rendered };
}

const stat = (name: string) => screen.getByRole("group", { name });
const assetsTable = () => screen.getByRole("table", { name: "Assets" });
const assetRow = (ticker: string) => within(assetsTable()).getByRole("cell", { name: ticker }).closest("tr")!;
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((c) => c.textContent);
/** the months the value chart draws (its data table) */
const chartMonths = () =>
  within(screen.getByRole("figure", { name: "Portfolio value chart" }))
    .getAllByRole("row")
    .slice(1)
    .map((r) => r.firstChild?.textContent);
const pressed = (group: string) =>
  within(screen.getByRole("group", { name: group }))
    .getAllByRole("button")
    .filter((b) => b.getAttribute("aria-pressed") === "true")
    .map((b) => b.textContent);

describe("figures", () => {
  it("shows market value, cost, profit/loss, weighted fees, and each asset's live figures", async () => {
    await openScreen();
    expect(stat("Market value").textContent).toContain("$4,200.00");
    expect(stat("Cost").textContent).toContain("$3,950.00");
    expect(stat("Profit/loss").textContent).toContain("$250.00");
    // the one labelled return, the same words as the dashboard's and the community's cards: 250 / 3950 = 6.33 %
    expect(stat("Profit/loss").textContent).toContain("Total return +6.33%");
    // 0.03 × 64.29 % + 0.035 × 35.71 % = 0.0318 (% a year)
    expect(stat("Fees").textContent).toContain("0.0318%");
    // VTI: 10 × 270 = 2700, gain 200, 2700 / 4200 = 64.29 %
    expect(cellTexts(assetRow("VTI")).slice(4, 10)).toEqual(["$250.00", "Jan 05, 2024", "$270.00", "$2,700.00", "$200.00", "64.29%"]);
    expect(cellTexts(assetRow("BND")).slice(6, 10)).toEqual(["$75.00", "$1,500.00", "$50.00", "35.71%"]);
  });

  it("shows the server's figures in the base currency: split note, price dates, dividends, prices as of, ambiguous XIRR", async () => {
    // 10 NVDA bought at $450 before the 10:1 split, valued in euros: a dollar is €0.92 then and €0.90 now
    const nvda = assetFixture({
      ticker: "NVDA",
      name: "NVIDIA",
      quantity: 10,
      PoA: 450,
      value: 4500,
      DoA: "2023-09-11",
      latestPrice: 203.53,
      currency: "USD",
      priceDate: "2026-07-13",
      splitFactor: 10,
      shares: 100,
      splitNote: "10 bought → 100 after the 10:1 split of Jun 10, 2024",
      marketValue: 18317.7,
      cost: 4140,
      dividends: 9,
      // 18,317.70 + 9 − 4,140
      profitLoss: 14186.7,
      profitLossPercent: (14186.7 / 4140) * 100,
    });
    const valuation = valuationFixture({
      baseCurrency: "EUR",
      pricesAsOf: "2026-07-13",
      xirrPercent: 10,
      xirrMultipleRoots: true,
      xirrRootsPercent: [-20, 10],
      definitions: { twr: TWR_DEFINITION, xirr: XIRR_DEFINITION, basis: "Total return: dividends count as income." },
      // July's market value at June's rate, the last known one (docs/numbers.md "Currencies")
      rates: [{ pair: "USDEUR=X", rate: 0.9, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" }],
    });
    // with the range's TWR, the value chart offers money or return
    const all = valuation.ranges.All;
    if (all) valuation.ranges.All = { ...all, twrSeries: [0, 1.27, 3.8, 2.53, 5.06, 6.33] };
    await openScreen(portfolioFixture({ autoSave: false, assets: [nvda] }), valuation);
    // 100 × $203.53 × 0.90 = €18,317.70; cost 10 × $450 × 0.92 = €4,140; P/L 18,317.70 + 9 − 4,140 = €14,186.70
    expect(stat("Market value").textContent).toContain("€18,317.70");
    expect(stat("Market value").textContent).toContain("Prices as of Jul 13, 2026");
    expect(stat("Cost").textContent).toContain("€4,140.00");
    expect(stat("Dividends received").textContent).toContain("€9.00");
    expect(stat("Profit/loss").textContent).toContain("€14,186.70");
    const row = assetRow("NVDA");
    expect(row.textContent).toContain("10 bought → 100 after the 10:1 split of Jun 10, 2024");
    // prices in the instrument's currency; the date is said once above, as all prices share it
    expect(row.textContent).toContain("$203.53");
    expect(row.textContent).not.toContain("as of");
    expect(row.textContent).toContain("incl. €9.00 dividends received");
    const xirr = screen.getByRole("group", { name: "Money-weighted return (XIRR)" });
    expect(xirr.textContent).toContain("10% (ambiguous)");
    expect(xirr.textContent).toContain("Rates that fit: -20%, 10%.");
    expect(screen.getByText("Total return: dividends count as income.")).toBeTruthy();
    // the rate carried forward is said with its date, like a stale price
    expect(screen.getByRole("list", { name: "Not included in the figures" }).textContent).toContain(
      "Last known exchange rate: USD→EUR 0.9 as of Jun 01, 2026",
    );
    // every amount of the valuation is in euros: the charts' tables and the historical periods too
    const valueTable = within(screen.getByRole("region", { name: "Value" })).getByRole("table");
    expect(valueTable.textContent).toContain("€3,950.00");
    expect(valueTable.textContent).not.toContain("$");
    const bars = within(screen.getByRole("region", { name: "Profit/loss per period" })).getByRole("table");
    expect(bars.textContent).toContain("€250.00");
    expect(bars.textContent).not.toContain("$");
    const periods = screen.getByRole("table", { name: "Historical returns" });
    expect(periods.textContent).toContain("€4,465.86");
    expect(periods.textContent).not.toContain("$");
    // the toggles say the owner's currency, not a dollar
    const toggles = (name: string) =>
      within(screen.getByRole("group", { name }))
        .getAllByRole("button")
        .map((b) => b.textContent);
    expect(toggles("Show gains as")).toEqual(["€", "%"]);
    expect(toggles("Show the value chart as")).toEqual(["Value €", "Return %"]);
  });

  it("leaves an unpriced asset out of value, cost and profit/loss alike, and says why", async () => {
    // ZZZZ 5 × $10 was valued without a price: no live fields of its own
    const zzzz = assetFixture({ ticker: "ZZZZ", name: "", quantity: 5, PoA: 10, value: 50, DoA: "2024-01-02", index: 2 });
    const valuation = { ...valuationFixture({ unpriced: ["ZZZZ"] }), unpricedReasons: [{ ticker: "ZZZZ", reason: "unknown-ticker" }] };
    await openScreen(portfolioFixture({ autoSave: false, assets: [...priced.assets, zzzz] }), valuation as Valuation);
    // VTI 2700 + BND 1500 on 2500 + 1450: ZZZZ's $50 is in no figure
    expect(stat("Market value").textContent).toContain("$4,200.00");
    expect(stat("Cost").textContent).toContain("$3,950.00");
    expect(stat("Profit/loss").textContent).toContain("$250.00");
    expect(screen.getByText("No price found for ZZZZ (unknown ticker): left out of value, cost and profit/loss.")).toBeTruthy();
    expect(cellTexts(assetRow("ZZZZ")).slice(6, 10)).toEqual(["NA", "NA", "NA", "NA"]);
  });

  it("shows TWR and XIRR side by side, each with its definition", async () => {
    await openScreen();
    const returns = screen.getByRole("region", { name: "Returns" });
    const twr = within(returns).getByRole("group", { name: "Time-weighted return (TWR)" });
    const xirr = within(returns).getByRole("group", { name: "Money-weighted return (XIRR)" });
    expect(twr.textContent).toContain("6.25%");
    expect(twr.textContent).toContain(TWR_DEFINITION);
    expect(xirr.textContent).toContain("13.50%");
    expect(xirr.textContent).toContain(XIRR_DEFINITION);
  });

  it("formatGains: '%' shows gains as percents, as an edit of the portfolio that is saved", async () => {
    const { user, api } = await openScreen();
    expect(pressed("Show gains as")).toEqual(["$"]);
    await user.click(screen.getByRole("button", { name: "%" }));

    // 250 / 3950 = 6.33 %; VTI 200 / 2500 = 8 %; BND 50 / 1450 = 3.45 %
    expect(stat("Total return").textContent).toContain("6.33%");
    expect(stat("Total return").textContent).toContain("Profit/loss $250.00");
    expect(cellTexts(assetRow("VTI"))[8]).toBe("8%");
    expect(cellTexts(assetRow("BND"))[8]).toBe("3.45%");
    const bars = within(screen.getByRole("figure", { name: "Profit/loss per period chart" }));
    expect(bars.getAllByRole("row").map((r) => r.textContent)).toEqual(["PeriodProfit/loss", "All6.33%", "YTD-1%"]);
    await bars.findByTestId("apexchart");
    expect(chartProps(screen.getByRole("figure", { name: "Profit/loss per period chart" }))).toMatchObject({
      type: "bar",
      categories: ["All", "YTD"],
      series: [{ name: "Profit/loss", data: [6.33, -1] }],
    });

    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(1));
    expect((api.callsTo("POST /v1/save/portfolio/three-fund")[0]!.body as { portfolio: Portfolio }).portfolio.formatGains).toBe("%");
  });

  it("counts down the minutes until the next price update, floored at 0", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: new Date("2024-06-28T10:15:30.000Z") });
    await openScreen();
    // 15 whole minutes since 10:00 → 60 − 15
    expect(stat("Next price update").textContent).toContain("in 45 minutes");
    await advance(60_000);
    expect(stat("Next price update").textContent).toContain("in 44 minutes");
    await advance(50 * 60_000);
    expect(stat("Next price update").textContent).toContain("in 0 minutes");
  });
});

describe("charts", () => {
  it("draws the value line against the index, the shares pie and the profit/loss bars", async () => {
    await openScreen();
    const figure = screen.getByRole("figure", { name: "Portfolio value chart" });
    await within(figure).findByTestId("apexchart");
    const line = chartProps(figure)!;
    expect(line.type).toBe("line");
    expect(line.categories).toEqual(["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]);
    const series = line.series as { name: string; data: (number | null)[] }[];
    // names reach ApexCharts HTML-escaped (components/chartText.ts): its legend shows "S&P 500"
    expect(series.map((s) => s.name)).toEqual(["Three Fund", "S&amp;P 500"]);
    expect(series[0]!.data).toEqual([3950, 4000, 4100, 4050, 4150, 4200]);
    // the index rescaled to start at the portfolio's first value
    expect(series[1]!.data[0]).toBe(3950);

    const pie = within(screen.getByRole("figure", { name: "Asset shares chart" }));
    expect(pie.getAllByRole("row").map((r) => r.textContent)).toEqual(["TickerShare", "VTI64.29%", "BND35.71%"]);
    await pie.findByTestId("apexchart");
    expect(chartProps(screen.getByRole("figure", { name: "Asset shares chart" }))).toMatchObject({
      type: "pie",
      labels: ["VTI", "BND"],
    });
    expect(screen.getByRole("figure", { name: "Profit/loss per period chart" })).toBeTruthy();
  });

  it("offers only the ranges with at least 2 dates, and switches between them", async () => {
    const { user } = await openScreen();
    // 1Y has a single month, 3Y none
    expect(
      within(screen.getByRole("group", { name: "Range" }))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["YTD", "All"]);
    expect(pressed("Range")).toEqual(["All"]);
    expect(chartMonths()).toEqual(["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]);

    await user.click(screen.getByRole("button", { name: "YTD" }));
    expect(pressed("Range")).toEqual(["YTD"]);
    expect(chartMonths()).toEqual(["Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]);
    expect(screen.getByText(/time-weighted over the year to date/)).toBeTruthy();
  });

  it("has no line chart while no range has 2 dates", async () => {
    const single = valuationFixture({
      ranges: { All: rangeFixture("All", [4200], "2024-06"), YTD: rangeFixture("YTD", [4200], "2024-06"), "1Y": null, "3Y": null },
    });
    await openScreen(priced, single);
    expect(screen.queryByRole("figure", { name: "Portfolio value chart" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Range" })).toBeNull();
    expect(screen.getByText("The value chart appears once the portfolio has prices for at least two months.")).toBeTruthy();
    // the pie needs only today's prices
    expect(screen.getByRole("figure", { name: "Asset shares chart" })).toBeTruthy();
  });

  it("the portfolio view draws the portfolio alone", async () => {
    const { user } = await openScreen();
    expect(pressed("Chart view")).toEqual(["Benchmark"]);
    await user.click(screen.getByRole("button", { name: "Portfolio" }));
    const header = within(screen.getByRole("figure", { name: "Portfolio value chart" })).getAllByRole("columnheader");
    expect(header.map((h) => h.textContent)).toEqual(["Month", "Three Fund"]);
  });
});

describe("benchmark picker", () => {
  it("offers S&P 500, ETF Vanguard and ETF Total, saves the choice as portfolio settings and reads the figures again", async () => {
    const { user, api, store, server } = await openScreen();
    api.handlers["POST /v1/update/portfoliosettings/three-fund"] = server.settings;
    const picker = screen.getByLabelText("Benchmark index") as HTMLSelectElement;
    expect([...picker.options].map((o) => [o.value, o.textContent])).toEqual([
      ["SPY", "S&P 500"],
      ["VOO", "ETF Vanguard"],
      ["VTI", "ETF Total"],
    ]);
    expect(picker.value).toBe("SPY");

    await user.selectOptions(picker, "VOO");
    await vi.waitFor(() => expect(api.callsTo("POST /v1/get/portfolio/three-fund")).toHaveLength(2));
    const calls = api.callsTo("POST /v1/update/portfoliosettings/three-fund");
    expect(calls.map((c) => c.body)).toEqual([{ settings: { indexTicker: "VOO" } }]);
    expect(calls[0]!.authorization).toBe("Bearer token-ann");
    // a settings change is not an unsaved edit, but it is a new revision the next save must name
    expect(store.getState().portfolio.hasChanges).toBe(false);
    expect(store.getState().portfolio.data!.indexTicker).toBe("VOO");
    expect(store.getState().portfolio.data!.rev).toBe(5);
    expect(picker.value).toBe("VOO");
  });

  it("with unsaved edits, keeps them and names the new revision in the next save", async () => {
    const { user, api, store, server } = await openScreen();
    api.handlers["POST /v1/update/portfoliosettings/three-fund"] = server.settings;
    const quantity = screen.getByLabelText("Quantity of BND");
    await user.clear(quantity);
    await user.type(quantity, "30{Enter}");

    await user.selectOptions(screen.getByLabelText("Benchmark index"), "VTI");
    await vi.waitFor(() => expect(api.callsTo("POST /v1/get/portfolio/three-fund")).toHaveLength(2));
    expect(store.getState().portfolio.data!.assets[1]!.quantity).toBe(30);

    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(1));
    const sent = (api.callsTo("POST /v1/save/portfolio/three-fund")[0]!.body as { portfolio: Portfolio }).portfolio;
    expect(sent.rev).toBe(5);
    expect(sent.indexTicker).toBe("VTI");
  });

  it("a failed change says so", async () => {
    const { user, api } = await openScreen();
    api.handlers["POST /v1/update/portfoliosettings/three-fund"] = { status: 500, body: {} };
    await user.selectOptions(screen.getByLabelText("Benchmark index"), "VTI");
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong. Please try again.");
    expect(api.callsTo("POST /v1/get/portfolio/three-fund")).toHaveLength(1);
  });

  it("a non-owner sees the benchmark's name, not the picker", async () => {
    await openScreen(priced, valuationFixture({ indexTicker: "VTI", indexName: "ETF Total" }), { notOwner: true });
    expect(screen.queryByLabelText("Benchmark index")).toBeNull();
    expect(screen.getByText("Benchmark: ETF Total")).toBeTruthy();
  });
});

describe("historical returns", () => {
  it("lists each period with its return and the assets left out", async () => {
    await openScreen();
    const table = screen.getByRole("table", { name: "Historical returns" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ["All", "Jan 2024", "Jun 2024", "6.33%", "$4,465.86", "—"],
      ["2008 Crash", "Oct 2007", "Feb 2009", "-45.50%", "$2,289.00", "VTI (no price at the start)"],
    ]);
  });
});

describe("edit-asset modal", () => {
  it("edits the quantity: the figures follow at once, in proportion to the server's valuation", async () => {
    const { user, store } = await openScreen();
    await user.click(screen.getByRole("button", { name: "Edit VTI" }));
    const dialog = screen.getByRole("dialog", { name: "Edit VTI" });
    const quantity = within(dialog).getByLabelText("Quantity") as HTMLInputElement;
    expect(quantity.value).toBe("10");
    expect((within(dialog).getByLabelText("Purchase date") as HTMLInputElement).value).toBe("2024-01-05");
    expect((within(dialog).getByLabelText("Purchase price") as HTMLInputElement).value).toBe("$250.00");

    await user.clear(quantity);
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(screen.getByRole("alert").textContent).toContain("Quantity missing");
    await user.type(quantity, "-2");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(screen.getByRole("alert").textContent).toContain("Quantity must be a number from 0 to 1,000,000,000");

    await user.clear(quantity);
    await user.type(quantity, "12");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(screen.queryByRole("dialog", { name: "Edit VTI" })).toBeNull();
    // the server valued 10 at 2700 on 2500; 12 of the same lot: 12 × 270 = 3240, cost 12 × 250 = 3000, gain 240
    expect(cellTexts(assetRow("VTI")).slice(4, 9)).toEqual(["$250.00", "Jan 05, 2024", "$270.00", "$3,240.00", "$240.00"]);
    expect(store.getState().portfolio.data!.assets[0]).toMatchObject({ quantity: 12, DoA: "2024-01-05", PoA: 250, value: 3000 });
  });

  it("a new date suggests that day's as-traded close, to the cent; the lot is valued again before it has figures", async () => {
    const { api, user, store } = await openScreen();
    // Feb 10, 2024 was a Saturday: the server answers Friday's close, as traded
    api.handlers["GET /v1/get/VTI/close"] = () => ({
      body: { ticker: "VTI", date: "2024-02-09", close: 240.12345, currency: "USD", basis: "as-traded" },
    });
    await user.click(screen.getByRole("button", { name: "Edit VTI" }));
    const dialog = screen.getByRole("dialog", { name: "Edit VTI" });
    fireEvent.change(within(dialog).getByLabelText("Purchase date"), { target: { value: "2024-02-10" } });
    const price = within(dialog).getByLabelText("Purchase price") as HTMLInputElement;
    await vi.waitFor(() => expect(price.value).toBe("$240.12"));
    expect(within(dialog).getByRole("status").textContent).toBe(
      "Close on Feb 09, 2024 (as traded), the last trading day before Feb 10, 2024",
    );
    expect(api.callsTo("GET /v1/get/VTI/close").map((c) => c.search)).toEqual(["?date=2024-02-10"]);
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));

    expect(store.getState().portfolio.data!.assets[0]).toMatchObject({ quantity: 10, DoA: "2024-02-10", PoA: 240.12 });
    // another lot: the old figures are not carried over, and none is worked out here
    expect(cellTexts(assetRow("VTI")).slice(4, 10)).toEqual(["$240.12", "Feb 10, 2024", "$270.00", "Being valued…", "—", "—"]);
    expect(screen.getByText(/Being valued: VTI\./)).toBeTruthy();
    // BND alone is in the totals meanwhile: 1500 on 1450
    expect(stat("Market value").textContent).toContain("$1,500.00");
    expect(stat("Cost").textContent).toContain("$1,450.00");
  });

  it("without a close for the new date the price is left empty with a note, never another month's", async () => {
    const { api, user, store } = await openScreen();
    api.handlers["GET /v1/get/BND/close"] = { status: 404, body: { error: "No close for BND on 2006-05-02", code: "not_found" } };
    await user.click(screen.getByRole("button", { name: "Edit BND" }));
    const dialog = screen.getByRole("dialog", { name: "Edit BND" });
    fireEvent.change(within(dialog).getByLabelText("Purchase date"), { target: { value: "2006-05-02" } });
    await within(dialog).findByText("No close found for BND on or before May 02, 2006: type the price you paid.");
    expect((within(dialog).getByLabelText("Purchase price") as HTMLInputElement).value).toBe("NA");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Purchase price missing");
    await user.type(within(dialog).getByLabelText("Purchase price"), "70");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(store.getState().portfolio.data!.assets[1]).toMatchObject({ DoA: "2006-05-02", PoA: 70 });
  });
});
