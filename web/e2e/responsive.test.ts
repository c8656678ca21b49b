/**
 * Every route at a phone's width (390 × 844) and a laptop's (1366 × 850) in headless Chromium through the real
 * app: no horizontal scroll, the controls reachable (a compact menu on the phone), touch targets of at least
 * 44 px on the phone, modals as bottom sheets that fit, charts no wider than the page. One browser, one page
 * per viewport and role, reused route after route. Screenshots go to SHOTS (set RESPONSIVE_SHOTS to keep them
 * somewhere else) so a person can look at them.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { AuthReply } from "@folio/proto/auth";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { createPortfolioByApi, e2eApp, keepSignedIn, registerByApi } from "./harness.ts";

const SHOTS = process.env.RESPONSIVE_SHOTS ?? "/tmp/folio-responsive";
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 850 };

let session: AuthReply;
let ownSlug = "";

const e2e = e2eApp("responsive", async (app) => {
  session = await registerByApi(app.url, "phone@example.com", "Pat");
  ownSlug = await createPortfolioByApi(app.url, session.idToken, "Long-term core holdings with a long name", {
    assets: [
      { ticker: "VTI", quantity: 20, PoA: 195.5, DoA: "2021-01-29" },
      { ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" },
      { ticker: "KO", quantity: 40, PoA: 48.2, DoA: "2021-01-29" },
      { ticker: "BTC-USD", quantity: 0.1, PoA: 30000, DoA: "2021-01-29" },
      // a sale: its row under the holding and the return receipt must fit and be tappable too
      { ticker: "NVDA", side: "sell", quantity: 40, PoA: 130, DoA: "2024-12-02", fee: 4.95 },
    ],
  });
});

mkdirSync(SHOTS, { recursive: true });

interface Layout {
  scrollWidth: number;
  innerWidth: number;
  /** elements that stick out past the right edge of the viewport */
  overflowing: string[];
  /** visible controls smaller than 44 × 44 px (phone only) */
  small: string[];
}

/**
 * What sticks out and what is too small to tap, measured in the page. Plain JavaScript run by the browser
 * (the test's TypeScript has no DOM types).
 */
const MEASURE = `(checkTargets) => {
  const describe = (el) => {
    const text = (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 30);
    const cls = typeof el.className === "string" && el.className ? "." + el.className.split(" ")[0] : "";
    return el.tagName.toLowerCase() + cls + ' "' + text + '"';
  };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const overflowing = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.right > window.innerWidth + 1 && visible(el) && !el.closest(".visually-hidden")) overflowing.push(describe(el));
  }
  const small = [];
  if (checkTargets) {
    const controls = document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=option], summary');
    for (const el of controls) {
      // hidden column headers of stacked tables are for screen readers
      if (!visible(el) || el.closest(".visually-hidden, .apexcharts-canvas, [inert], table.stack thead")) continue;
      // a checkbox or radio counts with its label, which takes the tap too
      const choice = el.tagName === "INPUT" && (el.type === "checkbox" || el.type === "radio");
      const target = (choice && el.labels && el.labels[0]) || el;
      const r = target.getBoundingClientRect();
      // links inside a sentence are exempt (WCAG 2.5.8 "inline")
      const inline = el.tagName === "A" && getComputedStyle(el).display === "inline" && !el.closest("nav");
      if (!inline && (r.height < 43.5 || r.width < 43.5)) small.push(describe(el) + " " + Math.round(r.width) + "x" + Math.round(r.height));
    }
  }
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    overflowing: overflowing.slice(0, 12),
    small: small.slice(0, 20),
  };
}`;

function measure(page: Page, checkTargets: boolean): Promise<Layout> {
  return page.evaluate(`(${MEASURE})(${checkTargets})`) as Promise<Layout>;
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page
    .locator('[role="status"]:text-is("Loading…")')
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => {});
  // a phone draws a chart when it comes near the screen: scroll down the page as a reader would, then back
  await page.evaluate(`(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  })()`);
  await page.waitForLoadState("networkidle");
  // charts draw after their data arrives and animate; give them a moment
  await page.waitForTimeout(200);
}

const visited: Record<string, Layout> = {};

/** Goes to `path` (or stays), measures the page and keeps screenshots; an overlay is shot as the screen shows it. */
async function check(page: Page, name: string, path: string | null, phone: boolean, overlay = false) {
  if (path !== null) await page.goto(`${e2e.app.url}${path}`);
  await settle(page);
  const file = `${phone ? "phone" : "laptop"}-${name}.png`;
  await page.screenshot({ path: join(SHOTS, file), fullPage: !overlay });
  if (phone && !overlay) {
    // a long phone page is also kept in screen-sized pieces, which an image viewer shows legibly
    const height = (await page.evaluate("document.documentElement.scrollHeight")) as number;
    for (let y = 0, n = 1; y < height && n <= 6; y += 1400, n++) {
      const clip = { x: 0, y, width: PHONE.width, height: Math.min(1400, height - y) };
      await page.screenshot({ path: join(SHOTS, `phone-${name}-${n}.png`), fullPage: true, clip });
    }
  }
  const layout = await measure(page, phone);
  visited[`${phone ? "phone" : "laptop"} ${name}`] = layout;
  return layout;
}

const routes = () => ({
  visitor: [
    ["landing", "/"],
    ["dashboard", "/dashboard"],
    ["community", "/community"],
    ["sample", "/p/sample-three-fund"],
    ["referral-missing", "/referral"],
    ["reset-password", "/reset-password?token=x"],
    ["not-found", "/nowhere"],
    ["playground", "/playground"],
  ],
  user: [
    ["dashboard-user", "/dashboard"],
    ["dashboard-first", "/dashboard/first"],
    ["dashboard-portfolios", "/dashboard/portfolios"],
    ["portfolio", `/p/${ownSlug}`],
    ["portfolio-new", "/p/new"],
    ["networth", "/networth"],
    ["movers", "/movers"],
    ["settings", "/settings"],
    ["settings-plan", "/settings?t=plan"],
    ["settings-connections", "/settings?t=connections"],
    ["import", "/import"],
    ["playground-user", "/playground"],
    ["community-user", "/community"],
  ],
});

/** Fits: no page wider than the screen, nothing sticking out, and (phone) nothing too small to tap. */
function expectFits(layout: Layout, name: string, phone: boolean) {
  expect.soft(layout.scrollWidth, `${name} scroll width`).toBeLessThanOrEqual(layout.innerWidth);
  expect.soft(layout.overflowing, `${name} overflowing`).toEqual([]);
  if (phone) expect.soft(layout.small, `${name} small targets`).toEqual([]);
}

/** A dialog that fits the screen: inside it on every side (on a phone: a sheet across the bottom). */
async function expectSheet(page: Page, name: string, phone: boolean) {
  const box = await page.getByRole("dialog", { name }).boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
  if (phone) {
    expect(box.width).toBeCloseTo(viewport.width, 0);
    expect(box.y + box.height).toBeCloseTo(viewport.height, 0);
  }
}

const pages: Record<"phone" | "laptop", { visitor?: Page; signed?: Page }> = { phone: {}, laptop: {} };

describe.skipIf(!e2e.enabled)("every route at 390 and 1366 px", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  for (const [label, viewport] of [
    ["phone", PHONE],
    ["laptop", LAPTOP],
  ] as const) {
    const phone = label === "phone";
    it(`${label}: visitor and signed-in routes fit`, async () => {
      const visitor = await e2e.browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
      contexts.push(visitor);
      const page = await visitor.newPage();
      pages[label].visitor = page;
      for (const [name, path] of routes().visitor) expectFits(await check(page, name, path, phone), name, phone);
      const user = await e2e.browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
      contexts.push(user);
      // signed in as the session the API gave, kept once set (a logout in the page stays a logout)
      await keepSignedIn(user, session);
      const signed = await user.newPage();
      pages[label].signed = signed;
      for (const [name, path] of routes().user) expectFits(await check(signed, name, path, phone), name, phone);
    });
  }

  it("phone: the menu holds the links and the account; the login window is a sheet that asks for the e-mail a reset needs", async () => {
    const page = pages.phone.visitor as Page;
    await page.goto(`${e2e.app.url}/community`);
    const menu = page.getByRole("button", { name: "Menu" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).waitFor();
    expectFits(await check(page, "menu-open", null, true), "menu-open", true);
    await page.getByRole("button", { name: "Log in" }).first().click();
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    const dialog = page.getByRole("dialog", { name: "Log in" });
    await dialog.waitFor();
    await expectSheet(page, "Log in", true);
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    expect(await dialog.getByRole("alert").textContent()).toContain("Enter your e-mail address above");
    expectFits(await check(page, "login-sheet", null, true, true), "login-sheet", true);
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  it("phone: the add-asset sheet fits and says what is missing next to the field", async () => {
    const page = pages.phone.signed as Page;
    await page.goto(`${e2e.app.url}/p/${ownSlug}`);
    await page.getByRole("button", { name: "Add asset", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add asset" });
    await dialog.waitFor();
    await expectSheet(page, "Add asset", true);
    await dialog.getByRole("button", { name: "VTI", exact: true }).click();
    await dialog.getByRole("region", { name: "Chosen asset" }).getByText("Latest price").waitFor();
    await dialog.getByRole("button", { name: "Add to portfolio" }).click();
    // the quantity is checked first (spec §5): its message stands under it, and the focus goes there
    const quantity = dialog.getByLabel("Quantity", { exact: true });
    expect(await quantity.getAttribute("aria-invalid")).toBe("true");
    const message = dialog.getByRole("alert");
    expect(await message.textContent()).toContain("Quantity missing");
    const [field, note] = [await quantity.boundingBox(), await message.boundingBox()];
    expect(note!.y).toBeGreaterThanOrEqual(field!.y + field!.height - 1);
    expect(note!.y - (field!.y + field!.height)).toBeLessThan(40);
    expect(await page.getByRole("status").filter({ hasText: "Quantity missing" }).count()).toBe(0);
    expectFits(await check(page, "add-asset-sheet", null, true, true), "add-asset-sheet", true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  it("laptop: an initial percent shows what it will do, over 100 % says why, and leaving unsaved edits asks first", async () => {
    const page = pages.laptop.signed as Page;
    await page.goto(`${e2e.app.url}/p/${ownSlug}`);
    await page.getByLabel("Autosave").uncheck();
    const percent = page.getByLabel("Initial percent of VTI");
    await percent.fill("120");
    const refusal = page.getByRole("alert").filter({ hasText: "Over 100 % is refused" });
    await refusal.waitFor();
    await percent.fill("25");
    // 25 % of the default $10,000: whole units at the price VTI traded at on its purchase date (asked of the server)
    const preview = page.getByRole("status").filter({ hasText: "25% of $10,000.00 = $2,500.00" });
    await expect
      .poll(() => preview.textContent(), { timeout: 10_000 })
      .toMatch(/→ quantity \d+ at \$\d.*\(close on .*, as traded\), when saved$/);
    await check(page, "initial-percent-preview", null, false);
    await percent.press("Enter");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Community" }).click();
    const prompt = page.getByRole("dialog", { name: "Leave without saving?" });
    await prompt.waitFor();
    await check(page, "unsaved-prompt", null, false, true);
    await prompt.getByRole("button", { name: "Stay" }).click();
    expect(new URL(page.url()).pathname).toBe(`/p/${ownSlug}`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Community" }).click();
    await prompt.getByRole("button", { name: "Leave without saving" }).click();
    await page.waitForURL(/\/community$/);
  });

  it("laptop: the value chart switches to returns in percent", async () => {
    const page = pages.laptop.signed as Page;
    await page.goto(`${e2e.app.url}/p/${ownSlug}`);
    const chart = page.getByRole("figure", { name: "Portfolio value chart" });
    await chart.locator(".apexcharts-canvas").waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Return %" }).click();
    await expect
      .poll(async () => (await chart.getByRole("cell").allTextContents()).filter((c) => c.endsWith("%")).length, { timeout: 5000 })
      .toBeGreaterThan(10);
    expect(await page.locator(".apexcharts-yaxis-label").first().textContent()).toMatch(/%$/);
    await check(page, "value-chart-percent", null, false);
  });
});
