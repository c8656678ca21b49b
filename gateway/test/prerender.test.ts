/**
 * A public portfolio's page arrives with its name and description in the HTML (src/prerender.ts): escaped,
 * only for what a visitor may read, and never holding the page up.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/support/app-process.ts";
import { webDist } from "../src/edge.ts";
import { startEmbedded } from "../src/embedded.ts";
import { escapeHtml, portfolioSlugOf, withPortfolio } from "../src/prerender.ts";

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

describe("GET /p/{slug} on the embedded app", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "folio-prerender-"));
  let app: FastifyInstance;
  let stop: () => Promise<void>;
  const slugs = { public: "", private: "" };

  beforeAll(async () => {
    if (!existsSync(join(webDist, "index.html"))) {
      const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: repoRoot, encoding: "utf8" });
      if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}${build.stderr}`);
    }
    ({ app, stop } = await startEmbedded({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn" }));
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
      });
      expect(res.json().message, res.body).toBe("pcreated");
      return res.json().slug as string;
    };
    slugs.public = await create(HOSTILE_NAME);
    slugs.private = await create("Kept to myself");
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
  }, 120_000);

  afterAll(async () => {
    await stop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const page = async (url: string, acceptEncoding = "") => {
    const res = await app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    return res.headers["content-encoding"] === "gzip" ? gunzipSync(res.rawPayload).toString("utf8") : res.body;
  };
  const indexHtml = () => readFileSync(join(webDist, "index.html"), "utf8");

  it("a public portfolio's page has its name and description, escaped, gzipped when asked", async () => {
    for (const encoding of ["gzip", ""]) {
      const html = await page(`/p/${slugs.public}`, encoding);
      expect(html).toContain(`data-prerendered="${slugs.public}"`);
      expect(html).toContain(`<h1>${escapeHtml(HOSTILE_NAME)}</h1>`);
      expect(html).toContain(`<p>${escapeHtml(HOSTILE_DESCRIPTION)}</p>`);
      expect(html).not.toContain("<img");
      expect(html).not.toContain('<script>alert("name")');
    }
  });

  it("a private portfolio, an unknown slug and /p/new get the plain page: nothing a visitor may not read", async () => {
    for (const url of [`/p/${slugs.private}`, "/p/no-such-portfolio", "/p/new"]) {
      const html = await page(url);
      expect(html, url).toBe(indexHtml());
      expect(html).not.toContain("Kept to myself");
      expect(html).not.toContain("my secret plan");
    }
  });
});
