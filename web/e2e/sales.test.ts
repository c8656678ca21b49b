/**
 * Sales in Chromium through the real embedded app priced from the shared market data (issue 26): "Sell" on a
 * holding suggests that day's as-traded close and shows the shares held then, refuses selling more in the
 * server's words, and the saved sale is listed under its holding with its realized gain; the header says
 * realized and unrealized; the receipt of each range is drawn as a waterfall with the sentence on TWR and XIRR;
 * on a phone nothing scrolls sideways. Screenshots at 1366 and 390 px wide go to SALES_SHOTS (a temporary
 * folder), to be looked at.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../test/support/app-process.ts";
import { createPortfolioByApi, e2eApp, keepSignedIn, registerByApi, registerInPage } from "./harness.ts";

const e2e = e2eApp("sales");
const SHOTS = process.env.SALES_SHOTS ?? "/tmp/folio-sales";

/** 10 NVDA bought at $450 on 2023-09-11, before the 10:1 split of Jun 10, 2024: 100 shares today. */
const LOT = { ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" };

const text = async (locator: { textContent(): Promise<string | null> }) => ((await locator.textContent()) ?? "").trim();

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), fullPage: true });
}

describe.skipIf(!e2e.enabled)("sales in Chromium", () => {
  it("sells from a holding, lists the sale with its realized gain, and draws the receipt", { timeout: 120_000 }, async () => {
    const session = await registerByApi(e2e.app.url, "seller@example.com");
    const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 } });
    await keepSignedIn(context, session);
    const page = await context.newPage();
    const slug = await createPortfolioByApi(e2e.app.url, session.idToken, "Sold some", {
      assets: [LOT, { ticker: "KO", quantity: 20, PoA: 52.1, DoA: "2019-03-01" }],
    });
    await page.goto(`${e2e.app.url}/p/${slug}`);
    await expect.poll(() => text(page.getByRole("group", { name: "Market value" })), { timeout: 15_000 }).toMatch(/\$[\d,]+\.\d{2}/);

    await page.getByRole("button", { name: "Sell NVDA" }).click();
    const dialog = page.getByRole("dialog", { name: "Sell NVDA" });
    await dialog.getByLabel("Sale date").fill("2024-12-02");
    // that day's as-traded close (after the split), and the 100 shares held then
    // (today's close was suggested on opening: wait for the chosen day's)
    await expect.poll(() => text(dialog.locator(".price-note")), { timeout: 10_000 }).toMatch(/Dec 02, 2024/);
    expect(await text(dialog.locator(".held-then"))).toBe("You held 100 NVDA on Dec 02, 2024.");
    await expect.poll(() => dialog.getByLabel("Sale price").inputValue(), { timeout: 10_000 }).toMatch(/^\$1\d\d\.\d{2}$/);
    // more than held: refused in the server's words, nothing added
    await dialog.getByLabel("Quantity sold").fill("101");
    await dialog.getByRole("button", { name: "Sell", exact: true }).click();
    expect(await text(dialog.getByRole("alert"))).toBe("You cannot sell more than you hold on that date");
    await dialog.getByLabel("Quantity sold").fill("40");
    await dialog.getByLabel("Sale price").fill("130");
    await dialog.getByRole("button", { name: "Sell", exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // autosave, then the server's valuation: 60 held, $5,200 − 40/100 × $4,500 = $3,400 realized
    const saleRow = page.locator("tr.sale-row");
    await expect.poll(() => text(saleRow), { timeout: 20_000 }).toContain("realized +$3,400.00");
    expect(await text(saleRow)).toContain("Sold 40 NVDA on Dec 02, 2024 at $130.00");
    expect(await text(page.locator(".held-note").first())).toBe("60 held · 40 sold");
    expect(await text(page.locator(".header-gains"))).toMatch(/^Unrealized \+\$[\d,]+\.\d{2}\s*Realized \+\$3,400\.00$/);

    // the receipt: a waterfall per range, dividends and fees beside it, the sentence on TWR and XIRR
    const receipt = page.getByRole("region", { name: "Where the money came from" });
    await receipt.scrollIntoViewIfNeeded();
    await expect
      .poll(() => receipt.locator(".apexcharts-rangebar-area, .apexcharts-bar-area").count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await text(receipt.locator(".receipt-sum"))).toMatch(
      /^Since the first purchase: \$0\.00 at the start \+\$[\d,]+\.\d{2} bought −\$5,200\.00 sold/,
    );
    expect(await text(receipt.getByRole("note"))).toMatch(/TWR .* XIRR|XIRR .* TWR/);
    const ranges = receipt.getByRole("group", { name: "Receipt range" }).getByRole("button");
    expect(await ranges.allTextContents()).toEqual(["All", "YTD", "1Y", "3Y"]);
    await ranges.nth(2).click();
    expect(await text(receipt.locator(".receipt-sum"))).toMatch(/^The last year: \$[\d,]+\.\d{2} at the start/);
    await shot(page, "sales-1366.png");
    await ranges.nth(0).click();
    await receipt.screenshot({ path: join(SHOTS, "sales-1366-receipt-all.png") });

    // on a phone: the same page, nothing wider than the screen
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => text(page.locator("tr.sale-row")), { timeout: 15_000 }).toContain("realized +$3,400.00");
    await page.getByRole("region", { name: "Where the money came from" }).scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          page
            .getByRole("region", { name: "Where the money came from" })
            .locator(".apexcharts-rangebar-area, .apexcharts-bar-area")
            .count(),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
    // plain JavaScript run by the browser (the test's TypeScript has no DOM types)
    const overflow = (await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, "sales-390.png");
    // the parts to look at closely: the holding with its sale, the header, the receipt
    await page
      .locator(".section-header")
      .first()
      .screenshot({ path: join(SHOTS, "sales-390-header.png") });
    await page.getByRole("table", { name: "Assets" }).screenshot({ path: join(SHOTS, "sales-390-assets.png") });
    await page.getByRole("region", { name: "Where the money came from" }).screenshot({ path: join(SHOTS, "sales-390-receipt.png") });
    // the Sell window on a phone
    await page.getByRole("button", { name: "Sell KO" }).click();
    const phoneDialog = page.getByRole("dialog", { name: "Sell KO" });
    await expect.poll(() => text(phoneDialog.locator(".price-note")), { timeout: 10_000 }).toMatch(/close/i);
    expect(await text(phoneDialog.locator(".held-then"))).toMatch(/^You held 20 KO on /);
    await page.screenshot({ path: join(SHOTS, "sales-390-sell.png") });
    await phoneDialog.getByRole("button", { name: "Cancel" }).click();
    await context.close();
  });

  it("removing the buy a sale sells from: the autosave is refused, and the page shows what is stored, saying why", {
    timeout: 120_000,
  }, async () => {
    const session = await registerByApi(e2e.app.url, "unsold@example.com");
    const context = await e2e.browser.newContext({ viewport: { width: 1366, height: 900 } });
    await keepSignedIn(context, session);
    const page = await context.newPage();
    const slug = await createPortfolioByApi(e2e.app.url, session.idToken, "Refused", {
      assets: [LOT, { ticker: "NVDA", side: "sell", quantity: 40, PoA: 130, DoA: "2024-12-02", fee: 0 }],
    });
    await page.goto(`${e2e.app.url}/p/${slug}`);
    // $5,200 − 40/100 × $4,500 = $3,400 realized
    await expect.poll(() => text(page.locator(".header-gains")), { timeout: 20_000 }).toMatch(/Realized \+\$3,400\.00$/);
    await page.getByRole("button", { name: "Remove NVDA" }).click();
    // the autosave (3 s later) is refused in the server's words, beside the header
    const refused = page.locator(".save-refused");
    await expect
      .poll(() => text(refused), { timeout: 20_000 })
      .toBe("Not saved: You cannot sell more than you hold on that date. The page shows your portfolio as it is saved.");
    // what is stored, figures with it: the buy back with its sale, the header's realized gain that portfolio's
    expect(await text(page.locator(".held-note").first())).toBe("60 held · 40 sold");
    expect(await text(page.locator(".header-gains"))).toMatch(/Realized \+\$3,400\.00$/);
    expect(await page.getByRole("button", { name: "Save", exact: true }).isDisabled()).toBe(true);
    await shot(page, "refused-1366.png");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(".section-header").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, "refused-390.png") });
    await context.close();
  });

  it("a broker history is imported as its buys and sales: the sale's realized gain survives", { timeout: 120_000 }, async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await registerInPage(page, "history@example.com", e2e.app.url);
    await page.goto(`${e2e.app.url}/import`);
    await page.getByRole("tab", { name: "Broker file" }).click();
    // IBKR Flex: 4 NVDA bought at $550 on 2024-01-15, 10 sold at $110 (fee $1) on 2024-08-01, after the 10:1 split
    await page.getByLabel("Choose a broker file").setInputFiles(join(repoRoot, "services/import/test/broker-files/tuning/ibkr-flex.xml"));
    await page.getByRole("heading", { name: /3 holdings found/ }).waitFor();
    expect(await text(page.locator(".history-note"))).toBe(
      "Saved with their history: 2 holdings as 2 purchases and 1 sale, so the realized gains of the sales are kept. A row you change is saved as one position.",
    );
    // the table's figures are those of the buys and the sale the save sends: the realized gain is in them
    // (10 × $110 − $1 − 10/40 × $2,200 = $549), and the cost is that of the 30 NVDA still held
    const totals = page.locator(".import-totals");
    await expect.poll(() => text(totals), { timeout: 20_000 }).toContain("realized +$549.00");
    const previewed = (await text(totals)).match(/cost (\$[\d,.]+), worth (\$[\d,.]+) today/);
    expect(previewed, await text(totals)).not.toBeNull();
    await page.getByLabel("Portfolio name").fill("IBKR history");
    await page.getByRole("button", { name: "Create portfolio" }).click();
    await page.waitForURL(/\/p\/ibkr-history/);
    // 10 × $110 − $1 − 10/40 × $2,200 = $549 realized; 30 held
    const saleRow = page.locator("tr.sale-row");
    await expect.poll(() => text(saleRow), { timeout: 20_000 }).toContain("realized +$549.00");
    expect(await text(saleRow)).toContain("Sold 10 NVDA on Aug 01, 2024 at $110.00 · fee $1.00");
    expect(await text(page.locator(".held-note").first())).toBe("30 held · 10 sold");
    expect(await text(page.locator(".header-gains"))).toMatch(/Realized \+\$549\.00$/);
    // and the page's totals are the ones the import table said
    const [, cost, worth] = previewed as RegExpMatchArray;
    const header = await text(page.locator(".section-header").first());
    expect(header, header).toContain(`cost value of what is held ${cost}`);
    await expect.poll(() => text(page.locator("main")), { timeout: 10_000 }).toContain(worth);
    await page.close();
  });
});
