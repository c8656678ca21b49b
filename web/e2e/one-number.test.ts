/**
 * One number, everywhere (issue 22), in headless Chromium through the real embedded app priced from the
 * shared market data: the dashboard shows the portfolio page's figures of a lot bought before a split (also
 * right after a settings change), never quantity × a price worked out in the browser; an edit's preview is
 * what the save returns; the Add window suggests the day's as-traded close, to the cent, and refuses what the
 * server refuses before a row enters the table; a refused request is told in words; the playground's kept
 * draft reloads without a warning.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api } from "../../test/support/app-process.ts";
import { createPortfolioByApi, e2eApp, keepSignedIn, registerByApi } from "./harness.ts";

const e2e = e2eApp("one-number");
const enabled = e2e.enabled;

/** 10 NVDA bought at $450 on 2023-09-11, before the 10:1 split of Jun 10, 2024: 100 shares today. */
const SPLIT_LOT = { ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" };
/** what the old dashboard showed for it: 10 × the latest $203.53 = $2,035.30, −54.77 % */
const QUANTITY_TIMES_PRICE = ["$2,035.30", "-54.77%"];

async function signedInPage(email: string, viewport = { width: 1366, height: 900 }) {
  const session = await registerByApi(e2e.app.url, email);
  const context = await e2e.browser.newContext({ viewport });
  await keepSignedIn(context, session);
  return { page: await context.newPage(), token: session.idToken };
}

const stat = (page: Page, name: string) => page.getByRole("group", { name, exact: true }).locator(".stat-value");
const text = async (locator: { textContent(): Promise<string | null> }) => ((await locator.textContent()) ?? "").trim();

/** The portfolio page's own figures once its valuation is in. */
async function pageFigures(page: Page, slug: string) {
  await page.goto(`${e2e.app.url}/p/${slug}`);
  await expect.poll(() => text(stat(page, "Market value")), { timeout: 15_000 }).toMatch(/^\$[\d,]+\.\d{2}/);
  const profitLoss = page.getByRole("group", { name: /^(Profit\/loss|Total return)$/ });
  return {
    marketValue: (await text(stat(page, "Market value"))).match(/^\$[\d,]+\.\d{2}/)?.[0],
    cost: await text(stat(page, "Cost")),
    // the number, without the sign the page leaves off a gain shown as a percent
    totalReturn: ((await profitLoss.textContent()) ?? "").match(/[+-]?([\d,.]+%)/)?.[1],
  };
}

/** Whether the pricing service answers the as-traded close (GET /v1/get/{ticker}/close). */
async function asTradedCloseServed(): Promise<boolean> {
  const res = await fetch(`${e2e.app.url}/v1/get/NVDA/close?date=2023-09-11`);
  if (res.status === 200) return true;
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  // the route itself is missing (this branch before the pricing side is merged): say so, do not pretend
  if (res.status === 404 && body.error?.startsWith("No route")) {
    console.warn("GET /v1/get/{ticker}/close is not served by this build: the as-traded close checks are skipped");
    return false;
  }
  throw new Error(`the as-traded close answered ${res.status}: ${JSON.stringify(body)}`);
}

mkdirSync("/tmp/folio-one-number", { recursive: true });

describe.skipIf(!enabled)("one number, everywhere, in Chromium", () => {
  it("the dashboard's card, pie and table show the page's figures of a split lot, also after a settings change", async () => {
    const { page, token } = await signedInPage("split@example.com");
    const slug = await createPortfolioByApi(e2e.app.url, token, "Split lot", { assets: [SPLIT_LOT] });
    // a settings change makes a new revision: its figures are the same lot's
    const changed = await api(e2e.app.url, "POST", `/v1/update/portfoliosettings/${slug}`, { settings: { formatGains: "%" } }, token);
    expect(changed.status).toBe(200);

    await page.goto(`${e2e.app.url}/dashboard`);
    const card = page.getByRole("article", { name: "Split lot" });
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/Market value|Being valued…|Not valued yet/);
    for (const wrong of QUANTITY_TIMES_PRICE) expect(await page.locator("main").textContent()).not.toContain(wrong);

    const figures = await pageFigures(page, slug);
    expect(figures.marketValue).toMatch(/^\$2\d,\d{3}\.\d{2}$/); // 100 shares at about $200, not 10
    await page.goto(`${e2e.app.url}/dashboard`);
    await expect.poll(() => card.locator(".card-figure.wide dd").textContent(), { timeout: 35_000 }).toBe(figures.marketValue);
    expect(await card.textContent()).toContain(figures.cost);
    expect(await card.textContent()).toContain(figures.totalReturn);
    const row = page
      .getByRole("region", { name: "All assets" })
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: /^NVDA/ }) });
    expect(await text(row.getByRole("cell").nth(2))).toBe("100");
    expect(await text(row.getByRole("cell").nth(4))).toBe(`+${figures.totalReturn}`);
    const pie = page.getByRole("figure", { name: "Holdings by market value" });
    expect(await text(pie.getByRole("row").filter({ hasText: "NVDA" }).getByRole("cell").nth(1))).toBe(figures.marketValue);
    for (const wrong of QUANTITY_TIMES_PRICE) expect(await page.locator("main").textContent()).not.toContain(wrong);
    await page.context().close();
  });

  it("with a EUR base every amount is in euros, and the rate carried forward is said with its date", async () => {
    const { page, token } = await signedInPage("euro@example.com");
    const based = await api(e2e.app.url, "POST", "/v1/update/settings", { settings: { account: { baseCurrency: "EUR" } } }, token);
    expect(based.status).toBe(200);
    const slug = await createPortfolioByApi(e2e.app.url, token, "Euro lot", { assets: [SPLIT_LOT] });
    // the server's figures in euros (the shared data's rates end in June 2026, the closes run into July)
    type Listed = { portfolios: Record<string, { figures?: { baseCurrency: string; marketValue: number; profitLoss: number } }> };
    const listed = async () => (await api<Listed>(e2e.app.url, "POST", "/v1/get/portfolios-and-assets", undefined, token)).body;
    await expect.poll(async () => (await listed()).portfolios[slug]?.figures?.baseCurrency, { timeout: 15_000 }).toBe("EUR");
    const figures = (await listed()).portfolios[slug]?.figures as { marketValue: number; profitLoss: number };
    const euros = (n: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(n);
    const RATE_NOTE = /^Last known exchange rate: USD→EUR [\d.]+ as of Jun 01, 2026$/;

    await page.goto(`${e2e.app.url}/dashboard`);
    const card = page.getByRole("article", { name: "Euro lot" });
    await expect.poll(() => card.locator(".card-figure.wide dd").textContent(), { timeout: 35_000 }).toBe(euros(figures.marketValue));
    expect(await card.textContent()).toContain(euros(figures.profitLoss));
    expect(await card.locator(".card-figures").textContent()).not.toContain("$");
    await card.getByText(RATE_NOTE).waitFor();

    await page.goto(`${e2e.app.url}/p/${slug}`);
    await expect.poll(() => text(stat(page, "Market value")), { timeout: 15_000 }).toContain(euros(figures.marketValue));
    await page.getByRole("list", { name: "Not included in the figures" }).getByText(RATE_NOTE).waitFor();
    const periods = page.getByRole("table", { name: "Historical returns" });
    await periods.waitFor();
    expect(await periods.textContent()).toContain("€");
    expect(await periods.textContent()).not.toContain("$");
    // the toggles say euros too
    expect(await page.getByRole("group", { name: "Show gains as" }).getByRole("button").allTextContents()).toEqual(["€", "%"]);
    expect(await page.getByRole("group", { name: "Show the value chart as" }).getByRole("button").allTextContents()).toEqual([
      "Value €",
      "Return %",
    ]);
    await page.screenshot({ path: "/tmp/folio-one-number/euro-page-1366.png", fullPage: true });

    // published, its community card says the carried-forward rate with its date, as the page does
    const sharing = page.getByRole("region", { name: "Sharing" });
    await sharing.getByRole("checkbox", { name: /Public/ }).check();
    await sharing.getByLabel("Category").selectOption("Growth");
    await sharing.getByRole("button", { name: "Update sharing" }).click();
    await page.getByText("Updated!").first().waitFor();
    await page.goto(`${e2e.app.url}/community`);
    const communityCard = page.getByRole("region", { name: "Growth" }).getByRole("article", { name: "Euro lot" });
    await expect
      .poll(
        async () => {
          if ((await communityCard.count()) > 0) return true;
          await page.reload();
          return false;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await text(communityCard.locator(".money"))).toBe(euros(figures.marketValue));
    expect(await text(communityCard.locator(".community-rates"))).toMatch(/^Last known rate: USD→EUR, Jun 01, 2026$/);
    await communityCard.screenshot({ path: "/tmp/folio-one-number/euro-community-card-1366.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await communityCard.scrollIntoViewIfNeeded();
    await communityCard.screenshot({ path: "/tmp/folio-one-number/euro-community-card-390.png" });
    await page.goto(`${e2e.app.url}/p/${slug}`);
    await expect.poll(() => text(stat(page, "Market value")), { timeout: 15_000 }).toContain(euros(figures.marketValue));
    await page.screenshot({ path: "/tmp/folio-one-number/euro-page-390.png", fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.goto(`${e2e.app.url}/networth`);
    await page.getByRole("list", { name: "Not priced now" }).getByText(RATE_NOTE).waitFor({ timeout: 35_000 });
    await page.context().close();
  });

  it("a quantity edit's preview is what the save then returns", async () => {
    const { page, token } = await signedInPage("preview@example.com");
    const slug = await createPortfolioByApi(e2e.app.url, token, "Preview", { assets: [SPLIT_LOT] });
    await pageFigures(page, slug);
    const quantity = page.getByLabel("Quantity of NVDA");
    await quantity.fill("12");
    await quantity.press("Enter");
    // at once, before any save: 12 of the same lot, in proportion to the server's valuation of 10
    const preview = await text(stat(page, "Market value"));
    // market value, profit/loss and share of the row
    const rowFigures = async () => {
      const cells = page.getByRole("table", { name: "Assets" }).getByRole("row").nth(1).getByRole("cell");
      return Promise.all([7, 8, 9].map(async (i) => text(cells.nth(i))));
    };
    const previewRow = await rowFigures();
    expect(previewRow[0]).toMatch(/^\$[\d,]+\.\d{2}$/);
    // autosave, then the server's valuation of the saved revision
    await expect.poll(() => page.getByRole("button", { name: "Save", exact: true }).isDisabled(), { timeout: 10_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByLabel("Quantity of NVDA").inputValue(), { timeout: 10_000 }).toBe("12");
    await expect.poll(() => text(stat(page, "Market value")), { timeout: 10_000 }).toBe(preview);
    expect(await rowFigures()).toEqual(previewRow);
    await page.context().close();
  });

  it("the Add window refuses what the server refuses, in its words, before a row enters the table", async () => {
    const { page, token } = await signedInPage("refused@example.com");
    const slug = await createPortfolioByApi(e2e.app.url, token, "Refusals", { assets: [] });
    await page.goto(`${e2e.app.url}/p/${slug}`);
    await page.getByRole("button", { name: "Add asset", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add asset" });
    await dialog.getByLabel("Search ticker", { exact: true }).fill("VTI");
    await dialog.getByLabel("Purchase price", { exact: true }).fill("200");
    const add = () => dialog.getByRole("button", { name: "Add to portfolio" }).click();
    const said = () => dialog.getByRole("alert").textContent();

    await dialog.getByLabel("Purchase date", { exact: true }).fill("2021-03-01");
    await dialog.getByLabel("Quantity", { exact: true }).fill("-5");
    await add();
    expect(await said()).toBe("Quantity must be a number from 0 to 1,000,000,000");
    await dialog.getByLabel("Quantity", { exact: true }).fill("1000000001");
    await add();
    expect(await said()).toBe("Quantity must be a number from 0 to 1,000,000,000");
    await dialog.getByLabel("Quantity", { exact: true }).fill("5");
    await dialog.getByLabel("Purchase date", { exact: true }).fill(`${new Date().getFullYear() + 1}-01-04`);
    expect(await said()).toBe("Purchase date cannot be in the future");
    await add();
    expect(await said()).toBe("Purchase date cannot be in the future");
    expect(await page.getByRole("table", { name: "Assets" }).count()).toBe(0);
    await page.context().close();
  });

  it("the Add window suggests the day's as-traded close, to the cent and labelled; typing replaces it", async () => {
    if (!(await asTradedCloseServed())) return;
    const { page, token } = await signedInPage("close@example.com");
    const slug = await createPortfolioByApi(e2e.app.url, token, "Closes", { assets: [] });
    await page.goto(`${e2e.app.url}/p/${slug}`);
    await page.getByRole("button", { name: "Add asset", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add asset" });
    await dialog.getByRole("group", { name: "Popular" }).getByRole("button", { name: "NVDA" }).click();
    await dialog.getByRole("region", { name: "Chosen asset" }).getByText("Latest price").waitFor();
    await dialog.getByLabel("Purchase date", { exact: true }).fill("2023-09-11");
    const price = dialog.getByLabel("Purchase price", { exact: true });
    // what a share cost that day, about $445; the split- and dividend-adjusted month close would be $43.42
    await expect.poll(() => price.inputValue(), { timeout: 10_000 }).toMatch(/^\$4\d\d\.\d{2}$/);
    await dialog.getByText("Close on Sep 11, 2023 (as traded)").waitFor();
    await price.click();
    expect(await price.inputValue()).toMatch(/^4\d\d\.\d{2}$/);
    await page.keyboard.type("450");
    expect(await price.inputValue()).toBe("450");
    await dialog.getByLabel("Quantity", { exact: true }).fill("10");
    await dialog.getByRole("button", { name: "Add to portfolio" }).click();
    const row = page
      .getByRole("table", { name: "Assets" })
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "NVDA", exact: true }) });
    expect(await text(row.getByRole("cell").nth(4))).toBe("$450.00");
    await page.context().close();
  });

  it("an initial percent's preview is the quantity the save sets", async () => {
    if (!(await asTradedCloseServed())) return;
    const { page, token } = await signedInPage("percent@example.com");
    const slug = await createPortfolioByApi(e2e.app.url, token, "Percents", { assets: [{ ...SPLIT_LOT, PoA: 445 }] });
    await pageFigures(page, slug);
    const percent = page.getByLabel("Initial percent of NVDA");
    await percent.fill("30");
    // 30 % of $10,000 = $3,000 at the day's close
    const note = page.getByText(/^30% of \$10,000\.00 = \$3,000\.00 → quantity \d+ at/);
    await note.waitFor({ timeout: 10_000 });
    const previewed = (await text(note)).match(/quantity (\d+)/)?.[1];
    await percent.press("Enter");
    await expect.poll(() => page.getByRole("button", { name: "Save", exact: true }).isDisabled(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByLabel("Quantity of NVDA").inputValue(), { timeout: 10_000 }).toBe(previewed);
    await page.context().close();
  });

  it("a request the schema refuses is told in words naming the field", async () => {
    const { idToken } = await registerByApi(e2e.app.url, "words@example.com");
    const long = "x".repeat(101);
    const save = await api(e2e.app.url, "POST", "/v1/save/portfolio/new", { portfolio: { assets: [] }, newPortfolioName: long }, idToken);
    expect(save.status).toBe(400);
    expect(save.body).toEqual({ error: "Portfolio name must be at most 100 characters", code: "validation_failed" });
    const settings = await api(e2e.app.url, "POST", "/v1/update/settings", { settings: { account: { displayName: long } } }, idToken);
    expect(settings.status).toBe(400);
    expect(settings.body.error).toBe("Display name must be at most 100 characters");
  });

  it("the playground's draft, kept in the browser, reloads without a warning", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await page.goto(`${e2e.app.url}/playground`);
    await page.getByRole("button", { name: "Add asset", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add asset" });
    await dialog.getByLabel("Search ticker", { exact: true }).fill("VTI");
    await dialog.getByLabel("Quantity", { exact: true }).fill("3");
    await dialog.getByLabel("Purchase date", { exact: true }).fill("2021-03-01");
    await dialog.getByLabel("Purchase price", { exact: true }).fill("200");
    await dialog.getByRole("button", { name: "Add to portfolio" }).click();
    const cell = page.getByRole("table", { name: "Assets" }).getByRole("cell", { name: "VTI", exact: true });
    await cell.waitFor();
    await page.reload();
    await cell.waitFor();
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
