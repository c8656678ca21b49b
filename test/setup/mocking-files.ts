/**
 * Sorts test files by the modules they replace with `vi.mock`, for the fast projects of vitest.config.ts,
 * which share one module graph between files (`isolate: false`). A file that mocks a module can share it only
 * with files that mock it the same way: otherwise an earlier file may have loaded the real module, or another
 * replacement, and the mock would not apply.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const MOCK_CALL = /\bvi\.(?:do)?[mM]ock\([^\n]*/g;

/** Each test file under `dirs` of `root`, relative to `root`, with its `vi.mock` lines (none: an empty list). */
export function testFileMocks(root: string, dirs: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(path);
      } else if (/\.test\.tsx?$/.test(entry.name)) {
        found.set(relative(root, path), readFileSync(path, "utf8").match(MOCK_CALL) ?? []);
      }
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(join(root, dir));
  return found;
}

/** The files whose every `vi.mock` line passes `shares` (files without mocks do not count) and the rest that mock. */
export function splitMocking(files: Map<string, string[]>, shares: (line: string) => boolean): { sharing: string[]; isolated: string[] } {
  const sharing: string[] = [];
  const isolated: string[] = [];
  for (const [file, mocks] of files) {
    if (mocks.length === 0) continue;
    (mocks.every(shares) ? sharing : isolated).push(file);
  }
  return { sharing, isolated };
}
