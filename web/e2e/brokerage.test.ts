/**
 * Brokerage connections in Chromium through the real app (a process) and the local Plaid fake: connect →
 * portfolios on /dashboard/portfolios → a signed webhook syncs them → the plan's limit shows the upgrade
 * modal → a failed removal keeps the connection → removal. Plaid's Link script cannot load offline, so the
 * page gets a stand-in `window.Plaid` whose open() completes Link at the fake (what a user finishing Link
 * does) and hands the public token to onSuccess, exactly as Link would.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePlaid, startFakePlaid } from "../../scripts/fakes/plaid.ts";
import { type AppProcess, freePort, startApp } from "../../test/support/app-process.ts";
import { chromiumAvailable, launchChromium } from "./browser.ts";
import { MARKET_DATA, registerInPage } from "./harness.ts";

const enabled = chromiumAvailable() && existsSync(join(MARKET_DATA, "VTI.csv"));
const dataDir = mkdtempSync(join(tmpdir(), "folio-e2e-brokerage-"));
let fake: FakePlaid;
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  if (!enabled) return;
  fake = await startFakePlaid();
  const port = await freePort();
  app = await startApp(
    {
      DATA_DIR: dataDir,
      MARKET_DATA_DIR: MARKET_DATA,
      MARKET_DATA_PROVIDERS: "csv",
      PLAID_CLIENT_ID: fake.clientId,
      PLAID_SECRET: fake.secret,
      PLAID_BASE_URL: fake.url,
      PLAID_WEBHOOK_URL: `http://127.0.0.1:${port}/v1/plaid/webhook`,
      BROKERAGE_TOKEN_KEY: randomBytes(32).toString("base64"),
    },
    port,
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.kill("SIGKILL");
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function withPlaidStandIn(page: Page) {
  await page.exposeFunction("__completeLinkAtFake", (token: string) => fake.completeLink(token));
  // runs in the page before its own scripts (the CSP does not apply to what the browser is told to add)
  await page.addInitScript(`
    window.Plaid = {
      create: (config) => ({
        open: async () => {
          const done = await window.__completeLinkAtFake(config.token);
          config.onSuccess(done.public_token, done.metadata);
        },
        destroy: () => {},
      }),
    };
  `);
}

/**
 * The dashboard's cards once the import has become portfolios (events are asynchronous): each load is given
 * time to draw its cards (they come after the page's script and its data, not with the load event) before the
 * page is loaded again.
 */
async function cardsShowing(page: Page, text: string) {
  for (let i = 0; i < 20; i++) {
    const shown = await page
      .getByText(text)
      .first()
      .waitFor({ timeout: 1000 })
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
    await page.reload();
  }
  throw new Error(`no card with ${text}`);
}

describe.skipIf(!enabled)("brokerage connections in Chromium", () => {
  it("connects, imports, syncs, hits the plan's limit, survives a failed removal and removes", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await withPlaidStandIn(page);
    const first = await page.goto(app.url);
    // Plaid is configured: the policy lets Link's one script and frame in, and nothing inline
    const csp = first?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self' https://cdn.plaid.com/link/v2/stable/link-initialize.js");
    expect(csp).not.toContain("unsafe-inline' https://cdn.plaid.com");

    await registerInPage(page, "broker@example.com");

    await page.getByRole("button", { name: "Connect brokerage" }).click();
    await page.waitForURL(/\/dashboard\/portfolios$/);
    await cardsShowing(page, "First Platypus Bank – Plaid IRA ••5555");
    await cardsShowing(page, "First Platypus Bank – Plaid 401k ••6666");

    // Plaid says the holdings changed: the signed webhook reaches the app, which syncs them
    const item = [...fake.items.values()][0];
    // one more AAPL share bought at 150: Plaid's cost basis is the position's total
    item.holdings[0].quantity = 11;
    item.holdings[0].cost_basis = 1650;
    await cardsShowing(page, "$6,750.50");
    const delivery = await fake.sendHoldingsUpdate(item.item_id);
    expect(delivery.status).toBe(200);
    const holdingsCalls = () => fake.requests.filter((r) => r.path === "/investments/holdings/get").length;
    for (let i = 0; i < 40 && holdingsCalls() < 2; i++) await page.waitForTimeout(250);
    expect(holdingsCalls()).toBe(2);

    // one connection on the free plan: the second asks for an upgrade
    await page.getByRole("button", { name: "Connect brokerage" }).click();
    await page.getByRole("alert").filter({ hasText: "Only one connected account is allowed in your plan" }).waitFor();
    const upgrade = page.getByRole("dialog", { name: "Upgrade" });
    await upgrade.getByText("Only one connected account is allowed in your plan").waitFor();
    await upgrade.getByRole("button", { name: "Close" }).click();

    await page.goto(`${app.url}/settings?t=connections`);
    const panel = page.getByRole("tabpanel");
    await panel.getByText("First Platypus Bank").waitFor();
    fake.fail({ status: 500 }, { path: "/item/remove" });
    await panel.getByRole("button", { name: "Remove First Platypus Bank" }).click();
    await page.getByRole("dialog", { name: "Remove connection?" }).getByRole("button", { name: "Remove" }).click();
    await page.getByRole("alert").filter({ hasText: "An error occurred. Please try again." }).waitFor();
    expect(await panel.getByText("First Platypus Bank").count()).toBe(1);
    expect(item.removed).toBe(false);

    await panel.getByRole("button", { name: "Remove First Platypus Bank" }).click();
    await page.getByRole("dialog", { name: "Remove connection?" }).getByRole("button", { name: "Remove" }).click();
    await panel.getByText("No brokerage accounts are connected.").waitFor();
    expect(item.removed).toBe(true);

    // the synced quantity reached the portfolio, which stays after the connection is gone: its cost value
    // was 10 × 150 + 25 × 210.02 = 6,750.50 and is now 11 × 150 + 25 × 210.02 = 6,900.50
    await page.goto(`${app.url}/dashboard`);
    await cardsShowing(page, "$6,900.50");
    await page.close();
  });
});
