import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { e2eApp, logInInPage } from "./harness.ts";

const e2e = e2eApp("journey");
const enabled = e2e.enabled;

/** Through the add-asset modal, with the ticker typed and the purchase price entered by hand. */
async function addAsset(page: Page, ticker: string, quantity: string, price: string, date: string) {
  await page.getByRole("button", { name: "Add asset", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add asset" });
  await dialog.getByLabel("Search ticker", { exact: true }).fill(ticker);
  await dialog.getByLabel("Quantity", { exact: true }).fill(quantity);
  await dialog.getByLabel("Purchase date", { exact: true }).fill(date);
  await dialog.getByLabel("Purchase price", { exact: true }).fill(price);
  await dialog.getByRole("button", { name: "Add to portfolio" }).click();
  await page.getByRole("table", { name: "Assets" }).getByRole("cell", { name: ticker, exact: true }).waitFor();
}

describe.skipIf(!enabled)("user journey in Chromium", () => {
  it("registers, builds a portfolio, saves, reloads, logs out and back in", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(e2e.app.url);
    await page.getByRole("button", { name: "Register" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email", { exact: true }).fill("e2e@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("short");
    await dialog.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => dialog.getByText("The password must be at least 6 characters long").count()).toBeGreaterThan(0);
    await dialog.getByLabel("Password", { exact: true }).fill("long-enough");
    await dialog.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(/\/dashboard\/first$/);

    await page.getByRole("button", { name: "New portfolio" }).click();
    await page.getByLabel("Portfolio name").fill("Three Fund");
    await page.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/p\/three-fund/);
    await expect.poll(() => page.getByText("New portfolio created!").count()).toBeGreaterThan(0);

    await addAsset(page, "VTI", "10", "250", "2024-03-01");
    await addAsset(page, "BND", "20", "72.5", "2024-03-01");
    // autosave is on by default: the save runs 3 s after the last edit; wait until nothing is unsaved
    await expect.poll(() => page.getByRole("button", { name: "Save" }).isDisabled(), { timeout: 10_000 }).toBe(true);

    await page.reload();
    const assets = page.getByRole("table", { name: "Assets" });
    await assets.getByRole("cell", { name: "VTI", exact: true }).waitFor();
    await assets.getByRole("cell", { name: "BND", exact: true }).waitFor();
    expect(await page.getByLabel("Quantity of VTI").inputValue()).toBe("10");
    expect(await page.getByLabel("Quantity of BND").inputValue()).toBe("20");
    // the purchase prices as entered (the fifth column)
    const purchasePrice = (ticker: string) =>
      assets
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: ticker, exact: true }) })
        .getByRole("cell")
        .nth(4)
        .textContent();
    expect(await purchasePrice("VTI")).toBe("$250.00");
    expect(await purchasePrice("BND")).toBe("$72.50");
    // cost 10 × 250 + 20 × 72.50 = 3950
    expect(await page.getByRole("group", { name: "Cost" }).textContent()).toContain("$3,950.00");

    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await logInInPage(page, "e2e@example.com");
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Three Fund").first().waitFor();
    await page.close();
  });

  it("returns to the pre-login URL after logging in", async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.app.url}/dashboard`);
    // a visitor on the dashboard is invited to log in; the URL is kept for after
    await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
    await logInInPage(page, "e2e@example.com", { open: false });
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Three Fund").first().waitFor();
    await page.close();
  });
});
