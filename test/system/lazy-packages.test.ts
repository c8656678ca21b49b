/**
 * Every npm package the server loads on first use, used once through the compiled app (`node
 * dist/server/embedded.js`, as `npm start` and the image run it) against the project's local fakes: plaid (a
 * link token, Link completed at the fake, the accounts imported as portfolios), stripe (a Checkout Session),
 * openai (an answer of the assistant), sharp and tesseract.js (a screenshot read on the queue), nodemailer (a
 * password-reset e-mail over SMTP) and Swagger UI (/docs and a file it serves from beside its code).
 * These load through `import()` and run nowhere else at start, so a build that breaks one of them (as a
 * bundled plaid once lost its named exports) fails here rather than in front of a user.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../scripts/fakes/openai.ts";
import { type FakePlaid, startFakePlaid } from "../../scripts/fakes/plaid.ts";
import { type FakeSmtp, startFakeSmtp } from "../../scripts/fakes/smtp.ts";
import { type FakeStripe, startFakeStripe } from "../../scripts/fakes/stripe.ts";
import { marketDataAvailable, marketDataDir } from "../../scripts/market-data/location.ts";
import { type AppProcess, api, freePort, repoRoot, startApp } from "../support/app-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "folio-lazy-"));
const SCREENSHOT = join(repoRoot, "services/import/test/screenshots/us-broker-table-7000.png");
let app: AppProcess;
let plaid: FakePlaid;
let stripe: FakeStripe;
let openai: FakeOpenAI;
let smtp: FakeSmtp;
let token = "";

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${app.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  [plaid, openai, smtp] = await Promise.all([startFakePlaid(), startFakeOpenAI({ models: ["fake-v1"] }), startFakeSmtp()]);
  const port = await freePort();
  stripe = await startFakeStripe({
    webhookUrl: `http://127.0.0.1:${port}/v1/billing/webhook`,
    prices: [{ id: "price_pro_monthly", unit_amount: 900, interval: "month", nickname: "Pro" }],
  });
  app = await startApp(
    {
      DATA_DIR: dataDir,
      // prices from the CSV folder only, so nothing reaches the network (the screenshot's tickers are in it)
      ...(marketDataAvailable() ? { MARKET_DATA_DIR: marketDataDir(), MARKET_DATA_PROVIDERS: "csv" } : {}),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PLAID_CLIENT_ID: plaid.clientId,
      PLAID_SECRET: plaid.secret,
      PLAID_BASE_URL: plaid.url,
      BROKERAGE_TOKEN_KEY: randomBytes(32).toString("base64"),
      STRIPE_API_BASE: stripe.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      BILLING_PRICE_IDS: "price_pro_monthly",
      OPENAI_BASE_URL: openai.baseURL,
      OPENAI_API_KEY: openai.apiKey ?? "",
      CHAT_MODEL_V1: "fake-v1",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Folio <no-reply@folio.test>",
      PASSWORD_HASH_COST: "10",
    },
    port,
  );
  const reg = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/register", { email: "lazy@example.com", password: "lazy-pass-1" });
  expect(reg.status).toBe(200);
  token = reg.body.idToken;
}, 120_000);

afterAll(async () => {
  await app?.kill("SIGKILL");
  await Promise.all([plaid?.close(), stripe?.close(), openai?.close(), smtp?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("packages loaded on first use, through the compiled app", () => {
  it("plaid: a link token, then the linked accounts become portfolios", async () => {
    const link = await api<{ link_token: string }>(app.url, "POST", "/v1/plaid/create-link-token/", undefined, token);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.link_token).toMatch(/^link-sandbox-/);
    const linked = plaid.completeLink(link.body.link_token);
    const created = await api<{ public_token_exchange: string; accounts: number }>(
      app.url,
      "POST",
      "/v1/plaid/create_portfolios/",
      linked,
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ public_token_exchange: "complete" });
    const portfolios = await until("the imported portfolios", async () => {
      const list = await api<{ portfolios?: Record<string, { pname: string; provider: string | null }> }>(
        app.url,
        "POST",
        "/v1/get/portfolios-and-assets",
        undefined,
        token,
      );
      const imported = Object.values(list.body.portfolios ?? {}).filter((p) => p.provider === "Plaid-US");
      return imported.length === created.body.accounts ? imported : undefined;
    });
    expect(portfolios.length).toBeGreaterThan(0);
  });

  it("stripe: a Checkout Session at the fake", async () => {
    const res = await api<{ url: string }>(app.url, "POST", "/v1/create-checkout-session", { price_id: "price_pro_monthly" }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_`));
    expect(stripe.checkoutSessions.size).toBe(1);
  });

  it("openai: the assistant answers through the SDK", async () => {
    openai.reply({ text: "You have no portfolios with prices yet." });
    const res = await api<{ result: string; response: string }>(app.url, "POST", "/v1/chat", { message: "What do I hold?" }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ result: "ok", response: "You have no portfolios with prices yet." });
    expect(openai.chats.at(-1)?.model).toBe("fake-v1");
  });

  it("sharp and tesseract.js: a screenshot is read on the queue", async () => {
    const form = new FormData();
    form.append("image", new Blob([readFileSync(SCREENSHOT)], { type: "image/png" }), "shot.png");
    const upload = await fetch(`${app.url}/v2/import/portfolio/screenshot`, {
      method: "POST",
      // the queue's path: the reply names the status route instead of waiting for the reading
      headers: { authorization: `Bearer ${token}`, prefer: "respond-async" },
      body: form,
    });
    expect(upload.status).toBe(202);
    const { statusUrl } = (await upload.json()) as { statusUrl: string };
    const done = await until(
      "the screenshot's reading",
      async () => {
        const status = await api<{ state: string; message?: { ticker: string; quantity: number }[] }>(
          app.url,
          "GET",
          statusUrl,
          undefined,
          token,
        );
        expect(status.status, JSON.stringify(status.body)).toBeLessThan(300);
        return status.body.state === "completed" ? status.body : undefined;
      },
      90_000,
    );
    expect(done.message?.map((row) => row.ticker)).toEqual(expect.arrayContaining(["QQQ", "TSLA"]));
  }, 120_000);

  it("nodemailer: the password-reset e-mail goes out over SMTP", async () => {
    const res = await api(app.url, "POST", "/v1/auth/password-reset", { email: "lazy@example.com" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await until("the reset e-mail", async () => smtp.messages.find((m) => m.to.includes("lazy@example.com")));
    expect(mail.from).toBe("no-reply@folio.test");
    expect(mail.data).toMatch(/token=/);
  });

  it("Swagger UI: /docs and the files it serves from beside its own code", async () => {
    const page = await fetch(`${app.url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("swagger-ui");
    const script = await fetch(`${app.url}/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });
});
