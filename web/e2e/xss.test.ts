/**
 * Stored XSS, in headless Chromium through the real app: script payloads go into every text a user can
 * set (portfolio names through the page's form and through the API, description, asset names and classes
 * through a save of the API's own, display name, an e-mail's local part; the username's rule refuses
 * them), then every page that shows them is opened as the owner, as another user and as a visitor, with
 * every chart drawn and its tooltips opened. The test fails on any dialog, any Content-Security-Policy
 * violation, or any element the payloads would create; the payloads must show as the text typed.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type AppProcess, api } from "../../test/support/app-process.ts";
import { createPortfolioByApi, e2eApp, logInInPage, registerByApi } from "./harness.ts";

const IMG = "<img src=x onerror=alert(1)>";
const SCRIPT = "<script>alert(2)</script>";
const SVG = '"><svg onload=alert(3)>';
const JS_URL = "javascript:alert(4)";
const TEMPLATE = "{{7*7}}";

/** the page form's portfolio name, and the API's (both at most 100 characters) */
const FORM_NAME = `${IMG}${SVG} ${TEMPLATE}`;
const API_NAME = `${SCRIPT}${SVG}${JS_URL}`;
const DESCRIPTION = [IMG, SCRIPT, SVG, JS_URL, TEMPLATE].join(" ");
const ASSET_NAME = `${SVG}${IMG}${TEMPLATE}`;
const ASSET_CLASS = `${IMG}${TEMPLATE}`;
const DISPLAY_NAME = `${SVG}${SCRIPT}`;
/** valid for the account rules: no spaces, one @, a dotted domain */
const PAYLOAD_EMAIL = "<img/src=x/onerror=alert(5)>@example.com";

const owner = { email: "owner@example.com", token: "", slug: "" };
const other = { email: "other@example.com" };

async function seed(app: AppProcess) {
  owner.token = (await registerByApi(app.url, owner.email, DISPLAY_NAME)).idToken;
  await registerByApi(app.url, other.email);
  await registerByApi(app.url, PAYLOAD_EMAIL);

  // the asset fields the page has no input for, through a save of the API's own
  owner.slug = await createPortfolioByApi(app.url, owner.token, API_NAME, {
    assets: [
      { ticker: "VTI", name: ASSET_NAME, assetClass: ASSET_CLASS, color: JS_URL, quantity: 20, PoA: 195.5, DoA: "2021-01-29" },
      { ticker: "KO", name: IMG, assetClass: SVG, quantity: 40, PoA: 48.2, DoA: "2021-01-29" },
    ],
  });
  const published = await api(
    app.url,
    "POST",
    `/v1/update/portfoliosettings/${encodeURIComponent(owner.slug)}`,
    { settings: { privateMode: false, pDescription: DESCRIPTION, category: "Growth" } },
    owner.token,
  );
  expect(published.status).toBe(200);
  // the username's rule refuses markup before it is stored
  const username = await api<{ message: string }>(
    app.url,
    "POST",
    "/v1/update/settings",
    { settings: { account: { username: "<b>x</b>" } } },
    owner.token,
  );
  expect(username.status).toBe(400);
}

const e2e = e2eApp("xss", seed);
const enabled = e2e.enabled;

/** The little of the DOM the page-side functions use (this project's types have no DOM library). */
interface Violation {
  violatedDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
}
interface PageGlobals {
  __cspViolations: string[];
  document: {
    addEventListener(type: "securitypolicyviolation", listener: (event: Violation) => void): void;
    querySelectorAll(selector: string): ArrayLike<{ outerHTML: string }>;
  };
}

/** What a page ran into: dialogs opened, CSP violations reported (by the page's events and its console). */
interface Watch {
  dialogs: string[];
  violations: string[];
}

async function watchedContext(watch: Watch): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals;
    const seen: string[] = [];
    page.__cspViolations = seen;
    page.document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  context.on("page", (page) => {
    page.on("dialog", (dialog) => {
      watch.dialogs.push(`${dialog.type()}: ${dialog.message()} on ${page.url()}`);
      void dialog.dismiss();
    });
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) watch.violations.push(`console: ${message.text()}`);
    });
  });
  return context;
}

/** Elements only a payload parsed as HTML would make, and the page's CSP violations so far. */
async function injected(page: Page): Promise<{ elements: string[]; violations: string[] }> {
  return page.evaluate(() => {
    const page = globalThis as unknown as PageGlobals;
    const suspicious = page.document.querySelectorAll(
      'img[src="x"], [onerror], [onload], script:not([src]), iframe, object, embed, a[href^="javascript:" i], [href^="javascript:" i]',
    );
    return {
      elements: Array.from(suspicious, (el) => el.outerHTML.slice(0, 200)),
      violations: [...page.__cspViolations],
    };
  });
}

async function expectClean(page: Page, watch: Watch, where: string) {
  const found = await injected(page);
  expect(found.elements, `elements made from a payload on ${where}`).toEqual([]);
  expect([...found.violations, ...watch.violations], `CSP violations on ${where}`).toEqual([]);
  expect(watch.dialogs, `dialogs on ${where}`).toEqual([]);
}

/** Waits for a chart to be drawn, then moves the pointer over its plot so its tooltip opens. */
async function hoverChart(page: Page, name: string) {
  const figure = page.getByRole("figure", { name });
  await figure.locator(".apexcharts-canvas").waitFor({ timeout: 20_000 });
  await figure.scrollIntoViewIfNeeded();
  const marks = figure.locator(".apexcharts-pie-area, .apexcharts-bar-area");
  if ((await marks.count()) > 0) {
    for (let i = 0; i < Math.min(await marks.count(), 4); i++) await marks.nth(i).hover({ force: true });
  } else {
    const plot = await figure.locator(".apexcharts-inner").boundingBox();
    if (!plot) throw new Error(`${name} has no plot area`);
    for (const share of [0.25, 0.5, 0.9]) await page.mouse.move(plot.x + plot.width * share, plot.y + plot.height / 2, { steps: 4 });
  }
  await figure.locator(".apexcharts-tooltip.apexcharts-active").waitFor({ timeout: 5_000 });
  return figure;
}

/** The portfolio page with its three charts drawn and their tooltips opened. */
async function visitPortfolio(page: Page, watch: Watch, as: string) {
  await page.goto(`${e2e.app.url}/p/${owner.slug}`);
  await page.getByRole("heading", { name: API_NAME, level: 1, exact: true }).waitFor();
  await page.getByRole("table", { name: "Assets" }).getByText(ASSET_NAME, { exact: true }).first().waitFor();
  const value = await hoverChart(page, "Portfolio value chart");
  await expectClean(page, watch, `/p/${owner.slug}'s value chart as ${as}`);
  // the name is the legend's and the tooltip's text, exactly as typed
  expect(await value.locator(".apexcharts-legend-text").allTextContents()).toContain(API_NAME);
  expect(await value.locator(".apexcharts-tooltip-text-y-label").allTextContents()).toContain(`${API_NAME}: `);
  await hoverChart(page, "Asset shares chart");
  await hoverChart(page, "Profit/loss per period chart");
  await expectClean(page, watch, `/p/${owner.slug} as ${as}`);
}

async function visitCommunity(page: Page, watch: Watch, as: string) {
  await page.goto(`${e2e.app.url}/community`);
  const card = page.getByRole("region", { name: "Growth" }).getByRole("article", { name: API_NAME });
  // the publish reaches the community's read model moments after the settings reply
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
  await card.getByText(DESCRIPTION, { exact: true }).waitFor();
  await expectClean(page, watch, `/community as ${as}`);
}

describe.skipIf(!enabled)("stored XSS in Chromium", () => {
  it("the owner names a portfolio with markup in the form and sees every payload as text on every page", async () => {
    const watch: Watch = { dialogs: [], violations: [] };
    const context = await watchedContext(watch);
    const page = await context.newPage();
    await logInInPage(page, owner.email, { at: e2e.app.url });
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(DISPLAY_NAME, { exact: true }).first().waitFor();

    await page.getByRole("button", { name: "New portfolio" }).click();
    await page.getByLabel("Portfolio name").fill(FORM_NAME);
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("heading", { name: FORM_NAME, level: 1, exact: true }).waitFor();
    await expectClean(page, watch, "the new portfolio");

    await visitPortfolio(page, watch, "owner");

    await page.goto(`${e2e.app.url}/dashboard`);
    await page.getByRole("article", { name: FORM_NAME }).waitFor();
    await page.getByRole("article", { name: API_NAME }).waitFor();
    await page.getByRole("region", { name: "All assets" }).getByRole("cell", { name: API_NAME, exact: true }).first().waitFor();
    await hoverChart(page, "Holdings by market value");
    await expectClean(page, watch, "/dashboard");

    await page.goto(`${e2e.app.url}/networth`);
    const bars = page.getByRole("figure", { name: "Net worth by week" });
    await expect
      .poll(
        async () => {
          if ((await bars.count()) > 0) return true;
          await page.reload();
          await page.waitForTimeout(1000);
          return (await bars.count()) > 0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await hoverChart(page, "Net worth by week");
    await expectClean(page, watch, "/networth");

    for (const path of ["/movers", "/settings"]) {
      await page.goto(`${e2e.app.url}${path}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
      await expectClean(page, watch, path);
    }
    await page.getByText(DISPLAY_NAME, { exact: true }).first().waitFor();

    await visitCommunity(page, watch, "owner");
    await context.close();
  });

  it("another user and a visitor open the public portfolio and the community: text only", async () => {
    for (const who of ["another user", "a visitor"]) {
      const watch: Watch = { dialogs: [], violations: [] };
      const context = await watchedContext(watch);
      const page = await context.newPage();
      if (who === "another user") {
        await logInInPage(page, other.email, { at: e2e.app.url });
        await page.waitForURL(/\/dashboard(\/first)?$/);
      }
      await visitPortfolio(page, watch, who);
      await page.getByText("Read-only").waitFor();
      await visitCommunity(page, watch, who);
      await context.close();
    }
  });

  it("a user whose e-mail address carries markup sees it as text in the header and on the settings page", async () => {
    const watch: Watch = { dialogs: [], violations: [] };
    const context = await watchedContext(watch);
    const page = await context.newPage();
    await logInInPage(page, PAYLOAD_EMAIL, { at: e2e.app.url });
    await page.getByText(PAYLOAD_EMAIL, { exact: true }).first().waitFor();
    await page.goto(`${e2e.app.url}/settings`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.getByText(PAYLOAD_EMAIL, { exact: true }).first().waitFor();
    await expectClean(page, watch, "/settings with a markup e-mail");
    await context.close();
  });

  it("the API documentation at /docs runs under its policy without a violation", async () => {
    const watch: Watch = { dialogs: [], violations: [] };
    const context = await watchedContext(watch);
    const page = await context.newPage();
    await page.goto(`${e2e.app.url}/docs`);
    await page.locator(".swagger-ui .opblock").first().waitFor({ timeout: 20_000 });
    const found = await injected(page);
    expect([...found.violations, ...watch.violations]).toEqual([]);
    await context.close();
  });
});
