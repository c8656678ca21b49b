/**
 * Each HTTP call's path is written once, in its address (proto/src/routes.ts): the servers, the calls between
 * services, the web's endpoints, the gateway's table and the OpenAPI document take it from there. This test
 * fails when a production file writes an API path (`"/v1/…`, `"/v2/…`, `"/cachable/…`, in quotes or a
 * template) anywhere else. Tests, benchmarks and the vendors' fakes may; so may the code that speaks a
 * vendor's own API, whose paths happen to look alike (listed below with why).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/** Where production code lives: what the servers and the web app run, and the web's build. */
const PRODUCTION = [
  "proto/src",
  "platform/src",
  "gateway/src",
  "web/src",
  "web/build",
  "web/vite.config.ts",
  ...readdirSync(join(root, "services")).map((s) => `services/${s}/src`),
];

/** The one file that writes the API's paths. */
const ADDRESSES = "proto/src/routes.ts";

/** Files that speak another API whose paths start alike, and why. */
const VENDOR_PATHS: Record<string, string> = {
  "services/pricing/src/providers/yahoo.ts": "Yahoo Finance's own search API (/v1/finance/search)",
};

const PATH_LITERAL = /["'`]\/(?:v1|v2|cachable)\/[^"'`\s]*/g;

function files(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => files(join(path, name)));
}

const isProductionSource = (path: string) =>
  /\.(ts|tsx|mts|js|mjs)$/.test(path) && !/(\.test\.tsx?|(^|\/)test-[a-z-]+\.tsx?)$/.test(path) && !path.includes("/node_modules/");

function pathLiterals(): string[] {
  const found: string[] = [];
  for (const file of PRODUCTION.flatMap(files).filter(isProductionSource)) {
    const path = relative(root, join(root, file));
    if (path === ADDRESSES || path in VENDOR_PATHS) continue;
    readFileSync(join(root, path), "utf8")
      .split("\n")
      .forEach((line, i) => {
        for (const match of line.matchAll(PATH_LITERAL)) found.push(`${path}:${i + 1} ${match[0]}`);
      });
  }
  return found;
}

describe("the API's paths", () => {
  it(`are written in ${ADDRESSES} alone among the production files`, () => {
    expect(pathLiterals()).toEqual([]);
  });

  it("are found where they are written (the check can fail)", () => {
    const placeholder = "$" + "{slug}";
    const line = `fetch("/v1/get/settings"); fetch(\`/cachable/get/portfolio/${placeholder}\`); "/v2/chat"`;
    expect([...line.matchAll(PATH_LITERAL)].map((m) => m[0])).toEqual([
      '"/v1/get/settings',
      `\`/cachable/get/portfolio/${placeholder}`,
      '"/v2/chat',
    ]);
    expect(readFileSync(join(root, ADDRESSES), "utf8").match(PATH_LITERAL)?.length).toBeGreaterThan(40);
  });
});
