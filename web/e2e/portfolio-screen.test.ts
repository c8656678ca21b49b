import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { e2eApp, registerInPage } from "./harness.ts";

const e2e = e2eApp("portfolio");
const SCREENSHOT = "/tmp/folio-portfolio-screen.png";
const enabled = e2e.enabled;

const saveButton = (page: Page) => page.getByRole("button", { name: "Save", exact: true });

describe.skipIf(!enabled)("portfolio screen in Chromium", () => {
  it("adds NVDA through the search, shows table, charts and backtest, autosaves a quantity edit", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await registerInPage(page, "screen@example.com", e2e.app.url);

    await page.getByRole("button", { name: "New portfolio" }).click();
    await page.getByLabel("Portfolio name").fill("Chips");
    await page.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/p\/chips/);

    await page.getByRole("button", { name: "Add asset", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add asset" });
    await dialog.getByLabel("Search ticker", { exact: true }).fill("NV");
    await dialog.getByRole("option", { name: /^NVDA\b/ }).click();
    const chosen = dialog.getByRole("region", { name: "Chosen asset" });
    await chosen.getByText("Latest price").waitFor();
    expect(await chosen.textContent()).toMatch(/NVIDIA/i);

    // preset 3: 1 January two years back; that day's as-traded close (the last trading day's before) becomes
    // the purchase price, to the cent, and says so
    const year = new Date().getFullYear() - 2;
    await dialog.getByRole("button", { name: `1 Jan ${year}`, exact: true }).click();
    expect(await dialog.getByLabel("Purchase date", { exact: true }).inputValue()).toBe(`${year}-01-01`);
    const price = dialog.getByLabel("Purchase price", { exact: true });
    await expect.poll(() => price.inputValue(), { timeout: 10_000 }).toMatch(/^\$[\d,]+\.\d{2}$/);
    await dialog.getByText(/^Close on \w{3} \d{2}, \d{4} \(as traded\), the last trading day before Jan 01, \d{4}$/).waitFor();
    await dialog.getByLabel("Quantity", { exact: true }).fill("10");
    await dialog.getByRole("button", { name: "Add to portfolio" }).click();

    const assets = page.getByRole("table", { name: "Assets" });
    const row = assets.getByRole("row").filter({ has: page.getByRole("cell", { name: "NVDA", exact: true }) });
    await row.waitFor();
    const cells = row.getByRole("cell");
    expect(await cells.nth(5).textContent()).toBe(`Jan 01, ${year}`);
    expect(await cells.nth(6).textContent()).toMatch(/^\$\d/); // latest price

    // autosave on: saved 3 s later; the re-read brings the valuation, and the charts draw it
    await expect.poll(() => saveButton(page).isDisabled(), { timeout: 10_000 }).toBe(true);
    const line = page.getByRole("figure", { name: "Portfolio value chart" });
    await line.locator(".apexcharts-canvas").waitFor({ timeout: 15_000 });
    await page.getByRole("figure", { name: "Asset shares chart" }).locator(".apexcharts-canvas").waitFor();
    await page.getByRole("figure", { name: "Profit/loss per period chart" }).locator(".apexcharts-canvas").waitFor();
    // the benchmark line is the same purchases put into the index, named as what it is
    expect(await line.getByRole("columnheader").allTextContents()).toEqual([
      "Month",
      "Chips",
      "Same purchases in S&P 500 (SPY, total return)",
    ]);

    const periods = page.getByRole("table", { name: "Historical returns" });
    const crash = periods.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "2008 Crash", exact: true }) });
    expect(await crash.getByRole("cell").nth(2).textContent()).toMatch(/^-?[\d,]+(\.\d{2})?%$/);
    const returns = page.getByRole("region", { name: "Returns" });
    expect(await returns.getByRole("group", { name: "Time-weighted return (TWR)" }).textContent()).toMatch(/%/);
    expect(await returns.getByRole("group", { name: "Money-weighted return (XIRR)" }).textContent()).toMatch(/%/);

    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    // a quantity edit in the table: unsaved at once, autosaved 3 s later
    const quantity = page.getByLabel("Quantity of NVDA");
    await quantity.fill("12");
    await quantity.press("Enter");
    const edited = Date.now();
    expect(await saveButton(page).isDisabled()).toBe(false);
    await expect.poll(() => saveButton(page).isDisabled(), { timeout: 10_000, interval: 100 }).toBe(true);
    expect(Date.now() - edited).toBeGreaterThanOrEqual(2900);

    await page.reload();
    await expect.poll(() => page.getByLabel("Quantity of NVDA").inputValue(), { timeout: 10_000 }).toBe("12");
    await page.close();
  });
});
