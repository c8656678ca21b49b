/**
 * Every route at a phone's width (390 × 844) and a laptop's (1366 × 850) in headless Chromium through the real
 * app: no horizontal scroll, the controls reachable (a compact menu on the phone), touch targets of at least
 * 44 px on the phone, modals as bottom sheets that fit, charts no wider than the page. One browser, one page
 * per viewport and role, reused route after route. Screenshots go to SHOTS (set RESPONSIVE_SHOTS to keep them
 * somewhere else) so a person can look at them.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../test/support/app-process.ts";
import { e2eApp } from "./harness.ts";

const SHOTS = process.env.RESPONSIVE_SHOTS ?? "/tmp/folio-responsive";
const PASSWORD = "long-enough";
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 850 };

let session: unknown;
let ownSlug = "";

const e2e = e2eApp("responsive", async (app) => {
  const registered = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/register", {
    email: "phone@example.com",
    password: PASSWORD,
    displayName: "Pat",
  });
  expect(registered.status).toBe(200);
  session = registered.body;
  const created = await api<{ message: string; slug: string }>(
    app.url,
    "POST",
    "/v1/save/portfolio/new",
    {
      portfolio: {
        assets: [
          { ticker: "VTI", quantity: 20, PoA: 195.5, DoA: "2021-01-29" },
          { ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" },
          { ticker: "KO", quantity: 40, PoA: 48.2, DoA: "2021-01-29" },
          { ticker: "BTC-USD", quantity: 0.1, PoA: 30000, DoA: "2021-01-29" },
        ],
      },
      newPortfolioName: "Long-term core holdings with a long name",
    },
    registered.body.idToken,
  );
  expect(created.body.message).toBe("pcreated");
  ownSlug = created.body.slug;
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

/** What sticks out and what is too small to tap, measured in the page. */
function measure(page: Page, checkTargets: boolean): Promise<Layout> {
  return page.evaluate((checkTargets) => {
    const describe = (el: Element) => {
      const text = (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""} "${text}"`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && style.display !== "none";
    };
    const overflowing: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 1 && visible(el) && !el.closest(".visually-hidden")) {
        // a scrolling container's content is inside the page; only the container counts
        const scroller = el.parentElement?.closest("[data-scroll-x]");
        if (!scroller) overflowing.push(describe(el));
      }
    }
    const small: string[] = [];
    if (checkTargets) {
      const controls = document.querySelectorAll(
        "button, a[href], input:not([type=hidden]), select, textarea, [role=option], summary",
      );
      for (const el of controls) {
        // hidden column headers of stacked tables are for screen readers
        if (!visible(el) || el.closest(".visually-hidden, .apexcharts-canvas, [inert], table.stack thead")) continue;
        // a checkbox or radio counts with its label, which takes the tap too
        const choice = el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio");
        const target = (choice && (el as HTMLInputElement).labels?.[0]) || el;
        const r = target.getBoundingClientRect();
        // links inside a sentence are exempt (WCAG 2.5.8 "inline")
        const inline = el.tagName === "A" && getComputedStyle(el).display === "inline" && !el.closest("nav");
        if (!inline && (r.height < 44 - 0.5 || r.width < 44 - 0.5)) small.push(`${describe(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      overflowing: overflowing.slice(0, 12),
      small: small.slice(0, 20),
    };
  }, checkTargets);
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.locator('[role="status"]:text-is("Loading…")').waitFor({ state: "detached", timeout: 15_000 }).catch(() => {});
  // charts draw after their data arrives and animate; give them a moment
  await page.waitForTimeout(400);
}

const visited: Record<string, Layout> = {};

async function check(page: Page, name: string, path: string | null, phone: boolean) {
  if (path !== null) await page.goto(`${e2e.app.url}${path}`);
  await settle(page);
  const file = `${phone ? "phone" : "laptop"}-${name}.png`;
  await page.screenshot({ path: join(SHOTS, file), fullPage: true });
  if (phone) {
    // a long phone page is also kept in screen-sized pieces, which an image viewer shows legibly
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
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
  ],
  user: [
    ["dashboard-user", "/dashboard"],
    ["dashboard-first", "/dashboard/first"],
    ["portfolio", `/p/${ownSlug}`],
    ["portfolio-new", "/p/new"],
    ["networth", "/networth"],
    ["movers", "/movers"],
    ["settings", "/settings"],
    ["settings-plan", "/settings?t=plan"],
    ["community-user", "/community"],
  ],
});

describe.skipIf(!e2e.enabled)("every route at 390 and 1366 px", () => {
  const contexts: BrowserContext[] = [];
  beforeAll(() => {});
  afterAll(async () => {
    for (const c of contexts) await c.close();
    console.log(JSON.stringify(visited, null, 1));
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
      for (const [name, path] of routes().visitor) {
        const layout = await check(page, name, path, phone);
        expect.soft(layout.scrollWidth, `${name} scroll width`).toBeLessThanOrEqual(layout.innerWidth);
        expect.soft(layout.overflowing, `${name} overflowing`).toEqual([]);
        if (phone) expect.soft(layout.small, `${name} small targets`).toEqual([]);
      }
      const user = await e2e.browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
      contexts.push(user);
      await user.addInitScript((value) => {
        if (!localStorage.getItem("auth")) localStorage.setItem("auth", value);
      }, JSON.stringify(session));
      const signed = await user.newPage();
      for (const [name, path] of routes().user) {
        const layout = await check(signed, name, path, phone);
        expect.soft(layout.scrollWidth, `${name} scroll width`).toBeLessThanOrEqual(layout.innerWidth);
        expect.soft(layout.overflowing, `${name} overflowing`).toEqual([]);
        if (phone) expect.soft(layout.small, `${name} small targets`).toEqual([]);
      }
    });
  }
});
