/**
 * Broker files on the import page against a mocked API: the checks against the file beside the table, the
 * questions about a history that starts mid-way, the column mapping and its saving, several files at once.
 */
import type { FileReply } from "@folio/proto/import";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderApp, signedInState } from "../../test-utils.tsx";

const FILE = "POST /v1/import/portfolio/file";
const csv = (name: string, text = "a,b\n") => new File([text], name, { type: "text/csv" });

const reply = (over: Partial<FileReply> = {}): { body: FileReply } => ({
  body: { format: "schwab", message: [], errors: [], transactions: [], questions: [], checks: [], ...over },
});

async function openFileTab() {
  const app = renderApp({ route: "/import", preloadedState: signedInState() });
  await app.user.click(await screen.findByRole("tab", { name: "Broker file" }));
  return app;
}

describe("the checks against the file, beside the import table", () => {
  it("shows each difference with what was done, the agreeing totals, the rows to look at, and edits that part from the file", async () => {
    mockApi({
      "GET /v1/get/NEWCO/close": { status: 404, body: { error: "unknown ticker" } },
      "POST /v1/playground/value": { status: 503, body: { error: "pricing unavailable" } },
      [FILE]: reply({
        message: [
          { ticker: "BND", name: "VANGUARD TOTAL BOND", quantity: 32.5, PoA: 72, DoA: "2025-01-02", account: "…789", flags: [] },
          {
            ticker: "NEWCO",
            name: "NEWCO",
            quantity: 30,
            PoA: 0,
            DoA: "2025-01-06",
            account: "…789",
            flags: [{ field: "price", code: "price-not-in-file", message: "The purchase price is not in the file: type what was paid." }],
          },
        ],
        checks: [
          {
            kind: "quantity",
            account: "…789",
            ticker: "BND",
            label: "BND: positions against history",
            stated: 32.5,
            computed: -10.0401,
            difference: 42.5401,
            ok: false,
            note: "42.5401 held before 2025-01-02 (the history starts after the first buy): counted as an opening on 2025-01-02",
          },
          { kind: "value", account: "…789", label: "Account Total", stated: 9610.75, computed: 9610.75, difference: 0, ok: true },
        ],
      }),
    });
    const { user } = await openFileTab();
    await user.upload(screen.getByLabelText("Choose a broker file"), [csv("history.csv"), csv("positions.csv")]);
    const panel = await screen.findByRole("complementary", { name: "Checked against the file" });
    const differences = within(panel).getByRole("region", { name: "Differences" });
    expect(differences?.textContent).toContain("1 difference");
    expect(differences?.textContent).toContain("BND: positions against history");
    expect(differences?.textContent).toContain("The file32.5");
    expect(differences?.textContent).toContain("Imported-10.0401");
    expect(differences?.textContent).toContain("counted as an opening on 2025-01-02");
    expect(within(panel).getByRole("region", { name: "Agreeing" })?.textContent).toContain("Account Total: 9,610.75");
    expect(within(panel).getByRole("region", { name: "Rows to look at" })?.textContent).toContain(
      "NEWCO · …789: The purchase price is not in the file: type what was paid.",
    );
    // the same reason flags the row's price in the table, as a screenshot's unsure cell: Create waits for it
    const flagged = screen.getByLabelText("Purchase price, row 2");
    expect(flagged.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(flagged.getAttribute("aria-describedby") as string)?.textContent).toContain(
      "The purchase price is not in the file",
    );
    expect(screen.getByRole("status").textContent).toContain("1 row to check");
    expect(within(panel).queryByRole("region", { name: "Edited since reading" })).toBeNull();

    // the user changes BND's quantity in the table: the panel says the table now differs from the file
    const table = screen.getByRole("region", { name: "Import table" });
    await user.clear(within(table).getByLabelText("Quantity, row 1"));
    await user.type(within(table).getByLabelText("Quantity, row 1"), "30");
    expect(within(panel).getByRole("region", { name: "Edited since reading" })?.textContent).toContain(
      "BND: the file's positions say 32.5, the table has 30",
    );
  });

  it("says so when the file states nothing to check against", async () => {
    mockApi({
      "POST /v1/playground/value": { status: 503, body: { error: "pricing unavailable" } },
      [FILE]: reply({
        format: "robinhood",
        message: [{ ticker: "AAPL", name: "", quantity: 1, PoA: 200, DoA: "2025-01-02", account: "", flags: [] }],
      }),
    });
    const { user } = await openFileTab();
    await user.upload(screen.getByLabelText("Choose a broker file"), csv("activity.csv"));
    const panel = await screen.findByRole("complementary", { name: "Checked against the file" });
    expect(panel?.textContent).toContain("This file states no totals or positions to check the import against.");
  });
});

describe("a history that starts mid-way", () => {
  it("asks what was held before it, starting at the least the file allows, and reads again with the answers", async () => {
    const question = {
      account: "…0118",
      key: "BND",
      ticker: "BND",
      name: "VANGUARD TOTAL BOND MARKET ETF",
      before: "2025-01-02",
      atLeast: 10.0401,
      line: 3,
      message: "sells 10.065 BND but the file shows 0.0249 held before it: the file starts after the first buy",
    };
    const api = mockApi({
      "POST /v1/playground/value": { status: 503, body: { error: "pricing unavailable" } },
      [FILE]: (call) =>
        String(call.body).includes('name="openings"')
          ? reply({ message: [{ ticker: "BND", name: "", quantity: 39.9599, PoA: 72.31, DoA: "2025-01-02", account: "…0118", flags: [] }] })
          : reply({ questions: [question] }),
    });
    const { user } = await openFileTab();
    await user.upload(screen.getByLabelText("Choose a broker file"), csv("history.csv"));
    const form = await screen.findByRole("form", { name: "Shares held before the file" });
    const input = within(form).getByLabelText(/BND VANGUARD TOTAL BOND MARKET ETF · …0118 held before 2025-01-02/);
    expect((input as HTMLInputElement).value).toBe("10.0401");
    expect(form?.textContent).toContain("Line 3: sells 10.065 BND but the file shows 0.0249 held before it");
    // less than the file sells is refused before anything is sent
    await user.clear(input);
    await user.type(input, "5");
    expect(within(form).getByRole("alert")?.textContent).toContain("at least what the file sells");
    expect((within(form).getByRole("button", { name: "Read again with these" }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(input);
    await user.type(input, "50");
    await user.click(within(form).getByRole("button", { name: "Read again with these" }));
    const table = await screen.findByRole("region", { name: "Import table" });
    await within(table).findByDisplayValue("39.9599");
    const sent = String(api.callsTo(FILE)[1].body);
    expect(sent).toContain('[{"account":"…0118","key":"BND","quantity":50}]');
    expect(screen.queryByRole("form", { name: "Shares held before the file" })).toBeNull();
  });
});

describe("the column mapping", () => {
  it("reads an unknown CSV with the columns chosen, saves them under a name, and offers the saved ones next time", async () => {
    const columns = ["Boekdatum", "Code", "Stuks"];
    const saved: Array<{ id: string; name: string; columns: string[]; mapping: object; createdAt: string }> = [];
    const api = mockApi({
      "POST /v1/playground/value": { status: 503, body: { error: "pricing unavailable" } },
      [FILE]: (call) => {
        const body = String(call.body);
        if (body.includes('name="mappingId"'))
          return reply({
            format: "csv",
            message: [{ ticker: "IWDA", name: "", quantity: 7, PoA: 81.4, DoA: "2024-01-03", account: "", flags: [] }],
            columns,
            mapping: { ticker: "Code", quantity: "Stuks" },
            savedMapping: { id: "m1", name: "My bank" },
          });
        if (body.includes('name="mapping"'))
          return reply({
            format: "csv",
            message: [{ ticker: "IWDA", name: "", quantity: 7, PoA: 81.4, DoA: "2024-01-03", account: "", flags: [] }],
            columns,
            mapping: { ticker: "Code", quantity: "Stuks" },
          });
        return reply({
          format: "csv",
          errors: [{ message: "choose the column for ticker and quantity" }],
          columns,
          mapping: { date: "Boekdatum" },
        });
      },
      "GET /v1/import/mappings": () => ({ body: { mappings: saved } }),
      "POST /v1/import/mappings": (call) => {
        const body = call.body as { name: string; columns: string[]; mapping: object };
        saved.push({ id: "m1", createdAt: "2026-01-02T00:00:00.000Z", ...body });
        return { status: 201, body: saved[0] };
      },
    });
    const { user } = await openFileTab();
    await user.upload(screen.getByLabelText("Choose a broker file"), csv("bank.csv"));
    let form = await screen.findByRole("form", { name: "Column mapping" });
    expect(form?.textContent).toContain("choose the column for ticker and quantity");
    await user.selectOptions(within(form).getByLabelText(/Ticker or ISIN/), "Code");
    await user.selectOptions(within(form).getByLabelText(/Quantity/), "Stuks");
    await user.selectOptions(within(form).getByLabelText("Dates like 03/04/2025 are"), "dmy");
    await user.click(within(form).getByLabelText(/Save these columns/));
    expect((within(form).getByRole("button", { name: "Read with these columns" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(form).getByLabelText("Save as"), "My bank");
    await user.click(within(form).getByRole("button", { name: "Read with these columns" }));
    await screen.findByRole("region", { name: "Import table" });
    expect(String(api.callsTo(FILE)[1].body)).toContain('{"date":"Boekdatum","ticker":"Code","quantity":"Stuks","dateOrder":"dmy"}');
    expect(api.callsTo("POST /v1/import/mappings")[0].body).toEqual({
      name: "My bank",
      columns,
      mapping: { date: "Boekdatum", ticker: "Code", quantity: "Stuks", dateOrder: "dmy" },
    });
    await screen.findByText("Saved as “My bank” for your next file of this layout.");

    // choosing the columns again offers the saved mapping; using it sends its id
    await user.click(screen.getByRole("button", { name: "Change columns" }));
    form = await screen.findByRole("form", { name: "Column mapping" });
    await user.click(await within(form).findByRole("button", { name: "Use “My bank”" }));
    await screen.findByText(/with your saved columns “My bank”/);
    expect(String(api.callsTo(FILE).at(-1)?.body)).toContain('name="mappingId"');
  });
});
