/**
 * A public portfolio's page arrives with its name and description in the HTML (src/prerender.ts): escaped,
 * only for what a visitor may read, and never holding the page up.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { INTERNAL_CLIENT } from "@folio/platform/http/rate-limit";
import { escapeHtml } from "@folio/proto/html-text";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/support/app-process.ts";
import { webDist } from "../src/edge.ts";
import { startEmbedded } from "../src/embedded.ts";
import { portfolioSlugOf, withPortfolio } from "../src/prerender.ts";

const HOSTILE_NAME = `<script>alert("name")</script> & 'friends'`;
const HOSTILE_DESCRIPTION = `</p><img src=x onerror=alert(1)><p>"quoted" & more`;

describe("the portfolio page's HTML, built from index.html", () => {
  const html = `<html><head><title>Folio</title></head><body><div id="root"><header class="topbar"><a href="/" class="brand">Folio</a></header></div></body></html>`;

  it("adds the name and description after the top bar, in the app's layout, escaped", () => {
    const page = withPortfolio(html, { slug: "growth-abc123", name: HOSTILE_NAME, description: HOSTILE_DESCRIPTION });
    expect(page).toContain("<title>Folio</title>");
    expect(page).toContain(
      `</header><main class="page"><section class="portfolio" data-prerendered="growth-abc123"><div class="section-header"><div>` +
        `<h1>&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt; &amp; &#39;friends&#39;</h1></div></div>` +
        `<p>&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;&lt;p&gt;&quot;quoted&quot; &amp; more</p></section></main></div>`,
    );
    expect(page).not.toMatch(/<script>|<img/);
  });

  it("leaves the description out when there is none, and the page unchanged when it has no top bar", () => {
    expect(withPortfolio(html, { slug: "s", name: "Plain", description: "" })).toContain("<h1>Plain</h1></div></div></section>");
    const noShell = '<html><body><div id="root"></div></body></html>';
    expect(withPortfolio(noShell, { slug: "s", name: "Plain", description: "" })).toBe(noShell);
  });

  it("knows a portfolio page's slug, decoded, and nothing else", () => {
    expect(portfolioSlugOf("/p/growth-abc123")).toBe("growth-abc123");
    expect(portfolioSlugOf("/p/growth-abc123/")).toBe("growth-abc123");
    expect(portfolioSlugOf("/p/caf%C3%A9")).toBe("café");
    expect(portfolioSlugOf("/p/new")).toBeNull();
    expect(portfolioSlugOf("/p/%E0%A4%A")).toBeNull();
    expect(portfolioSlugOf("/p/a/b")).toBeNull();
    expect(portfolioSlugOf("/dashboard")).toBeNull();
  });
});

/** The embedded app with one public portfolio (hostile texts) and one private one, made through the API. */
async function appWithPortfolios(env: Record<string, string> = {}, remoteAddress = "127.0.0.1") {
  const dataDir = mkdtempSync(join(tmpdir(), "folio-prerender-"));
  const { app, stop } = await startEmbedded({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env });
  const registered = await app.inject({
    method: "POST",
    url: "/v1/auth/register",
    payload: { email: "owner@example.com", password: "long-enough" },
  });
  const authorization = `Bearer ${registered.json().idToken}`;
  const create = async (name: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/v1/save/portfolio/new",
      headers: { authorization },
      payload: { portfolio: { assets: [] }, newPortfolioName: name },
      remoteAddress,
    });
    expect(res.json().message, res.body).toBe("pcreated");
    return res.json().slug as string;
  };
  const slugs = { public: await create(HOSTILE_NAME), private: await create("Kept to myself") };
  for (const [slug, settings] of [
    [slugs.public, { privateMode: false, category: "Growth", pDescription: HOSTILE_DESCRIPTION }],
    [slugs.private, { pDescription: "my secret plan" }],
  ] as const) {
    const res = await app.inject({
      method: "POST",
      url: `/v1/update/portfoliosettings/${slug}`,
      headers: { authorization },
      payload: { settings },
    });
    expect(res.statusCode).toBe(200);
  }
  return {
    app,
    slugs,
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function pageOf(app: FastifyInstance, url: string, acceptEncoding = "") {
  const res = await app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  expect(res.headers["cache-control"]).toBe("no-cache");
  return res.headers["content-encoding"] === "gzip" ? gunzipSync(res.rawPayload).toString("utf8") : res.body;
}

beforeAll(() => {
  if (!existsSync(join(webDist, "index.html"))) {
    const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: repoRoot, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}${build.stderr}`);
  }
}, 120_000);

describe("GET /p/{slug} on the embedded app", () => {
  let ctx: Awaited<ReturnType<typeof appWithPortfolios>>;
  beforeAll(async () => {
    ctx = await appWithPortfolios();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });
  const indexHtml = () => readFileSync(join(webDist, "index.html"), "utf8");

  it("a public portfolio's page has its name and description, escaped, gzipped when asked", async () => {
    for (const encoding of ["gzip", ""]) {
      const html = await pageOf(ctx.app, `/p/${ctx.slugs.public}`, encoding);
      expect(html).toContain(`data-prerendered="${ctx.slugs.public}"`);
      expect(html).toContain(`<h1>${escapeHtml(HOSTILE_NAME)}</h1>`);
      expect(html).toContain(`<p>${escapeHtml(HOSTILE_DESCRIPTION)}</p>`);
      expect(html).not.toContain("<img");
      expect(html).not.toContain('<script>alert("name")');
    }
  });

  it("a private portfolio, an unknown slug and /p/new get the plain page: nothing a visitor may not read", async () => {
    for (const url of [`/p/${ctx.slugs.private}`, "/p/no-such-portfolio", "/p/new"]) {
      const html = await pageOf(ctx.app, url);
      expect(html, url).toBe(indexHtml());
      expect(html).not.toContain("Kept to myself");
      expect(html).not.toContain("my secret plan");
    }
  });
});

describe("the edge's request ceiling", () => {
  it("counts a portfolio page for its visitor, and the read behind it for no one: it is an internal call", async () => {
    // set up as an internal caller, so that the ceiling of 3 is left whole for the test
    const ctx = await appWithPortfolios({ RATE_LIMIT_PER_MINUTE: "3" }, INTERNAL_CLIENT);
    try {
      const page = (remoteAddress: string) => ctx.app.inject({ method: "GET", url: `/p/${ctx.slugs.public}`, remoteAddress });
      // each read behind a page counted (as the server's own loopback client, whose count the app's start
      // already began) would soon be refused, and the pages after it would go out plain
      for (let i = 0; i < 3; i++) expect((await page("203.0.113.9")).body).toContain("data-prerendered");
      expect((await page("203.0.113.9")).statusCode).toBe(429);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
