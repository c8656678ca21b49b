/**
 * The portfolio page's path has one definition, PORTFOLIO_PAGE_PATH in @folio/proto/constants, used by the
 * gateway (the public page it writes) and the web app (what the page arrived with). The web build's config
 * cannot import a package's TypeScript, so it keeps a copy for the route preload; this keeps the copy true.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PORTFOLIO_PAGE_PATH } from "@folio/proto/constants";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/app-process.ts";

describe("the portfolio page's path", () => {
  it("is the same in the web build's config as in proto", () => {
    const config = readFileSync(join(repoRoot, "web/vite.config.ts"), "utf8");
    expect(config).toContain(`const PORTFOLIO_PAGE_PATH = ${JSON.stringify(PORTFOLIO_PAGE_PATH)};`);
  });

  it("matches a portfolio page and captures its slug, and nothing else", () => {
    const path = new RegExp(PORTFOLIO_PAGE_PATH);
    expect(path.exec("/p/growth-abc123")?.[1]).toBe("growth-abc123");
    expect(path.exec("/p/growth-abc123/")?.[1]).toBe("growth-abc123");
    for (const other of ["/p/", "/p/a/b", "/dashboard", "/xp/a"]) expect(path.test(other), other).toBe(false);
  });
});
