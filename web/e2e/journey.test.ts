/**
 * The foundation's user journey in headless Chromium through the real embedded app: register, land on
 * /dashboard/first, create a portfolio, add assets, save, reload and see them; log out to /, log in again
 * to /dashboard; a protected URL visited while logged out is restored after login.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startApp } from "../../test/support/app-process.ts";
import { chromiumAvailable, launchChromium } from "./browser.ts";

const enabled = chromiumAvailable();
const dataDir = mkdtempSync(join(tmpdir(), "folio-e2e-"));
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  if (!enabled) return;
  app = await startApp({ DATA_DIR: dataDir });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

async function addAsset(page: Page, ticker: string, quantity: string, price: string, date: string) {
  await fill(page, "Ticker", ticker);
  await fill(page, "Quantity", quantity);
  await fill(page, "Purchase price", price);
  await fill(page, "Purchase date", date);
  await page.getByRole("button", { name: "Add asset" }).click();
  await page.getByRole("cell", { name: ticker, exact: true }).waitFor();
}

describe.skipIf(!enabled)("user journey in Chromium", () => {
  it("registers, builds a portfolio, saves, reloads, logs out and back in", async () => {
    const page = await browser.newPage();
    await page.goto(app.url);
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
    await page.getByRole("cell", { name: "VTI", exact: true }).waitFor();
    await page.getByRole("cell", { name: "BND", exact: true }).waitFor();
    expect(await page.getByText("$2,500.00").count()).toBeGreaterThan(0); // 10 × 250
    expect(await page.getByText("$1,450.00").count()).toBeGreaterThan(0); // 20 × 72.50

    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.getByRole("button", { name: "Log in" }).first().click();
    await page.getByRole("dialog").getByLabel("Email", { exact: true }).fill("e2e@example.com");
    await page.getByRole("dialog").getByLabel("Password", { exact: true }).fill("long-enough");
    await page.getByRole("dialog").getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Three Fund").first().waitFor();
    await page.close();
  });

  it("returns to the pre-login URL after logging in", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/dashboard`);
    // a visitor on a protected page is asked to log in; the URL is kept for after
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email", { exact: true }).fill("e2e@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("long-enough");
    await dialog.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Three Fund").first().waitFor();
    await page.close();
  });
});
