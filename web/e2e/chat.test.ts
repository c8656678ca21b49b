/**
 * The assistant in headless Chromium through the real embedded app, with the model played by the local
 * OpenAI fake (scripts/fakes/openai.ts) over HTTP: FireEngineV1 answers from the user's portfolio through its
 * tools (the real portfolio routes, as the user), streams its words into the panel, shows the table and, after
 * 0.5 s, the card keyed by its slug and the reply's position; the biggest-movers report is the assistant's; a
 * failing model shows the spec's message; a model left unconfigured (here V2) is named in the panel.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatRequest, type FakeAnswer, type FakeOpenAI, startFakeOpenAI } from "../../scripts/fakes/openai.ts";
import { type AppProcess, api, repoRoot, startApp } from "../../test/support/app-process.ts";
import { chromiumAvailable, launchChromium } from "./browser.ts";
import { createPortfolioByApi, logInInPage, registerByApi } from "./harness.ts";

const marketData = process.env.MARKET_DATA_DIR ?? resolve(repoRoot, "../shared/market-data");
const hasData = existsSync(join(marketData, "VTI.csv"));
if (!hasData) {
  if (process.env.CI === "true") throw new Error(`no market data in ${marketData}: set MARKET_DATA_DIR`);
  console.warn(`no market data in ${marketData} (set MARKET_DATA_DIR): the chat e2e test is skipped`);
}
const enabled = chromiumAvailable() && hasData;
const dataDir = mkdtempSync(join(tmpdir(), "folio-e2e-chat-"));
let app: AppProcess;
let browser: Browser;
let fake: FakeOpenAI;
let slug = "";
let token = "";

const EMAIL = "chatter@example.com";
const MOVERS_REPORT = "VTI moved this month, by the figures given.";

/**
 * The model, as a script keyed by the request (the dashboard asks for the movers report at any moment, so
 * a queue of replies would be taken out of turn): the movers report; V1 calling its tools one round at a
 * time, then answering in streamed words; and a failure for "Hello?".
 */
function model(request: ChatRequest): FakeAnswer | { status: number } {
  const system = String(request.messages[0]?.content ?? "");
  if (system.startsWith("You write the short biggest-movers report")) return { text: MOVERS_REPORT };
  if (request.messages.at(-1)?.content === "Hello?") return { status: 500 };
  const toolResults = request.messages.filter((m) => m.role === "tool").length;
  if (toolResults === 0) return { toolCalls: [{ name: "list_portfolios", arguments: {} }] };
  if (toolResults === 1) return { toolCalls: [{ name: "get_portfolio", arguments: { slug } }] };
  if (toolResults === 2) return { toolCalls: [{ name: "show_table", arguments: { kind: "holdings" } }] };
  return {
    text: "Your Growth portfolio holds one ETF, VTI.",
    chunks: ["Your ", "Growth ", "portfolio ", "holds ", "one ", "ETF, ", "VTI."],
    chunkDelayMs: 150,
  };
}

beforeAll(async () => {
  if (!enabled) return;
  fake = await startFakeOpenAI({ models: ["fake-v1"], fallback: model });
  // V2 left unconfigured on purpose: the panel must say what to set
  app = await startApp({
    DATA_DIR: dataDir,
    MARKET_DATA_DIR: marketData,
    MARKET_DATA_PROVIDERS: "csv",
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_API_KEY: fake.apiKey ?? "",
    CHAT_MODEL_V1: "fake-v1",
  });
  browser = await launchChromium();
  token = (await registerByApi(app.url, EMAIL)).idToken;
  slug = await createPortfolioByApi(app.url, token, "Growth", {
    assets: [{ ticker: "VTI", quantity: 10, PoA: 200, DoA: "2024-01-02" }],
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.kill("SIGKILL");
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openAssistant(page: Page) {
  await logInInPage(page, EMAIL, { at: app.url });
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole("button", { name: "Assistant" }).click();
  return page.getByRole("complementary", { name: "Assistant" });
}

describe.skipIf(!enabled)("the assistant in Chromium", () => {
  it("answers from the user's portfolio: streamed words, the table, then the card", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const panel = await openAssistant(page);
    // every text the conversation shows, as it changes
    await panel.getByRole("textbox", { name: "Message" }).waitFor();
    // (a string: this file is compiled without the DOM's types)
    await page.evaluate(`(() => {
      const log = document.querySelector(".chat-log");
      window.seen = [];
      new MutationObserver(() => window.seen.push(log.textContent)).observe(log, { subtree: true, childList: true, characterData: true });
    })()`);
    await panel.getByRole("textbox", { name: "Message" }).fill("What do I hold?");
    await panel.getByRole("button", { name: "Send" }).click();
    await panel.getByText("What do I hold?").waitFor();
    await panel.getByText("Your Growth portfolio holds one ETF, VTI.", { exact: true }).waitFor();
    // the words arrived a few at a time before the whole reply
    const seen = (await page.evaluate("window.seen")) as string[];
    expect(seen.some((text) => text.endsWith("What do I hold?Your Growth portfolio "))).toBe(true);

    const table = panel.getByRole("table", { name: "Holdings of Growth" });
    const row = table.getByRole("row").nth(1);
    expect(await row.getByRole("cell").nth(1).textContent()).toBe("VTI");
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("10");

    const card = panel.locator(`[data-card="${slug}-1"]`);
    await card.waitFor();
    expect(await card.getByRole("link", { name: "Growth" }).getAttribute("href")).toBe(`/p/${slug}`);
    // the card's value is the portfolio service's market value
    const listed = (
      await api<{ portfolios: Record<string, { marketValue: number }> }>(app.url, "POST", "/v1/get/portfolios-and-assets", undefined, token)
    ).body;
    const value = listed.portfolios[slug]?.marketValue as number;
    expect(await card.locator(".num").textContent()).toBe(
      `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );

    // the model was asked through the SDK's stream, with the tool results as data
    const answered = fake.chats.filter((c) => c.messages.some((m) => m.content === "What do I hold?"));
    expect(answered).toHaveLength(4);
    expect(answered.every((c) => c.stream === true)).toBe(true);
    expect(answered[3]?.messages.filter((m) => m.role === "tool")).toHaveLength(3);

    // the biggest-movers report the dashboard asked for was written by the assistant
    await page.getByRole("link", { name: "Movers" }).click();
    await page.getByText(MOVERS_REPORT).waitFor();
    await page.close();
  });

  it("a failing model shows the spec's message; the unconfigured V2 is named in the panel", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const panel = await openAssistant(page);
    await panel.getByRole("textbox", { name: "Message" }).fill("Hello?");
    await panel.getByRole("button", { name: "Send" }).click();
    await panel.getByText("An error occurred. Please refresh the page and try again.").waitFor();

    await panel.getByRole("combobox", { name: "Model" }).selectOption("v2");
    const notice = panel.getByRole("alert");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("CHAT_MODEL_V2");
    expect(await panel.getByRole("textbox", { name: "Message" }).isDisabled()).toBe(true);
    await page.close();
  });
});
