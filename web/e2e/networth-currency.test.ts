/**
 * The net-worth history across a base-currency change (docs/product-decisions.md "Net-worth history across a
 * base-currency change"), in Chromium through the compiled embedded app priced from the shared market data: a
 * week computed in dollars stays in dollars after the owner picks euros; the chart is drawn in euros without
 * it and says under it which weeks are in dollars; the table keeps each week in its own currency.
 *
 * A week takes a week to pass, so the app is stopped after its first (dollar) computation and that week's
 * stored value is moved three weeks back in its store (with the user's start), as if it had been computed
 * then; everything else is the app's own doing. Screenshots at 1366 and 390 px go to NETWORTH_SHOTS.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { requireMarketData } from "../../scripts/market-data/location.ts";
import { isoWeek } from "../../services/networth/src/domain/iso-week.ts";
import { type AppProcess, api, startApp } from "../../test/support/app-process.ts";
import { chromiumAvailable, launchChromium } from "./browser.ts";
import { createPortfolioByApi, keepSignedIn, MARKET_DATA, registerByApi } from "./harness.ts";

const SHOTS = process.env.NETWORTH_SHOTS ?? "/tmp/folio-networth-currency";
const enabled = chromiumAvailable() && requireMarketData("e2e tests");
const dataDir = mkdtempSync(join(tmpdir(), "folio-e2e-networth-currency-"));
const env = { DATA_DIR: dataDir, MARKET_DATA_DIR: MARKET_DATA, MARKET_DATA_PROVIDERS: "csv" };
let app: AppProcess | undefined;
let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
  await app?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

type NetWorth = { netWorth: number; calculating: boolean; baseCurrency: string; pending: string[] };

async function settled(token: string, currency: string): Promise<NetWorth> {
  const url = (app as AppProcess).url;
  let reply: NetWorth | undefined;
  await expect
    .poll(
      async () => {
        reply = (await api<NetWorth>(url, "POST", "/v1/get/netWorth", {}, token)).body;
        return !reply.calculating && reply.baseCurrency === currency && reply.netWorth > 0 && reply.pending.length === 0;
      },
      { timeout: 40_000, interval: 500 },
    )
    .toBe(true);
  return reply as NetWorth;
}

/** Moves the user's only computed week, and their start, `weeks` weeks back, as if computed then. */
function moveBack(weeks: number) {
  const db = new Database(join(dataDir, "folio.db"));
  try {
    const [row] = db.prepare(`SELECT id, doc FROM "networth_weeks"`).all() as { id: string; doc: string }[];
    const doc = JSON.parse(row?.doc ?? "{}");
    const at = Date.parse(doc.at) - weeks * 7 * 86_400_000;
    const { year, week } = isoWeek(at);
    const uid = String(row?.id).split("|")[0];
    db.prepare(`DELETE FROM "networth_weeks" WHERE id = ?`).run(row?.id);
    db.prepare(`INSERT INTO "networth_weeks" (id, v, doc) VALUES (?, 1, ?)`).run(
      `${uid}|${year}-${week}`,
      JSON.stringify({ ...doc, year, week, at: new Date(at).toISOString() }),
    );
    const user = db.prepare(`SELECT doc FROM "networth_users" WHERE id = ?`).get(uid) as { doc: string };
    db.prepare(`UPDATE "networth_users" SET doc = ? WHERE id = ?`).run(
      JSON.stringify({ ...JSON.parse(user.doc), since: new Date(at).toISOString() }),
      uid,
    );
    return { year, week, usd: doc.networth as number };
  } finally {
    db.close();
  }
}

describe.skipIf(!enabled)("net-worth history across a base-currency change in Chromium", () => {
  it("keeps the dollar weeks in dollars: not drawn on the euro chart, said under it, listed in dollars", { timeout: 180_000 }, async () => {
    app = await startApp(env);
    const session = await registerByApi(app.url, "currency-history@example.com");
    const token = session.idToken;
    await createPortfolioByApi(app.url, token, "Dollars then euros", {
      assets: [{ ticker: "KO", quantity: 20, PoA: 52.1, DoA: "2019-03-01" }],
    });
    await settled(token, "USD");
    await app.kill("SIGTERM");
    const moved = moveBack(3);
    const label = `${moved.year}-W${String(moved.week).padStart(2, "0")}`;

    app = await startApp(env);
    expect((await api(app.url, "POST", "/v1/update/settings", { settings: { account: { baseCurrency: "EUR" } } }, token)).status).toBe(200);
    const euros = await settled(token, "EUR");
    const history = (await api<{ netWorthHistory: { currency: string }[] }>(app.url, "POST", "/v1/get/netWorthHistory", {}, token)).body;
    // three weeks carried in dollars, then this week in euros
    expect(history.netWorthHistory.map((w) => w.currency)).toEqual(["USD", "USD", "USD", "EUR"]);

    mkdirSync(SHOTS, { recursive: true });
    browser = await launchChromium();
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      await keepSignedIn(context, session);
      const page = await context.newPage();
      await page.goto(`${app.url}/networth`);
      const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(moved.usd);
      const eur = new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(euros.netWorth);
      const note = page.locator(".networth-other-currency");
      await note.waitFor({ timeout: 20_000 });
      // three weeks back, then the two carried weeks after it
      expect(((await note.textContent()) ?? "").trim()).toMatch(
        new RegExp(
          `^Weeks computed in another base currency are not drawn in EUR: ${label} to \\d{4}-W\\d{2} in USD \\(last \\$${usd.slice(1)}\\)\\.$`,
        ),
      );
      const rows = await page.getByRole("figure", { name: "Net worth by week" }).getByRole("row").allTextContents();
      expect(rows[1]).toBe(`${label}${usd}`);
      expect(rows.at(-1)).toBe(`Now${eur}`);
      await page.waitForTimeout(1000);
      await page.screenshot({ path: join(SHOTS, `networth-${width}.png`), fullPage: true });
      await context.close();
    }
  });
});
