/**
 * No service cycle: the services' synchronous dependencies, derived from their sources, form a graph without
 * a cycle, so each service can be understood, tested and started with only the ones below it (docs/architecture.md). A service depends on another when its production sources import the other's package (its
 * client, `@folio/<service>/client`) or the other's call contracts (`@folio/proto/contracts/<service>`): the
 * two ways to call it (platform/src/internal.ts). Events are not edges: a publisher never waits on its
 * consumers.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const services = readdirSync(join(root, "services")).filter((s) => statSync(join(root, "services", s)).isDirectory());

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const SPECIFIER = /(?:from\s+|import\(\s*)"(@folio\/[^"\s]+)"/g;

/** service → the services it calls */
function serviceGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const service of services) {
    const calls = new Set<string>();
    for (const file of sourceFiles(join(root, "services", service, "src"))) {
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
        const target =
          /^@folio\/proto\/contracts\/([a-z-]+)$/.exec(specifier as string)?.[1] ?? /^@folio\/([a-z-]+)/.exec(specifier as string)?.[1];
        if (target && target !== service && services.includes(target)) calls.add(target);
      }
    }
    graph.set(service, calls);
  }
  return graph;
}

/** A cycle of the graph as a path (`a → b → a`), or null when there is none (depth-first search). */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node];
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("the service dependency graph", () => {
  it("finds a cycle when there is one, and none in a layered graph (the check itself)", () => {
    const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(findCycle(g({ chat: ["networth"], networth: ["chat"] }))).toEqual(["chat", "networth", "chat"]);
    expect(findCycle(g({ a: ["b"], b: ["c"], c: ["a"], d: [] }))).toEqual(["a", "b", "c", "a"]);
    expect(findCycle(g({ chat: ["networth", "pricing"], networth: ["pricing"], pricing: [] }))).toBeNull();
  });

  it("is derived from the sources: the calls every service is known to make are there", () => {
    const graph = serviceGraph();
    expect(graph.size).toBe(services.length);
    expect([...(graph.get("chat") ?? [])]).toEqual(expect.arrayContaining(["networth", "portfolio", "pricing"]));
    expect([...(graph.get("portfolio") ?? [])]).toContain("pricing");
    expect([...(graph.get("accounts") ?? [])]).toEqual(expect.arrayContaining(["billing", "brokerage"]));
  });

  it("keeps achievements a leaf: fed by events alone, it calls nobody and nobody calls it (docs/decisions/0002)", () => {
    const graph = serviceGraph();
    expect([...(graph.get("achievements") ?? ["(no such service)"])]).toEqual([]);
    expect([...graph].filter(([, to]) => to.has("achievements")).map(([from]) => from)).toEqual([]);
  });

  it("has no cycle", () => {
    const graph = serviceGraph();
    const edges = [...graph].flatMap(([from, to]) => [...to].map((t) => `${from} → ${t}`));
    expect(findCycle(graph), `service dependencies:\n${edges.join("\n")}`).toBeNull();
  });
});
