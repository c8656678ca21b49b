/** The import page: screenshot and broker file through the shared import table, against a mocked API. */
import { ImportMessages, Messages } from "@folio/proto/constants";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { MockCall } from "../../test-utils.tsx";
import { advanceUntil, assetFixture, mockApi, portfolioFixture, renderApp, signedInState } from "../../test-utils.tsx";
import { valuationFixture } from "../portfolio/portfolioFixtures.ts";
import {
  askingClose,
  cellNumber,
  closeAnswered,
  closeWanted,
  editRow,
  emptyRow,
  fromFile,
  fromScreenshot,
  invalidCells,
  valuableRows,
} from "./importRows.ts";
import { clampZoom } from "./Zoom.tsx";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const shot = () => new File([PNG], "positions.png", { type: "image/png" });
const V2 = "/v2/import/portfolio/screenshot";
const rows = [
  { ticker: "AAPL", name: "", quantity: 159, price: 20.55, marketValue: 3267.45, confidence: 1, flags: [] },
  { ticker: "MSFT", name: "Microsoft", quantity: 1645, price: 57.24, marketValue: 94159.8, confidence: 1, flags: [] },
];
/** JNJ read as "COM": pricing knows no COM, so the server flags the ticker and offers the name's symbol */
const misread = {
  ticker: "COM",
  name: "Johnson & Johnson",
  quantity: 10,
  price: 158.76,
  marketValue: 1587.6,
  confidence: 0.2,
  flags: [
    { field: "ticker" as const, code: "unknown-ticker", message: 'Pricing knows no ticker "COM": it may be misread.', suggestion: "JNJ" },
  ],
};
/** a quantity the server could not check against a price and value */
const unsure = {
  ticker: "VTI",
  name: "",
  quantity: 84,
  price: null,
  marketValue: null,
  confidence: 0.6,
  flags: [{ field: "quantity" as const, code: "unsure-quantity", message: "The quantity 84 could not be checked: check it." }],
};
/**
 * A stand-in for the server's valuation of the draft (POST /v1/playground/value): each asset valued at the
 * given latest price (none: unpriced, unknown ticker), cost = quantity × PoA in dollars, as the engine gives
 * it for a dollar asset without splits; the page shows these figures and works none out itself.
 */
const VALUED = "POST /v1/playground/value";
function valuedAt(prices: Record<string, number>) {
  return (call: MockCall) => {
    const sent = (call.body as { portfolio: { assets: Array<{ ticker: string; quantity: number; PoA: number; DoA: string }> } }).portfolio
      .assets;
    const assets = sent.map((a, index) => {
      const price = prices[a.ticker];
      const cost = a.quantity * a.PoA;
      return assetFixture({
        ...a,
        index,
        value: cost,
        cost,
        marketValue: price === undefined ? null : a.quantity * price,
        latestPrice: price ?? null,
      });
    });
    const unpriced = sent.filter((a) => prices[a.ticker] === undefined).map((a) => a.ticker);
    const priced = assets.filter((a) => !unpriced.includes(a.ticker));
    return {
      body: {
        data: portfolioFixture({ slug: "playground", playGround: true, assets }),
        valuation: {
          ...valuationFixture(),
          value: priced.reduce((n, a) => n + (a.cost ?? 0), 0),
          marketValue: priced.length ? priced.reduce((n, a) => n + (a.marketValue ?? 0), 0) : null,
          pricesAsOf: "2026-11-25",
          unpriced,
          unpricedReasons: unpriced.map((ticker) => ({ ticker, reason: "unknown-ticker" })),
        },
      },
    };
  };
}

/**
 * The page's waits (the upload bar's 100 ms steps, the 1 s pause between status polls) on fake timers, moved on
 * by advanceUntil; the rest of the clock follows real time, so Testing Library's own waits still run.
 */
const fakeTimers = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
const opened = (slug: string) => ({
  body: { data: portfolioFixture({ slug, pName: "Imported" }), has_updates: false, state: { notOwner: false, isAdmin: false } },
});

describe("import table rules", () => {
  it("a row without a price asks for its date's close, keeps asking as its ticker or date changes, until a price is typed", () => {
    const [read, bare] = fromScreenshot(
      [rows[0], { ...rows[0], ticker: "VTI", price: null, marketValue: 3267.45 }],
      new Date(2026, 10, 26),
    );
    // the screen's price is kept as read; a row without one (its value is no purchase price) asks for a close
    expect(read).toMatchObject({ quantity: "159", price: "20.55", date: "2026-11-26" });
    expect(closeWanted(read)).toBeNull();
    expect(bare.price).toBe("");
    expect(closeWanted(bare)).toBe("VTI|2026-11-26");
    const asking = askingClose(bare, "VTI|2026-11-26");
    expect(asking.priceNote?.kind).toBe("loading");
    expect(closeWanted(asking)).toBeNull();
    const suggested = closeAnswered(asking, "VTI|2026-11-26", {
      price: "250.12",
      note: { kind: "close", text: "Close on Nov 26, 2026 (as traded)" },
    });
    expect(suggested).toMatchObject({ price: "250.12", suggested: true });
    // another date: the suggestion was that day's, so the new day's close is asked and the old price goes meanwhile
    const moved = editRow(suggested, "date", "2025-01-01");
    expect(closeWanted(moved)).toBe("VTI|2025-01-01");
    expect(askingClose(moved, "VTI|2025-01-01").price).toBe("");
    // an answer for a day no longer wanted is dropped
    expect(
      closeAnswered(askingClose(moved, "VTI|2025-01-01"), "VTI|2026-11-26", { price: "1", note: { kind: "close", text: "" } }).price,
    ).toBe("");
    // a typed price is the user's: no close is asked for it any more, whatever the date
    const typed = editRow(moved, "price", "99");
    expect([typed.suggested, typed.priceNote, closeWanted(editRow(typed, "date", "2024-01-01"))]).toEqual([false, null, null]);
    // a price emptied to type another is not filled again with the same day's close meanwhile (it was, and the
    // typing went on after it: "289.81240"), and an answer on its way when the user typed is dropped
    const asked = askingClose(moved, "VTI|2025-01-01");
    const emptied = editRow(asked, "price", "");
    expect(closeWanted(emptied)).toBeNull();
    expect(closeAnswered(emptied, "VTI|2025-01-01", { price: "289.81", note: { kind: "close", text: "" } }).price).toBe("");
    // a new day asks again
    expect(closeWanted(editRow(emptied, "date", "2024-01-01"))).toBe("VTI|2024-01-01");
  });

  it("a file's flags are the table's: a flagged cell stays open until edited or confirmed; a suggested close corrects nothing", () => {
    const [row] = fromFile([
      {
        ticker: "NEWCO",
        name: "",
        quantity: 30,
        PoA: 0,
        DoA: "2025-01-06",
        account: "",
        flags: [{ field: "price", code: "price-not-in-file", message: "The purchase price is not in the file." }],
      },
    ]);
    expect(row.flags).toHaveLength(1);
    const key = closeWanted(row) as string;
    expect(closeAnswered(askingClose(row, key), key, { price: "12.5", note: { kind: "close", text: "" } }).flags).toHaveLength(1);
    expect(editRow(row, "price", "12").flags).toEqual([]);
  });

  it("the inputs (quantity, price) must be numbers above 0, the date chosen, the ticker given; only such rows are valued", () => {
    const today = new Date(2026, 10, 26);
    const row = { ...emptyRow(today), ticker: "AAPL", quantity: "0", price: "abc", date: "" };
    expect([...invalidCells([row])].map((c) => c.split(":")[1]).sort()).toEqual(["date", "price", "quantity"]);
    expect(invalidCells([{ ...row, ticker: "", quantity: "1", price: "5", date: "2026-11-26" }]).size).toBe(1);
    expect(cellNumber("1,234.5")).toBe(1234.5);
    expect(cellNumber("12,5")).toBe(12.5);
    expect(cellNumber("-3")).toBeNull();
    // a purchase date after tomorrow is refused by the asset rules: not sent for figures
    const good = { ...row, id: "good", quantity: "2", price: "5", date: "2026-11-26" };
    const future = { ...good, id: "later", date: "2027-01-01" };
    expect(valuableRows([row, good, future], "2026-11-26").map((v) => v.asset)).toEqual([
      { ticker: "AAPL", name: "", quantity: 2, PoA: 5, DoA: "2026-11-26" },
    ]);
  });

  it("zoom is clamped to 10..2000 in steps of 10", () => {
    expect([clampZoom(5), clampZoom(5000), clampZoom(154), clampZoom(Number.NaN)]).toEqual([10, 2000, 150, 150]);
  });
});

describe("screenshot import", () => {
  it("progress to 100, preview at 150 %, the POST's own rows, invalid cells flash, portfolio created", { timeout: 15_000 }, async () => {
    const api = mockApi({
      [`POST ${V2}`]: { body: { message: rows, errors: [{ message: 'no ticker found for "Obscure": add it by hand' }] } },
      [VALUED]: valuedAt({ AAPL: 25, MSFT: 60 }),
      "POST /v1/save/portfolio/new": { body: { message: "pcreated", slug: "imported-x1" } },
      "POST /v1/get/portfolio/imported-x1": opened("imported-x1"),
    });
    fakeTimers();
    const { user } = renderApp({ route: "/import", preloadedState: signedInState() });
    await user.upload(await screen.findByLabelText("Choose a screenshot"), shot());

    const bar = screen.getByRole("progressbar", { name: "Upload progress" }) as HTMLProgressElement;
    await advanceUntil(() => expect(bar.value).toBe(100));
    expect(((await screen.findByLabelText("Zoom")) as HTMLInputElement).value).toBe("150");
    expect(await screen.findByRole("img", { name: "Preview of positions.png" })).toBeTruthy();

    const table = await advanceUntil(() => screen.getByRole("region", { name: "Import table" }), 1000);
    expect(api.callsTo(`POST ${V2}`)).toHaveLength(1);
    expect(screen.getByRole("heading", { name: /2 holdings found/ })).toBeTruthy();
    expect(screen.getByText(/no ticker found for "Obscure"/)).toBeTruthy();
    // column 4 is the server's figures of each row, and of the rows together: 159 × 20.55 = 3,267.45 cost,
    // 159 × 25 = 3,975 today; with MSFT 1645 × 57.24 = 94,159.80 and 1645 × 60 = 98,700
    await advanceUntil(() => expect(within(table).getByLabelText("Cost, row 1").textContent).toBe("$3,267.45$3,975.00 today"), 100);
    expect(table.querySelector(".import-totals")?.textContent).toContain("Together: cost $97,427.25, worth $102,675.00 today");
    const quantity = within(table).getByLabelText("Quantity, row 1");
    await user.clear(quantity);
    await user.click(screen.getByRole("button", { name: "Create portfolio" }));
    expect(screen.getByRole("alert").textContent).toContain("cell");
    expect(quantity.closest("td")?.className).toContain("invalid");
    expect(api.callsTo("POST /v1/save/portfolio/new")).toHaveLength(0);
    // a row that cannot be valued shows no figure; the others keep theirs
    expect(within(table).getByLabelText("Cost, row 1").textContent).toBe("—");

    await user.type(quantity, "160");
    await advanceUntil(() => expect(within(table).getByLabelText("Cost, row 1").textContent).toBe("$3,288.00$4,000.00 today"), 100);
    expect(api.callsTo(VALUED).at(-1)?.body).toMatchObject({ portfolio: { assets: [{ ticker: "AAPL", quantity: 160, PoA: 20.55 }, {}] } });
    await user.click(screen.getByRole("button", { name: "Create portfolio" }));
    // the toast shows for 2 s: looked for at once, before the portfolio page (loaded on demand) opens
    expect(await screen.findByText(Messages.portfolioCreated, {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/p/imported-x1"), { timeout: 5000 });
    const [save] = api.callsTo("POST /v1/save/portfolio/new");
    expect(save.body).toMatchObject({
      newPortfolioName: "Imported from a screenshot",
      portfolio: {
        imported: "screenshot",
        assets: [
          { ticker: "AAPL", quantity: 160, PoA: 20.55 },
          { ticker: "MSFT", name: "Microsoft", quantity: 1645, PoA: 57.24 },
        ],
      },
    });
  });

  it("nothing flagged is created silently: each flag is explained, reachable, and corrected or confirmed before Create", {
    timeout: 15_000,
  }, async () => {
    const api = mockApi({
      [`POST ${V2}`]: { body: { message: [misread, rows[0], unsure], errors: [] } },
      "GET /v1/get/VTI/close": { body: { ticker: "VTI", date: "2026-11-25", close: 250, currency: "USD", basis: "as-traded" } },
      [VALUED]: valuedAt({ AAPL: 25, JNJ: 160, VTI: 255 }),
      "POST /v1/save/portfolio/new": { body: { message: "pcreated", slug: "imported-x2" } },
      "POST /v1/get/portfolio/imported-x2": opened("imported-x2"),
    });
    fakeTimers();
    const { user } = renderApp({ route: "/import", preloadedState: signedInState() });
    await user.upload(await screen.findByLabelText("Choose a screenshot"), shot());
    const table = await advanceUntil(() => screen.getByRole("region", { name: "Import table" }), 1000);
    expect(within(table).getByRole("status").textContent).toContain("2 rows to check");

    // the reason is on the page and is the flagged input's description; the input is marked invalid
    const ticker = within(table).getByLabelText("Ticker, row 1");
    expect(ticker.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(ticker.getAttribute("aria-describedby") as string)?.textContent).toContain('no ticker "COM"');
    const qty3 = within(table).getByLabelText("Quantity, row 3");
    expect(document.getElementById(qty3.getAttribute("aria-describedby") as string)?.textContent).toContain("could not be checked");
    expect(within(table).getByLabelText("Quantity, row 2").getAttribute("aria-invalid")).toBeNull();

    // Create waits, says why, and puts the keyboard on the first flagged cell
    await user.click(screen.getByRole("button", { name: "Create portfolio" }));
    expect(screen.getByRole("alert").textContent).toContain("2 rows need a check");
    await waitFor(() => expect(document.activeElement).toBe(ticker));
    expect(api.callsTo("POST /v1/save/portfolio/new")).toHaveLength(0);

    // the offered symbol corrects row 1; row 3 is confirmed as read
    await user.click(within(table).getByRole("button", { name: "Use JNJ as the ticker of row 1" }));
    expect((within(table).getByLabelText("Ticker, row 1") as HTMLInputElement).value).toBe("JNJ");
    expect(within(table).getByLabelText("Ticker, row 1").getAttribute("aria-invalid")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Create portfolio" }));
    expect(screen.getByRole("alert").textContent).toContain("One row needs a check");
    await user.click(within(table).getByRole("button", { name: "Row 3 looks right: confirm it as read" }));
    expect(within(table).queryByRole("status")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Create portfolio" }));
    await waitFor(() => expect(api.callsTo("POST /v1/save/portfolio/new")).toHaveLength(1));
    const [save] = api.callsTo("POST /v1/save/portfolio/new");
    expect(
      (save.body as { portfolio: { assets: Array<{ ticker: string; quantity: number }> } }).portfolio.assets.map((a) => [
        a.ticker,
        a.quantity,
      ]),
    ).toEqual([
      ["JNJ", 10],
      ["AAPL", 159],
      ["VTI", 84],
    ]);
  });

  it("a reading that outlasts the server's wait: the 202's status route is polled with its progress", { timeout: 15_000 }, async () => {
    let polls = 0;
    mockApi({
      [`POST ${V2}`]: { status: 202, body: { jobId: "shot-1", state: "queued", statusUrl: `${V2}/shot-1` } },
      [VALUED]: valuedAt({ AAPL: 25, MSFT: 60 }),
      [`GET ${V2}/shot-1`]: () =>
        ++polls <= 2
          ? { body: { jobId: "shot-1", state: "running", progress: 55 } }
          : { body: { jobId: "shot-1", state: "completed", progress: 100, message: rows, errors: [] } },
    });
    fakeTimers();
    const { user } = renderApp({ route: "/import", preloadedState: signedInState() });
    await user.upload(await screen.findByLabelText("Choose a screenshot"), shot());
    await advanceUntil(() => screen.getByText(/Reading the screenshot… 55 %/), 1000);
    await advanceUntil(() => screen.getByRole("region", { name: "Import table" }), 1000);
    expect(polls).toBe(3);
  });

  it("a screenshot without holdings: the reason and the hint, and manual processing on request", { timeout: 20_000 }, async () => {
    const api = mockApi({
      [`POST ${V2}`]: {
        status: 422,
        body: { error: ImportMessages.noHoldings, code: "import/no-holdings", hint: ImportMessages.noHoldingsHint },
      },
      "POST /v1/upload/portfolio/screenshot": { body: { message: ImportMessages.uploadReceived } },
    });
    fakeTimers();
    const { user } = renderApp({ route: "/import", preloadedState: signedInState() });
    await user.upload(await screen.findByLabelText("Choose a screenshot"), shot());
    const alert = await advanceUntil(() => screen.getByRole("alert"), 1000);
    expect(alert.textContent).toContain(ImportMessages.noHoldings);
    expect(alert.textContent).toContain(ImportMessages.noHoldingsHint);
    await user.click(within(alert).getByRole("button", { name: "Send it for manual processing" }));
    expect((await screen.findByRole("status")).textContent).toBe(ImportMessages.uploadReceived);
    expect(api.callsTo("POST /v1/upload/portfolio/screenshot")).toHaveLength(1);
  });

  it("a file that is not an image is refused before any upload", async () => {
    const api = mockApi({});
    renderApp({ route: "/import", preloadedState: signedInState() });
    const input = await screen.findByLabelText("Choose a screenshot");
    fireEvent.change(input, { target: { files: [new File(["a,b"], "x.csv", { type: "text/csv" })] } });
    expect((await screen.findByRole("alert")).textContent).toContain("not a PNG, JPEG or WebP");
    expect(api.calls).toHaveLength(0);
  });
});

describe("rows read without a price", () => {
  it("are given the as-traded close of their date, as the Add window does; a ticker pricing does not know stays for the user", async () => {
    const api = mockApi({
      [`POST ${V2}`]: {
        body: {
          message: [
            { ticker: "VTI", name: "", quantity: 19.662, price: null, marketValue: null, confidence: 0.9, flags: [] },
            { ticker: "ZZZZ", name: "", quantity: 3, price: null, marketValue: null, confidence: 0.2, flags: [] },
          ],
          errors: [],
        },
      },
      "GET /v1/get/VTI/close": (call) => ({
        body: {
          ticker: "VTI",
          // the day asked, or (1 Jan) the last trading day before it
          date: call.search.includes("-01-01") ? "2024-12-31" : new URLSearchParams(call.search).get("date"),
          close: call.search.includes("-01-01") ? 289.81 : 250.12,
          currency: "USD",
          basis: "as-traded",
        },
      }),
      "GET /v1/get/ZZZZ/close": { status: 404, body: { error: "Unknown ticker ZZZZ", code: "not_found" } },
      [VALUED]: valuedAt({ VTI: 255 }),
    });
    fakeTimers();
    const { user } = renderApp({ route: "/import", preloadedState: signedInState() });
    await user.upload(await screen.findByLabelText("Choose a screenshot"), shot());
    const table = await advanceUntil(() => screen.getByRole("region", { name: "Import table" }), 1000);
    // today's row: today's close, said so under the cell; the cost is the server's: 19.662 × 250.12 = 4,917.86
    await waitFor(() => expect((within(table).getByLabelText("Purchase price, row 1") as HTMLInputElement).value).toBe("250.12"));
    expect(within(table).getByText(/^Close on .* \(as traded\)$/)).toBeTruthy();
    await advanceUntil(() => expect(within(table).getByLabelText("Cost, row 1").textContent).toContain("$4,917.86"), 100);
    await waitFor(() => expect(api.callsTo("GET /v1/get/ZZZZ/close")).toHaveLength(1));
    expect((within(table).getByLabelText("Purchase price, row 2") as HTMLInputElement).value).toBe("");
    expect(within(table).getByText(/No close found for ZZZZ/)).toBeTruthy();

    // another purchase date: that day's close (the last trading day before 1 Jan), and the server's cost of it
    const year = new Date().getFullYear() - 1;
    await user.selectOptions(within(table).getByLabelText("Purchase date, row 1"), `${year}-01-01`);
    await waitFor(() => expect((within(table).getByLabelText("Purchase price, row 1") as HTMLInputElement).value).toBe("289.81"));
    expect(within(table).getByText(/\(as traded\), the last trading day before Jan 01/)).toBeTruthy();
    // 19.662 × 289.81 = 5,698.24
    await advanceUntil(() => expect(within(table).getByLabelText("Cost, row 1").textContent).toContain("$5,698.24"), 100);
    // a typed price is the user's: a date change keeps it
    await user.clear(within(table).getByLabelText("Purchase price, row 1"));
    await user.type(within(table).getByLabelText("Purchase price, row 1"), "240");
    await user.selectOptions(within(table).getByLabelText("Purchase date, row 1"), `${year - 1}-01-01`);
    expect((within(table).getByLabelText("Purchase price, row 1") as HTMLInputElement).value).toBe("240");
    expect(api.callsTo("GET /v1/get/VTI/close")).toHaveLength(2);
  });
});

describe("broker file import", () => {
  it("an unknown CSV asks for its columns, then its rows fill the table with the file's dates", async () => {
    const api = mockApi({
      "GET /v1/import/mappings": { body: { mappings: [] } },
      [VALUED]: valuedAt({ VTI: 250 }),
      "POST /v1/import/portfolio/file": (call) =>
        String(call.body).includes('name="mapping"')
          ? {
              body: {
                format: "csv",
                message: [{ ticker: "VTI", name: "", quantity: 3, PoA: 200, DoA: "2024-03-05", account: "", flags: [] }],
                errors: [],
              },
            }
          : {
              body: {
                format: "csv",
                message: [],
                errors: [{ message: "choose the column for ticker" }],
                mapping: { quantity: "Stuk" },
                columns: ["Code", "Stuk"],
              },
            },
    });
    const { user } = renderApp({ route: "/import", preloadedState: signedInState() });
    await user.click(await screen.findByRole("tab", { name: "Broker file" }));
    await user.upload(screen.getByLabelText("Choose a broker file"), new File(["Code,Stuk\nVTI,3\n"], "mine.csv", { type: "text/csv" }));
    const form = await screen.findByRole("form", { name: "Column mapping" });
    await user.selectOptions(within(form).getByLabelText(/Ticker or ISIN/), "Code");
    await user.click(within(form).getByRole("button", { name: "Read with these columns" }));
    const table = await screen.findByRole("region", { name: "Import table" });
    expect((within(table).getByLabelText("Purchase date, row 1") as HTMLSelectElement).value).toBe("2024-03-05");
    // 3 × 200 = 600 cost, 3 × 250 = 750 today: the server's figures
    await waitFor(() => expect(within(table).getByLabelText("Cost, row 1").textContent).toBe("$600.00$750.00 today"));
    expect(api.callsTo("POST /v1/import/portfolio/file")).toHaveLength(2);
  });
});
