/** The import page: screenshot and broker file through the shared import table, against a mocked API. */
import { ImportMessages, Messages } from "@folio/proto/constants";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { advanceUntil, mockApi, portfolioFixture, renderApp, signedInState } from "../../test-utils.tsx";
import { cellNumber, editRow, emptyRow, fromScreenshot, invalidCells } from "./importRows.ts";
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
 * The page's waits (the upload bar's 100 ms steps, the 1 s pause between status polls) on fake timers, moved on
 * by advanceUntil; the rest of the clock follows real time, so Testing Library's own waits still run.
 */
const fakeTimers = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
const opened = (slug: string) => ({
  body: { data: portfolioFixture({ slug, pName: "Imported" }), has_updates: false, state: { notOwner: false, isAdmin: false } },
});

describe("import table rules", () => {
  it("quantity and price keep the cost in step; a cost sets the price", () => {
    const [row] = fromScreenshot([rows[0]], new Date(2026, 10, 26));
    // 159 × 20.55 = 3267.45
    expect(row).toMatchObject({ quantity: "159", price: "20.55", cost: "3267.45", date: "2026-11-26" });
    // 10 × 20.55 = 205.5
    expect(editRow(row, "quantity", "10").cost).toBe("205.5");
    // 1000 / 159 = 6.28930818 (8 decimals)
    expect(editRow(row, "cost", "1000").price).toBe("6.28930818");
  });

  it("columns 2, 3 and 4 must be numbers above 0, the date chosen, the ticker given", () => {
    const today = new Date(2026, 10, 26);
    const row = { ...emptyRow(today), ticker: "AAPL", quantity: "0", price: "abc", cost: "5", date: "" };
    expect([...invalidCells([row])].map((c) => c.split(":")[1]).sort()).toEqual(["date", "price", "quantity"]);
    expect(invalidCells([{ ...row, ticker: "", quantity: "1", price: "5", date: "2026-11-26" }]).size).toBe(1);
    expect(cellNumber("1,234.5")).toBe(1234.5);
    expect(cellNumber("12,5")).toBe(12.5);
    expect(cellNumber("-3")).toBeNull();
  });

  it("zoom is clamped to 10..2000 in steps of 10", () => {
    expect([clampZoom(5), clampZoom(5000), clampZoom(154), clampZoom(Number.NaN)]).toEqual([10, 2000, 150, 150]);
  });
});

describe("screenshot import", () => {
  it("progress to 100, preview at 150 %, the POST's own rows, invalid cells flash, portfolio created", { timeout: 15_000 }, async () => {
    const api = mockApi({
      [`POST ${V2}`]: { body: { message: rows, errors: [{ message: 'no ticker found for "Obscure": add it by hand' }] } },
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
    const quantity = within(table).getByLabelText("Quantity, row 1");
    await user.clear(quantity);
    await user.click(screen.getByRole("button", { name: "Create portfolio" }));
    expect(screen.getByRole("alert").textContent).toContain("cell");
    expect(quantity.closest("td")?.className).toContain("invalid");
    expect(api.callsTo("POST /v1/save/portfolio/new")).toHaveLength(0);

    await user.type(quantity, "160");
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
      "GET /v1/get/VTI": { body: { ticker: "VTI", latestPrice: 250, name: "Vanguard Total Stock Market", historical_data: {} } },
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
  it("get pricing's price for their date; a ticker pricing does not know stays for the user", async () => {
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
      "GET /v1/get/VTI": { body: { ticker: "VTI", latestPrice: 250, name: "Vanguard Total Stock Market", historical_data: {} } },
      "GET /v1/get/ZZZZ": { status: 404, body: { error: "Unknown ticker ZZZZ", code: "not_found" } },
    });
    fakeTimers();
    const { user } = renderApp({ route: "/import", preloadedState: signedInState() });
    await user.upload(await screen.findByLabelText("Choose a screenshot"), shot());
    const table = await advanceUntil(() => screen.getByRole("region", { name: "Import table" }), 1000);
    // today's row: today's price; 19.662 × 250 = 4915.5
    await waitFor(() => expect((within(table).getByLabelText("Purchase price, row 1") as HTMLInputElement).value).toBe("250"));
    expect((within(table).getByLabelText("Cost, row 1") as HTMLInputElement).value).toBe("4915.5");
    await waitFor(() => expect(api.callsTo("GET /v1/get/ZZZZ")).toHaveLength(1));
    expect((within(table).getByLabelText("Purchase price, row 2") as HTMLInputElement).value).toBe("");
  });
});

describe("broker file import", () => {
  it("an unknown CSV asks for its columns, then its rows fill the table with the file's dates", async () => {
    const api = mockApi({
      "GET /v1/import/mappings": { body: { mappings: [] } },
      "POST /v1/import/portfolio/file": (call) =>
        String(call.body).includes('name="mapping"')
          ? {
              body: {
                format: "csv",
                message: [{ ticker: "VTI", name: "", quantity: 3, PoA: 200, DoA: "2024-03-05", account: "" }],
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
    expect((within(table).getByLabelText("Cost, row 1") as HTMLInputElement).value).toBe("600");
    expect(api.callsTo("POST /v1/import/portfolio/file")).toHaveLength(2);
  });
});
