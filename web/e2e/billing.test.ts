/**
 * From the upgrade button to a changed plan, in Chromium, through the real embedded app and the local fake
 * Stripe (scripts/fakes/stripe.ts): Checkout's page pays, the fake sends its signed webhooks to the app,
 * the browser comes back to settings on the paid plan; the Billing Portal cancels, and the plan is free again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../../scripts/fakes/stripe.ts";
import { type AppProcess, api, freePort, startApp } from "../../test/support/app-process.ts";
import { chromiumAvailable, launchChromium } from "./browser.ts";
import { logInByApi, MARKET_DATA, registerInPage } from "./harness.ts";

const enabled = chromiumAvailable();
const dataDir = mkdtempSync(join(tmpdir(), "folio-e2e-billing-"));
let app: AppProcess;
let fake: FakeStripe;
let browser: Browser;

beforeAll(async () => {
  if (!enabled) return;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fake = await startFakeStripe({
    webhookUrl: `${url}/v1/billing/webhook`,
    prices: [{ id: "price_pro_monthly", unit_amount: 900, interval: "month", nickname: "Pro" }],
  });
  app = await startApp(
    {
      DATA_DIR: dataDir,
      MARKET_DATA_DIR: MARKET_DATA,
      MARKET_DATA_PROVIDERS: "csv",
      PUBLIC_URL: url,
      STRIPE_API_BASE: fake.url,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      BILLING_PRICE_IDS: "price_pro_monthly",
      BILLING_PAID_CONNECTIONS: "5",
    },
    port,
  );
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await app?.kill("SIGKILL");
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!enabled)("the paid plan in Chromium", () => {
  it("upgrades through Checkout and the signed webhooks, then cancels in the portal", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await registerInPage(page, "payer@example.com", app.url);

    await page.goto(`${app.url}/settings?t=plan`);
    const panel = page.getByRole("tabpanel");
    await panel.getByText("Current plan: free (1 brokerage connection)").waitFor();
    // the plan's price from Stripe's Price object (unit_amount 900 usd a month), not its id
    await panel.getByText("Pro: $9.00 a month").waitFor();
    expect(await panel.getByText("price_pro_monthly").count()).toBe(0);
    await panel.getByRole("button", { name: "Upgrade" }).click();
    const modal = page.getByRole("dialog", { name: "Upgrade" });
    await modal.getByText("Upgrade to connect up to 5 brokerage accounts.").waitFor();
    await modal.getByRole("button", { name: "Upgrade" }).click();

    // Stripe's Checkout (the fake's page): 9.00 USD a month for the user's own customer
    await page.waitForURL(`${fake.url}/c/pay/**`);
    expect(await page.getByTestId("amount").textContent()).toBe("9.00 USD");
    await page.getByRole("button", { name: "Subscribe" }).click();

    await page.waitForURL(`${app.url}/settings?t=plan&checkout=success`);
    await panel.getByText("Current plan: pro (5 brokerage connections)").waitFor({ timeout: 15_000 });
    expect(fake.deliveries.map((d) => [d.event.type, d.status])).toEqual([
      ["checkout.session.completed", 200],
      ["customer.subscription.created", 200],
    ]);
    const [customer] = fake.customers.values();
    expect(customer).toMatchObject({ email: "payer@example.com" });
    // the settings call answers with billing's plan too (accounts asks billing through its client)
    const login = await logInByApi(app.url, "payer@example.com");
    const settings = await api<{ account: { plan: string }; plan_ids: string[] }>(
      app.url,
      "POST",
      "/v1/get/settings",
      undefined,
      login.idToken,
    );
    expect(settings.body).toMatchObject({ account: { plan: "pro" }, plan_ids: ["price_pro_monthly"] });

    await panel.getByRole("button", { name: "Manage subscription" }).click();
    await page.waitForURL(`${fake.url}/p/session/**`);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByText("No active subscriptions").waitFor();
    expect(fake.deliveries.at(-1)).toMatchObject({ event: { type: "customer.subscription.deleted" }, status: 200 });
    await page.getByRole("link", { name: "Return to the site" }).click();
    await page.waitForURL(`${app.url}/settings?t=plan`);
    await panel.getByText("Current plan: free (1 brokerage connection)").waitFor();
    await panel.getByRole("button", { name: "Upgrade" }).waitFor();
    await page.close();
  }, 90_000);
});
