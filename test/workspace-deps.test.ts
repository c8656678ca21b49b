/**
 * Every package a workspace's sources import is declared in that workspace's package.json (dependencies or
 * peerDependencies), so each workspace installs and builds on its own and no import works only because a
 * neighbour happened to declare it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const workspaces = ["proto", "platform", "gateway", "web", ...readdirSync(join(root, "services")).map((s) => `services/${s}`)];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    // tests and their support files (test-setup, test-utils) run with the root's development packages
    else if (/\.tsx?$/.test(name) && !/(\.test\.tsx?|^test-[a-z-]+\.tsx?)$/.test(name)) out.push(path);
  }
  return out;
}

const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+"([^"\s]+)"|import\(\s*"([^"\s]+)"\s*\)|^\s*import\s+"([^"\s]+)"/gm;

function packageOf(specifier: string): string | null {
  if (specifier.startsWith(".") || specifier.startsWith("node:") || builtinModules.includes(specifier)) return null;
  // a package name, not the text of a comment that mentions an import
  if (!/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*(\/|$)/.test(specifier)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

describe("workspace dependencies", () => {
  it.each(workspaces)("%s declares every package its sources import", (workspace) => {
    const manifest = JSON.parse(readFileSync(join(root, workspace, "package.json"), "utf8"));
    // the web app is bundled at build time: its development packages count as declared too
    const declared = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
      ...(workspace === "web" ? Object.keys(manifest.devDependencies ?? {}) : []),
    ]);
    const missing = new Set<string>();
    for (const file of sourceFiles(join(root, workspace, "src"))) {
      for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
        const name = packageOf(match[1] ?? match[2] ?? match[3]);
        if (name && !declared.has(name)) missing.add(`${name} (${file.slice(root.length + 1)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
