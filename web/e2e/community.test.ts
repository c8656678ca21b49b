/**
 * Sharing in headless Chromium through the real embedded app, priced from the shared market data: user A
 * publishes a portfolio from its sharing settings; a visitor finds it in the community, opens it read-only
 * (no edit controls), copies it after logging in (`?copy`: asked to log in, back to the same URL, name the
 * copy, 'New portfolio created!', the new slug) and sees the copy on their dashboard. Visitors also get the
 * three seeded samples on the dashboard and open them read-only; the referral page keeps its referrer.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketDataDir, requireMarketData } from "../../scripts/market-data/location.ts";
import { type AppProcess, api, startApp } from "../../test/support/app-process.ts";
import { chromiumAvailable, launchChromium } from "./browser.ts";
import { createPortfolioByApi, logInInPage, registerByApi } from "./harness.ts";

const marketData = marketDataDir();
const hasData = requireMarketData("the community e2e test");
const enabled = chromiumAvailable() && hasData;
const dataDir = mkdtempSync(join(tmpdir(), "folio-e2e-community-"));
let app: AppProcess;
let browser: Browser;

const publisher = { email: "publisher@example.com", token: "" };
const copier = { email: "copier@example.com" };
const SHARED = "Quiet Compounder";
let sharedSlug = "";

beforeAll(async () => {
  if (!enabled) return;
  app = await startApp({ DATA_DIR: dataDir, MARKET_DATA_DIR: marketData, MARKET_DATA_PROVIDERS: "csv" });
  browser = await launchChromium();
  publisher.token = (await registerByApi(app.url, publisher.email)).idToken;
  await registerByApi(app.url, copier.email);
  // A's portfolio, private as every new one: it is published below, through the page
  sharedSlug = await createPortfolioByApi(app.url, publisher.token, SHARED, {
    assets: [
      { ticker: "VTI", quantity: 20, PoA: 195.5, DoA: "2021-01-29" },
      { ticker: "KO", quantity: 40, PoA: 48.2, DoA: "2021-01-29" },
    ],
  });
  // slugs end in a random suffix (not guessable from the name)
  expect(sharedSlug).toMatch(/^quiet-compounder-[a-z0-9]{6}$/);
});

afterAll(async () => {
  await browser?.close();
  await app?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const assetCell = (page: Page, ticker: string) =>
  page.getByRole("table", { name: "Assets" }).getByRole("cell", { name: ticker, exact: true });

/** No control that changes the portfolio: the read-only view the server's rules imply. */
async function expectReadOnly(page: Page) {
  await page.getByText("Read-only").waitFor();
  for (const name of ["Save", "Delete", "Add asset", "Update sharing"]) {
    expect(await page.getByRole("button", { name, exact: true }).count(), `button ${name}`).toBe(0);
  }
  expect(await page.getByRole("region", { name: "Sharing" }).count()).toBe(0);
  expect(await page.locator("main").getByRole("checkbox").count()).toBe(0);
  expect(await page.locator("main").getByRole("textbox").count()).toBe(0);
  expect(await page.locator("main").getByRole("spinbutton").count()).toBe(0);
}

describe.skipIf(!enabled)("sharing and the community in Chromium", () => {
  let slug = "";

  it("the owner publishes a portfolio from its sharing settings", async () => {
    const page = await browser.newPage();
    await logInInPage(page, publisher.email, { at: app.url });
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("article", { name: SHARED }).getByRole("link", { name: SHARED }).click();
    await page.waitForURL(new RegExp(`/p/${sharedSlug}$`));
    slug = sharedSlug;

    const sharing = page.getByRole("region", { name: "Sharing" });
    await sharing.getByRole("checkbox", { name: /Public/ }).check();
    await sharing.getByLabel("Description").fill("Total market and a dividend payer, bought in January 2021.");
    await sharing.getByLabel("Category").selectOption("Growth");
    await sharing.getByRole("button", { name: "Update sharing" }).click();
    await page.getByText("Updated!").first().waitFor();
    await page.close();
  });

  it("a visitor finds it in the community, opens it read-only, copies it after logging in and sees the copy on the dashboard", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/community`);
    const growth = page.getByRole("region", { name: "Growth" });
    const card = growth.getByRole("article", { name: SHARED });
    // the publish's event reaches the community's read model moments after the settings reply
    await expect
      .poll(
        async () => {
          if ((await card.count()) > 0) return true;
          await page.reload();
          await page.getByRole("heading", { name: "Community", level: 1 }).waitFor();
          return (await card.count()) > 0;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await card.getByText("Total market and a dividend payer").waitFor();
    expect(await card.getByRole("img", { name: /^Value from 2021-01 to / }).count()).toBe(1);
    expect(await card.getByText(/^\+\d/).count()).toBe(1); // growth since 2021, from real prices
    // the samples are in the community too, under their categories
    await page.getByRole("region", { name: "Tech" }).getByRole("article", { name: "Tech Stocks" }).waitFor();

    await card.getByRole("link", { name: SHARED }).click();
    await page.waitForURL(new RegExp(`/p/${slug}$`));
    await page.getByRole("heading", { name: SHARED, level: 1 }).waitFor();
    await assetCell(page, "VTI").waitFor();
    await expectReadOnly(page);

    await page.getByRole("button", { name: "Copy to my portfolios" }).click();
    await page.waitForURL(new RegExp(`/p/${slug}\\?copy$`));
    // a visitor is asked to log in, and comes back to the same URL
    await logInInPage(page, copier.email, { open: false });
    await page.waitForURL(new RegExp(`/p/${slug}\\?copy$`));
    // the copy is saved by itself; a copy needs a name of its own first (spec §4 showPopup), offered as "Copy of …"
    const naming = page.getByRole("dialog", { name: "Copy portfolio" });
    expect(await naming.getByLabel("Portfolio name").inputValue()).toBe(`Copy of ${SHARED}`);
    await naming.getByLabel("Portfolio name").fill("My compounder");
    await naming.getByRole("button", { name: "Copy" }).click();
    await page.getByText("New portfolio created!").first().waitFor();
    await page.waitForURL(/\/p\/my-compounder-[a-z0-9]{6}$/);
    await page.getByRole("heading", { name: "My compounder", level: 1 }).waitFor();
    await assetCell(page, "KO").waitFor();
    // the copier owns the copy: it is editable, and private
    await page.getByRole("region", { name: "Sharing" }).waitFor();
    expect(
      await page
        .getByRole("region", { name: "Sharing" })
        .getByRole("checkbox", { name: /Public/ })
        .isChecked(),
    ).toBe(false);
    // and renames it, a revision of its own
    await page.getByRole("button", { name: "Rename" }).click();
    const renaming = page.getByRole("dialog", { name: "Rename portfolio" });
    await renaming.getByLabel("Portfolio name").fill("My own compounder");
    await renaming.getByRole("button", { name: "Rename" }).click();
    await page.getByRole("heading", { name: "My own compounder", level: 1 }).waitFor();

    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("article", { name: "My own compounder" }).waitFor();

    // the original is untouched and the copy is not in the community
    const list = await api<Record<string, { slug: string }[]>>(app.url, "GET", "/v1/get/communityportfolios");
    const listed = Object.values(list.body).flatMap((v) => (Array.isArray(v) ? v.map((c) => c.slug) : []));
    expect(listed).toContain(slug);
    expect(listed.filter((s) => s.startsWith("my-compounder"))).toEqual([]);
    await context.close();
  });

  it("the referral page keeps the referrer for register and opens it; without a referral it goes to /", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/referral?referral=publisher`);
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("dialog", { name: "Create your account" }).waitFor();
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem("referrer"),
      ),
    ).toBe("publisher");
    await page.goto(`${app.url}/referral`);
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    await context.close();
  });

  it("a visitor sees the three samples on the dashboard and opens one read-only", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    // the visitor's dashboard invites a login without opening the window by itself
    await page.getByRole("button", { name: "Log in" }).first().waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    const samples = page.getByRole("region", { name: "Sample portfolios" });
    await samples.waitFor();
    expect(await samples.getByRole("article").allInnerTexts()).toHaveLength(3);
    for (const name of ["Three-Fund Portfolio", "Tech Stocks", "Dividend Income"]) await samples.getByRole("article", { name }).waitFor();

    await samples.getByRole("link", { name: "Tech Stocks" }).click();
    await page.waitForURL(/\/p\/sample-tech-stocks$/);
    await assetCell(page, "NVDA").waitFor();
    await expectReadOnly(page);
    await context.close();
  });
});
