/**
 * Every service has the same shape (docs/architecture.md "Every service has the same shape"), checked on the
 * sources so a new service, or a consumer or job registered somewhere else, fails here:
 * - the files every service has: main.ts, service.ts, config.ts, context.ts, store.ts, routes.ts;
 * - service.ts builds the one context (context.ts) and hands it on; main.ts runs the service under its name;
 * - consumers are made (`consumer()` of @folio/platform/events) in consumers.ts only, and jobs (`job()` of
 *   @folio/platform/jobs) in jobs.ts only; a service that has either registers them from that file;
 * - client.ts is the service's own client for the others (its package's `./client`), and the clients of other
 *   services are built in context.ts only (other files may name their types);
 * - src/domain/ is pure: no I/O, no framework, no platform (its tests' support under `testing/` aside).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const services = readdirSync(join(root, "services")).filter((s) => statSync(join(root, "services", s)).isDirectory());

const REQUIRED_FILES = ["main.ts", "service.ts", "config.ts", "context.ts", "store.ts", "routes.ts"];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** The names a file imports as values (not `type`) from `specifier`. */
function valueImports(text: string, specifier: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)";?$/gm)) {
    if (m[3] !== specifier || m[1]) continue;
    for (const part of (m[2] as string).split(",").map((p) => p.trim())) {
      if (!part || part.startsWith("type ")) continue;
      names.push(part.split(/\s+as\s+/)[0] as string);
    }
  }
  return names;
}

/** Where one service breaks the shape, one line per finding (empty: it has the shape). */
function shapeFindings(service: string, files: Record<string, string>, packageJson: { exports?: Record<string, string> }): string[] {
  const found: string[] = [];
  for (const required of REQUIRED_FILES) if (!(required in files)) found.push(`src/${required} is missing`);
  const main = files["main.ts"] ?? "";
  if (main && !main.includes(`runService("${service}",`)) found.push(`src/main.ts does not run the service as "${service}"`);
  const entry = files["service.ts"] ?? "";
  if (entry && !/from "\.\/context\.ts"/.test(entry)) found.push("src/service.ts does not build its context from ./context.ts");
  for (const [file, text] of Object.entries(files)) {
    if (file !== "consumers.ts" && valueImports(text, "@folio/platform/events").includes("consumer")) {
      found.push(`src/${file} makes a consumer: consumers belong in consumers.ts`);
    }
    if (file !== "jobs.ts" && valueImports(text, "@folio/platform/jobs").includes("job")) {
      found.push(`src/${file} makes a job: jobs belong in jobs.ts`);
    }
    for (const m of text.matchAll(/from "@folio\/([a-z-]+)\/client"/g)) {
      const line = text.slice(text.lastIndexOf("\n", m.index) + 1, text.indexOf("\n", m.index));
      if (file !== "context.ts" && !/^import\s+type\s/.test(line)) {
        found.push(`src/${file} builds the ${m[1]} service's client: other services' clients are built in context.ts`);
      }
    }
    // (a domain's `testing/` folder is its tests' support: it may read the market data's files)
    if (file.startsWith("domain/") && !file.includes("/testing/") && /from "(node:[a-z_/]+|fastify|@folio\/platform[^"]*)"/.test(text)) {
      found.push(`src/${file} is domain code with I/O or a framework`);
    }
    if (/(^|\/)[a-z]+-client\.ts$/.test(file) && services.includes(file.replace(/(^|.*\/)([a-z]+)-client\.ts$/, "$2"))) {
      found.push(`src/${file} is another service's client beside client.ts: build that service's client in context.ts`);
    }
  }
  if ((files["consumers.ts"] ?? "").length > 0 && !/from "\.\/consumers\.ts"/.test(entry)) {
    found.push("src/consumers.ts exists but service.ts does not register its consumers");
  }
  if ((files["jobs.ts"] ?? "").length > 0 && !/from "\.\/jobs\.ts"/.test(entry))
    found.push("src/jobs.ts exists but service.ts does not register its jobs");
  if (/\bconsumers:/.test(entry) && !("consumers.ts" in files)) found.push("service.ts has consumers but no src/consumers.ts");
  if (/\bjobs:/.test(entry) && !("jobs.ts" in files)) found.push("service.ts has jobs but no src/jobs.ts");
  const exported = packageJson.exports?.["./client"];
  if ("client.ts" in files && exported !== "./src/client.ts") found.push('src/client.ts is not the package\'s "./client" export');
  if (exported && exported !== "./src/client.ts") found.push(`the package's "./client" is ${exported}, not ./src/client.ts`);
  return found;
}

function filesOf(service: string): Record<string, string> {
  const src = join(root, "services", service, "src");
  return Object.fromEntries(sourceFiles(src).map((path) => [relative(src, path), readFileSync(path, "utf8")]));
}

describe("every service has the same shape", () => {
  it("finds a service that breaks it (the check itself)", () => {
    const good = {
      "main.ts": 'await runService("demo", createDemoService);',
      "service.ts":
        'import { demoContext } from "./context.ts";\nimport { demoConsumers } from "./consumers.ts";\nconsumers: demoConsumers(ctx),',
      "config.ts": "",
      "context.ts": 'import { PricingQueries } from "@folio/pricing/client";',
      "store.ts": "",
      "routes.ts": "",
      "consumers.ts": 'import { type Consumer, consumer } from "@folio/platform/events";',
      "domain/rules.ts": 'import type { EventPayload } from "@folio/proto/events";',
    };
    expect(shapeFindings("demo", good, {})).toEqual([]);
    const { "context.ts": _context, ...noContext } = good;
    expect(shapeFindings("demo", noContext, {})).toEqual(["src/context.ts is missing"]);
    expect(shapeFindings("demo", { ...good, "seed.ts": 'import { type JobDefinition, job } from "@folio/platform/jobs";' }, {})).toEqual([
      "src/seed.ts makes a job: jobs belong in jobs.ts",
    ]);
    expect(shapeFindings("demo", { ...good, "owners.ts": 'import { consumer } from "@folio/platform/events";' }, {})).toEqual([
      "src/owners.ts makes a consumer: consumers belong in consumers.ts",
    ]);
    // naming the type of an event is not making a consumer; naming a client's type is not building it
    expect(
      shapeFindings(
        "demo",
        {
          ...good,
          "imports.ts":
            'import type { Event } from "@folio/platform/events";\nimport type { PricingQueries } from "@folio/pricing/client";',
        },
        {},
      ),
    ).toEqual([]);
    expect(shapeFindings("demo", { ...good, "settings.ts": 'import { BillingQueries } from "@folio/billing/client";' }, {})).toEqual([
      "src/settings.ts builds the billing service's client: other services' clients are built in context.ts",
    ]);
    expect(shapeFindings("demo", { ...good, "pricing-client.ts": "" }, {})).toEqual([
      "src/pricing-client.ts is another service's client beside client.ts: build that service's client in context.ts",
    ]);
    expect(shapeFindings("demo", { ...good, "domain/io.ts": 'import { readFileSync } from "node:fs";' }, {})).toEqual([
      "src/domain/io.ts is domain code with I/O or a framework",
    ]);
    expect(shapeFindings("demo", { ...good, "jobs.ts": "" }, {})).toEqual([]);
    expect(shapeFindings("demo", { ...good, "client.ts": "x" }, {})).toEqual(['src/client.ts is not the package\'s "./client" export']);
  });

  it.each(services)("%s", (service) => {
    const packageJson = JSON.parse(readFileSync(join(root, "services", service, "package.json"), "utf8"));
    expect(shapeFindings(service, filesOf(service), packageJson)).toEqual([]);
  });
});
