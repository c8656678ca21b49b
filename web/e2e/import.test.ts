/**
 * Imports in Chromium through the real app: a screenshot read by tesseract.js on the server's queue (one
 * image from the generated set, answered by the POST itself) whose rows pricing cannot price are flagged and
 * must be confirmed or corrected before Create, with each row's cost and value as the server values the
 * draft, and a row added by hand priced at its date's as-traded close; and a broker file (Ghostfolio's
 * sample IBKR trade), each reviewed in the import table and turned into a portfolio marked with where it
 * came from.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../test/support/app-process.ts";
import { e2eApp, registerInPage, tokenInPage } from "./harness.ts";

const e2e = e2eApp("import");
// a Fidelity-like table: AMZN 4, BND 119, UBER 162, MSFT 55.53, GOOGL 71, ABBV 1555 (manifest.json); the app's
// pricing reads the market-data folder only, which has no UBER or ABBV: those two rows are flagged
const SCREENSHOT = join(repoRoot, "services/import/test/screenshots/fidelity-compact-7500.jpg");
const SAMPLES = process.env.IMPORT_SAMPLES_DIR ?? resolve(repoRoot, "../shared/import-samples");
const IBKR = join(SAMPLES, "ghostfolio/vti-buy-on-ibkr.csv");
const enabled = e2e.enabled && existsSync(IBKR);
const SHOTS = process.env.IMPORT_SHOTS ?? "/tmp/folio-import";

async function portfolioOf(
  page: Page,
  slug: string,
): Promise<{ imported: string | null; assets: Array<{ ticker: string; quantity: number; PoA: number; DoA: string }> }> {
  const idToken = await tokenInPage(page);
  const res = await page.request.post(`${e2e.app.url}/v1/get/portfolio/${slug}`, { headers: { authorization: `Bearer ${idToken}` } });
  return ((await res.json()) as { data: Awaited<ReturnType<typeof portfolioOf>> }).data;
}

describe.skipIf(!enabled)("imports in Chromium", () => {
  it("a screenshot and a broker file become portfolios through the import table", { timeout: 120_000 }, async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await registerInPage(page, "importer@example.com", e2e.app.url);

    // the screenshot: upload bar, preview at 150 %, read on the server, reviewed, created
    await page.getByRole("link", { name: "Import" }).click();
    await page.waitForURL(/\/import$/);
    await page.getByLabel("Choose a screenshot").setInputFiles(SCREENSHOT);
    await page.getByRole("progressbar", { name: "Upload progress" }).waitFor();
    expect(await page.getByLabel("Zoom", { exact: true }).inputValue()).toBe("150");
    await page.getByRole("img", { name: "Preview of fidelity-compact-7500.jpg" }).waitFor();
    const table = page.getByRole("region", { name: "Import table" });
    await table.waitFor({ timeout: 90_000 });
    const tickers = await table.getByLabel(/^Ticker, row/).evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
    expect(tickers).toEqual(expect.arrayContaining(["AMZN", "BND", "MSFT", "GOOGL", "UBER", "ABBV"]));
    const row = (ticker: string) => tickers.indexOf(ticker) + 1;
    expect(await table.getByLabel(`Quantity, row ${row("MSFT")}`).inputValue()).toBe("55.53");
    // what pricing knows is sure; what it does not is flagged, explained and described to screen readers
    for (const known of ["AMZN", "BND", "MSFT", "GOOGL"])
      expect(await table.getByLabel(`Ticker, row ${row(known)}`).getAttribute("aria-invalid")).toBeNull();
    const uber = table.getByLabel(`Ticker, row ${row("UBER")}`);
    expect(await uber.getAttribute("aria-invalid")).toBe("true");
    const reason = await page.locator(`[id="${await uber.getAttribute("aria-describedby")}"]`).textContent();
    expect(reason).toContain('Pricing knows no ticker "UBER"');
    await table.getByRole("status").getByText("2 rows to check").waitFor();
    // column 4 is the server's valuation of the rows (the playground's engine): a priced row's cost and
    // today's value, an unknown ticker's reason; and the rows together
    const cost = (ticker: string) => table.getByLabel(`Cost, row ${row(ticker)}`);
    await cost("MSFT")
      .getByText(/today$/)
      .waitFor({ timeout: 15_000 });
    expect(await cost("MSFT").textContent()).toMatch(/^\$[\d,]+\.\d{2}\$[\d,]+\.\d{2} today$/);
    expect(await cost("UBER").textContent()).toContain("No price (unknown ticker)");
    await table.getByText(/^Together: cost \$[\d,]+\.\d{2}, worth \$[\d,]+\.\d{2} today/).waitFor();
    // the page as a person sees it, wide and on a phone (IMPORT_SHOTS, default /tmp/folio-import)
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: join(SHOTS, "desktop-screenshot-import.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, "phone-screenshot-import.png"), fullPage: true });
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Create waits for the flagged rows: nothing is saved, the alert says why, the keyboard is on the first
    await page.getByRole("button", { name: "Create portfolio" }).click();
    await page
      .getByRole("alert")
      .getByText(/2 rows need a check/)
      .waitFor();
    // the focus moves once the cells are marked (a task after the alert's render)
    await expect
      .poll(() => page.evaluate("document.activeElement?.getAttribute('aria-label')"), { timeout: 5_000 })
      .toBe(`Ticker, row ${Math.min(row("UBER"), row("ABBV"))}`);

    // ABBV removed, UBER confirmed as read; a cleared quantity still stops the import and flashes
    await table.getByRole("button", { name: `Remove row ${row("ABBV")}` }).click();
    const after = await table.getByLabel(/^Ticker, row/).evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
    const at = (ticker: string) => after.indexOf(ticker) + 1;
    await table.getByRole("button", { name: `Row ${at("UBER")} looks right: confirm it as read` }).click();
    await table.getByLabel(`Quantity, row ${at("MSFT")}`).fill("");
    await page.getByRole("button", { name: "Create portfolio" }).click();
    await page.getByRole("alert").getByText(/cell/).waitFor();
    const invalid = await page
      .locator("td.invalid input, td.invalid select")
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
    expect(invalid).toEqual([`Quantity, row ${at("MSFT")}`]);
    await table.getByLabel(`Quantity, row ${at("MSFT")}`).fill("55.53");

    // a row added by hand has no price: it is given the as-traded close of its date (the Add window's
    // look-up), said so under the cell; another date gets that day's close
    await table.getByRole("button", { name: "Add a row" }).click();
    const added = after.length + 1;
    await table.getByLabel(`Ticker, row ${added}`).fill("VTI");
    await table.getByLabel(`Quantity, row ${added}`).fill("2");
    const price = table.getByLabel(`Purchase price, row ${added}`);
    await table.getByText(/^Close on .* \(as traded\)/).waitFor({ timeout: 15_000 });
    const year = new Date().getFullYear() - 1;
    await table.getByLabel(`Purchase date, row ${added}`).selectOption(`${year}-01-01`);
    await table.getByText(new RegExp(`\\(as traded\\), the last trading day before Jan 01, ${year}`)).waitFor({ timeout: 15_000 });
    const close = Number(await price.inputValue());
    expect(close).toBeGreaterThan(0);
    await table
      .getByLabel(`Cost, row ${added}`)
      .getByText(/today$/)
      .waitFor({ timeout: 15_000 });
    await page.getByLabel("Portfolio name").fill("From my broker app");
    await page.getByRole("button", { name: "Create portfolio" }).click();
    await page.waitForURL(/\/p\/from-my-broker-app/);
    await page.getByText("New portfolio created!").waitFor();
    const shotSlug = new URL(page.url()).pathname.split("/").pop() as string;
    const fromShot = await portfolioOf(page, shotSlug);
    expect(fromShot.imported).toBe("screenshot");
    expect(fromShot.assets.map((a) => [a.ticker, a.quantity]).sort()).toEqual([
      ["AMZN", 4],
      ["BND", 119],
      ["GOOGL", 71],
      ["MSFT", 55.53],
      ["UBER", 162],
      ["VTI", 2],
    ]);
    expect(fromShot.assets.find((a) => a.ticker === "VTI")).toMatchObject({ PoA: close, DoA: `${year}-01-01` });

    // the broker file: IBKR recognised, its trade's price and date kept
    await page.goto(`${e2e.app.url}/import`);
    await page.getByRole("tab", { name: "Broker file" }).click();
    await page.getByLabel("Choose a broker file").setInputFiles(IBKR);
    await table.waitFor();
    await page.getByRole("heading", { name: /1 holding found · Interactive Brokers/ }).waitFor();
    expect(await table.getByLabel("Purchase date, row 1").inputValue()).toBe("2023-04-03");
    await page.getByRole("button", { name: "Create portfolio" }).click();
    await page.waitForURL(/\/p\/imported-from-interactive-brokers/);
    const fileSlug = new URL(page.url()).pathname.split("/").pop() as string;
    const fromFile = await portfolioOf(page, fileSlug);
    expect(fromFile.imported).toBe("ibkr");
    // Buy 17 VTI @ 204.3473 on 2023-04-03 (the sample's one trade)
    expect(fromFile.assets).toEqual([expect.objectContaining({ ticker: "VTI", quantity: 17, PoA: 204.3473, DoA: "2023-04-03" })]);
    await page.close();
  });
});
