/**
 * The configuration is declared once, as schemas (platform/src/config.ts, services/<name>/src/config.ts):
 * docs/configuration.md is written from them, .env.example lists exactly their variables, the secrets they
 * declare are the ones that may come from files, and no module reads a variable no schema declares.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withSecretFiles } from "../platform/src/config.ts";
import { secretNames, variableNames } from "../platform/src/env.ts";
import { CONFIGURATION_DOCS, configurationReference, configurationSchemas } from "../scripts/config-docs.ts";

const declared = configurationSchemas.flatMap((schema) => variableNames(schema));

describe("the configuration schemas", () => {
  it("declare each variable once", () => {
    expect(declared.filter((name, i) => declared.indexOf(name) !== i)).toEqual([]);
  });

  it("are what docs/configuration.md says (npm run docs:config writes it)", () => {
    expect(readFileSync(CONFIGURATION_DOCS, "utf8"), "run npm run docs:config").toBe(configurationReference());
  });

  it("are what .env.example lists: every variable of every schema, and no other", () => {
    const example = readFileSync(".env.example", "utf8");
    const listed = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]{2,})=/gm)].map((m) => m[1] as string);
    expect(
      declared.filter((name) => !listed.includes(name)),
      "add them to .env.example",
    ).toEqual([]);
    expect(
      listed.filter((name) => !declared.includes(name)),
      "declare them in a config.ts schema",
    ).toEqual([]);
  });

  it("mark as secret exactly the variables that may come from a file (<NAME>_FILE)", () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-secret-"));
    const file = join(dir, "value");
    writeFileSync(file, "from-a-file\n");
    const fromFile = declared.filter((name) => withSecretFiles({ [`${name}_FILE`]: file })[name] === "from-a-file");
    expect(fromFile.sort()).toEqual(secretNames(configurationSchemas).sort());
  });
});

/**
 * What the processes read from the environment, found in the sources themselves: every module of platform,
 * the gateway and the services that reads `env` (by `env.NAME`, `env["NAME"]`, or a name in quotes), and the
 * `<SERVICE>_URL` the internal client and the gateway read. Each must be declared in a schema.
 */
function settingsRead(): Map<string, Set<string>> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && entry.name !== "testing.ts") files.push(path);
    }
  };
  for (const dir of ["platform/src", "gateway/src", ...readdirSync("services").map((s) => `services/${s}/src`)]) walk(dir);
  const read = new Map<string, Set<string>>();
  const add = (name: string, file: string) => read.set(name, new Set([...(read.get(name) ?? []), file]));
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    if (!/\benv\b/.test(source)) continue;
    for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) add(m[1] as string, file);
    for (const m of source.matchAll(/\benv\[["'`]([A-Z][A-Z0-9_]+)["'`]\]/g)) add(m[1] as string, file);
    if (/\$\{[^}]*toUpperCase\(\)\}_URL/.test(source)) add("PORTFOLIO_URL", file);
  }
  return read;
}

describe("what the processes read", () => {
  it("is declared in a schema, whatever module reads it", () => {
    const read = settingsRead();
    // the finder sees direct reads and the `<SERVICE>_URL` lookups
    expect([...(read.get("PLAID_CLIENT_ID") ?? [])]).toContain("services/brokerage/src/csp.ts");
    expect([...(read.get("PORTFOLIO_URL") ?? [])]).toContain("platform/src/internal.ts");
    // set by the runtime, not settings: Node's mode (the image sets it) and the test runner's flag
    const notSettings = ["NODE_ENV", "VITEST"];
    const undeclared = [...read.keys()].filter((name) => !notSettings.includes(name) && !declared.includes(name));
    expect(undeclared, "declare them in a config.ts schema").toEqual([]);
  });
});
