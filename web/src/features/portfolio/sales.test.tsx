/**
 * Sales on the portfolio page (docs/numbers.md "Sales", "The return receipt"): the figures are the server's (here as
 * its valuation sends them for 10 NVDA bought at $450 on 2023-09-11 and 40 sold at $130 on 2024-12-02), the
 * page lays them out: the sale under its holding with its realized gain, realized and unrealized in the header,
 * the receipt as a waterfall with the sentence on TWR and XIRR, and "Sell" with the shares held that day.
 */
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Asset, Portfolio, SaveBody } from "../../app/apiTypes.ts";
import { assetFixture, type MockHandler, mockApi, portfolioFixture, renderApp, signedInState } from "../../test-utils.tsx";
import { assetFigures, portfolioFigures } from "./assetFigures.ts";
import { checkSale } from "./assetValidation.ts";
import { portfolioReply, rangeFixture, valuationFixture } from "./portfolioFixtures.ts";
import { waterfallSteps } from "./receiptView.ts";
import { heldOn, tableOrder } from "./sales.ts";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

beforeAll(async () => {
  await import("./PortfolioPage.tsx");
});

const SPLIT = [{ date: "2024-06-10", ratio: 10 }];

// the server's valuation: 100 of today's shares bought, 40 sold, 60 held × $203.53 = $12,211.80 on a cost of $2,700;
// the sale: $5,200 − $0 − 40/100 × $4,500 = $3,400 realized; the lot's P/L 9,511.80 + 3,400 = 12,911.80 of 4,500
const lot = assetFixture({
  ticker: "NVDA",
  name: "NVIDIA Corporation",
  quantity: 10,
  PoA: 450,
  DoA: "2023-09-11",
  value: 4500,
  index: 0,
  currency: "USD",
  latestPrice: 203.53,
  priceDate: "2026-07-13",
  splitFactor: 10,
  splits: SPLIT,
  splitNote: "10 bought → 100 after the 10:1 split of Jun 10, 2024",
  shares: 60,
  soldShares: 40,
  cost: 2700,
  marketValue: 12211.8,
  dividends: 0,
  realizedProfitLoss: 3400,
  invested: 4500,
  profitLoss: 12911.8,
  profitLossPercent: (12911.8 / 4500) * 100,
});
const sale = assetFixture({
  ticker: "NVDA",
  name: "NVIDIA Corporation",
  side: "sell",
  quantity: 40,
  PoA: 130,
  DoA: "2024-12-02",
  value: 5200,
  fee: 0,
  index: 1,
  currency: "USD",
  splitFactor: 1,
  splits: [],
  shares: 0,
  soldShares: 40,
  marketValue: 0,
  cost: null,
  profitLoss: null,
  realizedProfitLoss: 3400,
  proceeds: 5200,
  saleFee: 0,
  soldCost: 1800,
});

const receipt = { startValue: 0, purchases: 4500, sales: 5200, priceGain: 12911.8, fxEffect: 0, dividends: 0, fees: 0, endValue: 12211.8 };
const NOTE =
  "XIRR 70.18% a year is below the TWR 286.93% over 3 years (56.94% a year), because more of your money was at work in the months that gained least or lost: the $4,500.00 bought and $5,200.00 sold in this range came at bad times.";

function sold(): Portfolio {
  return portfolioFixture({ slug: "three-fund", pName: "Sold some", assets: [lot, sale] });
}

function valuation() {
  const all = { ...rangeFixture("All", [4500, 12211.8], "2023-09"), returnsNote: NOTE };
  return valuationFixture({
    value: 2700,
    marketValue: 12211.8,
    profitLoss: 12911.8,
    profitLossPercent: (12911.8 / 4500) * 100,
    realizedProfitLoss: 3400,
    unrealizedProfitLoss: 9511.8,
    invested: 4500,
    receipt: { All: receipt, YTD: null, "1Y": null, "3Y": null },
    ranges: { All: all, YTD: null, "1Y": null, "3Y": null },
  });
}

const NVDA_CLOSES: Record<string, { date: string; close: number }> = {
  // the day asked has no close yet: the last trading day before it
  "2026-07-14": { date: "2026-07-13", close: 203.53 },
  "2024-03-01": { date: "2024-03-01", close: 822.79 },
};
const nvdaClose: MockHandler = (call) => {
  const date = new URLSearchParams(call.search).get("date") ?? "";
  const found = NVDA_CLOSES[date];
  return found
    ? { body: { ticker: "NVDA", ...found, currency: "USD", basis: "as-traded" } }
    : { status: 404, body: { error: `No close for NVDA on or before ${date}`, code: "not_found" } };
};

describe("sales, counted on the page", () => {
  it("shares held on a day, in that day's shares, and the table's order: sales under their holding", () => {
    const assets: Asset[] = [lot, sale, assetFixture({ ticker: "VTI", index: 2 })];
    // before the split the 10 bought; after it 100; after the sale 60; a sale on the ex-date counts post-split
    expect(heldOn(assets, "NVDA", "2024-06-07")).toBe(10);
    expect(heldOn(assets, "NVDA", "2024-06-10")).toBe(100);
    expect(heldOn(assets, "NVDA", "2024-12-02")).toBe(60);
    expect(heldOn(assets, "NVDA", "2024-12-02", 1)).toBe(100);
    expect(heldOn(assets, "nvda", "2023-09-10")).toBe(0);
    expect(tableOrder([sale, lot, assets[2]!])).toEqual([
      { index: 1, sale: false },
      { index: 0, sale: true },
      { index: 2, sale: false },
    ]);
  });

  it("the figures: the lot's of what it holds, the sale's realized gain once, the percent of what was invested", () => {
    const figures = assetFigures([lot, sale]);
    expect(figures[0]).toMatchObject({ status: "valued", marketValue: 12211.8, cost: 2700, invested: 4500, percent: 100 });
    expect(figures[1]).toMatchObject({ status: "sale", realizedProfitLoss: 3400, percent: null });
    const totals = portfolioFigures([lot, sale], figures);
    // unrealized 12,211.80 − 2,700 = 9,511.80; P/L 12,911.80 of 4,500 invested
    expect(totals).toMatchObject({ cost: 2700, marketValue: 12211.8, realizedProfitLoss: 3400, hasSales: true, valuing: [], unpriced: [] });
    expect(totals.unrealizedProfitLoss).toBeCloseTo(9511.8, 9);
    expect(totals.profitLossPercent).toBeCloseTo((12911.8 / 4500) * 100, 9);
    // an edit of a lot some sale took from waits for the valuation: what the sales take changes
    expect(assetFigures([{ ...lot, quantity: 12 }, sale])[0]!.status).toBe("valuing");
  });

  it("the waterfall's steps run from the start to the end", () => {
    const steps = waterfallSteps(receipt);
    expect(steps.map((s) => [s.label, s.from, Math.round(s.to * 100) / 100])).toEqual([
      ["Start", 0, 0],
      ["Purchases", 0, 4500],
      ["Sales", 4500, -700],
      ["Price gain", -700, 12211.8],
      ["Currency", 12211.8, 12211.8],
      ["End", 0, 12211.8],
    ]);
  });

  it("checks a sale as the server does, and what was held that day", () => {
    const form = { quantity: "61", price: "130", date: "2024-12-03", fee: "" };
    expect(checkSale("NVDA", form, "2026-07-14", 60)).toEqual({
      ok: false,
      message: "You cannot sell more than you hold on that date",
      field: "quantity",
    });
    expect(checkSale("NVDA", { ...form, quantity: "0" }, "2026-07-14", 60)).toMatchObject({ field: "quantity" });
    expect(checkSale("NVDA", { ...form, fee: "-1" }, "2026-07-14", 60)).toMatchObject({
      message: "Sale fee must be an amount from 0 to 1,000,000,000",
    });
    expect(checkSale("NVDA", { ...form, quantity: "60", fee: "4.95" }, "2026-07-14", 60)).toEqual({
      ok: true,
      sale: { ticker: "NVDA", quantity: 60, PoA: 130, DoA: "2024-12-03", fee: 4.95 },
    });
  });
});

describe("sales on the portfolio page", () => {
  async function open() {
    let saved: SaveBody | null = null;
    const api = mockApi({
      "POST /v1/get/portfolio/three-fund": portfolioReply(sold(), valuation()),
      "POST /v1/save/portfolio/three-fund": (call) => {
        saved = call.body as SaveBody;
        return { body: { message: "pupdated", slug: "three-fund", data: { ...sold(), rev: 5 } } };
      },
      "GET /v1/get/NVDA/close": nvdaClose,
    });
    const rendered = renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
    await screen.findByRole("heading", { name: "Sold some" });
    return { api, saved: () => saved, ...rendered };
  }

  it("lists the sale under its holding with its realized gain, and realized and unrealized in the header", async () => {
    await open();
    const table = screen.getByRole("table", { name: "Assets" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]!.textContent).toContain("60 held · 40 sold");
    const saleRow = rows.find((r) => r.classList.contains("sale-row"));
    expect(saleRow?.textContent).toContain("Sold 40 NVDA on Dec 02, 2024 at $130.00");
    expect(saleRow?.textContent).toContain("realized +$3,400.00");
    expect(screen.getByText("Unrealized").textContent).toContain("+$9,511.80");
    expect(screen.getByText("Realized").textContent).toContain("+$3,400.00");
    // the receipt: the identity in words, dividends and fees beside it, and why TWR and XIRR differ
    const card = screen.getByRole("region", { name: "Where the money came from" });
    expect(within(card).getByText(/at the start/).textContent).toBe(
      "Since the first purchase: $0.00 at the start +$4,500.00 bought −$5,200.00 sold +$12,911.80 price $0.00 currency = $12,211.80 at the end.",
    );
    expect(within(card).getByRole("note").textContent).toBe(NOTE);
    const table2 = within(card).getByRole("table", { name: "Return receipt, All" });
    expect(
      within(table2)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual([
      "Start$0.00",
      "Purchases+$4,500.00",
      "Sales−$5,200.00",
      "Price gain+$12,911.80",
      "Currency$0.00",
      "End$12,211.80",
      "Dividends received$0.00",
      "Fees of sales$0.00",
    ]);
  });

  it("sells from a holding: that day's close suggested, the shares held then shown, an oversale refused, the sale saved", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(2026, 6, 14, 9, 30) });
    const { user, saved, api } = await open();
    await user.click(screen.getByRole("button", { name: "Sell NVDA" }));
    const dialog = screen.getByRole("dialog", { name: "Sell NVDA" });
    // today: the close of the last trading day, and the 60 held
    await vi.waitFor(() => expect((within(dialog).getByLabelText("Sale price") as HTMLInputElement).value).toBe("$203.53"));
    expect(within(dialog).getByText(/You held/).textContent).toBe("You held 60 NVDA on Jul 14, 2026.");
    // on 2024-03-01, before the split: 10 held, at that day's $822.79
    fireEvent.change(within(dialog).getByLabelText("Sale date"), { target: { value: "2024-03-01" } });
    await vi.waitFor(() => expect((within(dialog).getByLabelText("Sale price") as HTMLInputElement).value).toBe("$822.79"));
    expect(within(dialog).getByText(/You held/).textContent).toBe("You held 10 NVDA on Mar 01, 2024.");
    await user.type(within(dialog).getByLabelText("Quantity sold"), "11");
    await user.click(within(dialog).getByRole("button", { name: "Sell" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("You cannot sell more than you hold on that date");
    await user.clear(within(dialog).getByLabelText("Quantity sold"));
    await user.type(within(dialog).getByLabelText("Quantity sold"), "4");
    await user.type(within(dialog).getByLabelText("Fee (optional)"), "1.5");
    await user.click(within(dialog).getByRole("button", { name: "Sell" }));
    expect(screen.queryByRole("dialog", { name: "Sell NVDA" })).toBeNull();
    // the new sale is listed under the holding, waiting for its valuation
    const rows = within(screen.getByRole("table", { name: "Assets" })).getAllByRole("row");
    expect(rows.filter((r) => r.classList.contains("sale-row")).map((r) => r.textContent?.replace(/✎×$/, ""))).toEqual([
      "Sold 4 NVDA on Mar 01, 2024 at $822.79 · fee $1.50Being valued…",
      "Sold 40 NVDA on Dec 02, 2024 at $130.00realized +$3,400.00",
    ]);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(1));
    // a buy is sent as before; each sale with its side and its fee in money
    expect(saved()?.portfolio.assets).toEqual([
      { ticker: "NVDA", name: "NVIDIA Corporation", quantity: 10, PoA: 450, DoA: "2023-09-11", assetClass: "ETF" },
      { ticker: "NVDA", side: "sell", name: "NVIDIA Corporation", quantity: 40, PoA: 130, DoA: "2024-12-02", fee: 0, assetClass: "ETF" },
      { ticker: "NVDA", side: "sell", name: "NVIDIA Corporation", quantity: 4, PoA: 822.79, DoA: "2024-03-01", fee: 1.5 },
    ]);
    vi.useRealTimers();
  });

  it("a save refused because a sale needs the removed buy: the page goes back to what is stored and says why beside the header", async () => {
    const api = mockApi({
      "POST /v1/get/portfolio/three-fund": portfolioReply(sold(), valuation()),
      "POST /v1/save/portfolio/three-fund": {
        status: 400,
        body: { error: "You cannot sell more than you hold on that date", code: "validation_failed" },
      },
    });
    const { user } = renderApp({ route: "/p/three-fund", preloadedState: signedInState() });
    await screen.findByRole("heading", { name: "Sold some" });
    await user.click(screen.getByRole("button", { name: "Remove NVDA" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    await vi.waitFor(() =>
      expect(alert.textContent).toBe(
        "Not saved: You cannot sell more than you hold on that date. The page shows your portfolio as it is saved.",
      ),
    );
    expect(api.callsTo("POST /v1/save/portfolio/three-fund")).toHaveLength(1);
    // the stored portfolio again: the buy is back under its sale, and the header's figures are that portfolio's
    const rows = within(screen.getByRole("table", { name: "Assets" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows[0]!.textContent).toContain("60 held · 40 sold");
    expect(screen.getByText("Realized").textContent).toContain("+$3,400.00");
    expect(screen.getByText("Unrealized").textContent).toContain("+$9,511.80");
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
