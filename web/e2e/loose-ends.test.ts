/**
 * The spec's loose ends in headless Chromium through the real embedded app, priced from the shared market
 * data: a visitor's playground (build a draft without an account, see it valued, log in to save it, find it
 * marked as a playground, never in the community), and community moderation by an admin named in
 * ADMIN_EMAILS (unlist with a reason the owner then sees, the log with who and why).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, api, startApp } from "../../test/support/app-process.ts";
import { chromiumAvailable, launchChromium } from "./browser.ts";
import { createPortfolioByApi, logInInPage, MARKET_DATA, registerByApi } from "./harness.ts";

const enabled = chromiumAvailable() && existsSync(join(MARKET_DATA, "VTI.csv"));
const dataDir = mkdtempSync(join(tmpdir(), "folio-e2e-loose-ends-"));
let app: AppProcess;
let browser: Browser;

const visitor = { email: "tinkerer@example.com" };
const owner = { email: "owner@example.com", token: "" };
const moderator = { email: "mod@example.com" };
const SHARED = "Loud Picks";
let sharedSlug = "";

beforeAll(async () => {
  if (!enabled) return;
  app = await startApp({
    DATA_DIR: dataDir,
    MARKET_DATA_DIR: MARKET_DATA,
    MARKET_DATA_PROVIDERS: "csv",
    ADMIN_EMAILS: moderator.email,
  });
  browser = await launchChromium();
  for (const u of [visitor, owner, moderator]) {
    const registered = await registerByApi(app.url, u.email);
    if (u === owner) owner.token = registered.idToken;
  }
  sharedSlug = await createPortfolioByApi(app.url, owner.token, SHARED, {
    privateMode: false,
    assets: [{ ticker: "VTI", quantity: 5, PoA: 195.5, DoA: "2021-01-29" }],
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function communitySlugs(): Promise<string[]> {
  const res = await api<Record<string, unknown>>(app.url, "GET", "/v1/get/communityportfolios");
  return Object.entries(res.body)
    .filter(([k]) => k !== "pagination")
    .flatMap(([, cards]) => (cards as { slug: string }[]).map((c) => c.slug));
}

describe.skipIf(!enabled)("the loose ends in Chromium", () => {
  it("a visitor builds a playground draft, sees it valued, logs in to save it and finds it marked as a playground", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.url}/playground`);
    await page.getByText(/Try ideas here/).waitFor();

    await page.getByRole("button", { name: "Add asset", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add asset" });
    await dialog.getByLabel("Search ticker", { exact: true }).fill("VT");
    await dialog.getByRole("option", { name: /^VTI\b/ }).click();
    await dialog.getByRole("region", { name: "Chosen asset" }).getByText("Latest price").waitFor();
    const year = new Date().getFullYear() - 2;
    await dialog.getByRole("button", { name: `1 Jan ${year}`, exact: true }).click();
    // the suggested price: that day's as-traded close (or the last trading day's before)
    await expect.poll(() => dialog.getByLabel("Purchase price", { exact: true }).inputValue(), { timeout: 10_000 }).toMatch(/^\$\d/);
    await dialog.getByLabel("Quantity", { exact: true }).fill("10");
    await dialog.getByRole("button", { name: "Add to portfolio" }).click();

    // valued by the server without an account: the returns and the value chart fill in
    const returns = page.getByRole("region", { name: "Returns", exact: true });
    await returns.waitFor({ timeout: 15_000 });
    expect(await returns.textContent()).toMatch(/Time-weighted return \(TWR\)\s*[+-]?\d/);
    // the draft survives a reload
    await page.reload();
    await page.getByRole("table", { name: "Assets" }).getByRole("cell", { name: "VTI", exact: true }).waitFor();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await logInInPage(page, visitor.email, { open: false });
    const naming = page.getByRole("dialog", { name: "New portfolio" });
    await naming.getByLabel("Portfolio name").fill("Sandbox");
    await naming.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/p\/sandbox/);
    const slug = new URL(page.url()).pathname.split("/").pop() as string;
    await page.getByRole("heading", { level: 1 }).getByText("Playground").waitFor();

    await page.goto(`${app.url}/dashboard`);
    const card = page.getByRole("article", { name: "Sandbox" });
    await card.getByText("Playground").waitFor();
    const banner = card.locator(".card-banner");
    // the gradient as the browser computed it (the root tsconfig has no DOM types: the page's own function)
    type Styles = { getComputedStyle(el: unknown): { backgroundImage: string; color: string } };
    const computed = await banner.evaluate((el) => {
      const style = (globalThis as unknown as Styles).getComputedStyle(el);
      return { backgroundImage: style.backgroundImage, color: style.color };
    });
    expect(computed.backgroundImage).toMatch(/^linear-gradient/);
    expect(computed.color).toBe("rgb(255, 255, 255)");
    // a playground is never in the community
    expect(await communitySlugs()).not.toContain(slug);
    await page.close();
  });

  it("an admin unlists a public portfolio with a reason; its owner sees why; the log says who and when", async () => {
    await expect.poll(communitySlugs, { timeout: 15_000 }).toContain(sharedSlug);
    const page = await (await browser.newContext()).newPage();
    await logInInPage(page, moderator.email, { at: `${app.url}/p/${sharedSlug}` });
    await page.goto(`${app.url}/p/${sharedSlug}`);
    const panel = page.getByRole("region", { name: "Moderation" });
    await panel.getByText("Listed in the community.").waitFor();
    await panel.getByLabel("Reason to unlist (the owner sees it)").fill("Misleading description");
    await panel.getByRole("button", { name: "Unlist from the community" }).click();
    await panel.getByText("Unlisted from the community. Reason: Misleading description").waitFor();
    expect(await communitySlugs()).not.toContain(sharedSlug);

    await page.getByRole("link", { name: "Moderation" }).click();
    // the portfolio's own table is on screen until the moderation page replaces it
    await page.waitForURL(/\/moderation$/);
    await page.getByRole("heading", { name: "Community moderation", level: 1 }).waitFor();
    const row = page.getByRole("table").getByRole("row").nth(1);
    await row.waitFor();
    expect(await row.textContent()).toContain("Misleading description");
    expect(await row.textContent()).toContain(moderator.email);
    await page.close();

    const own = await (await browser.newContext()).newPage();
    // a visitor's dashboard invites a login rather than opening the window by itself
    await logInInPage(own, owner.email, { at: `${app.url}/dashboard` });
    await own
      .getByRole("article", { name: SHARED })
      .getByRole("note")
      .getByText(/Misleading description/)
      .waitFor();
    await own.getByRole("article", { name: SHARED }).getByRole("link", { name: SHARED }).click();
    expect(await own.getByRole("alert").filter({ hasText: "Unlisted from the community" }).textContent()).toContain(
      "Misleading description",
    );
    await own.close();
  });
});
