/**
 * Market-data folders of hand-made closes for tests, in the CSV provider's layout (`<TICKER>.csv`, a
 * `date,close` header, one row per day): `closesFolder({ "AAA.csv": ["2026-06-30,110"] })`. Each test file
 * removes the ones it made with `removeClosesFolders()` in its afterAll.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

export function closesFolder(files: Record<string, string[]>): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-closes-"));
  made.push(dir);
  for (const [name, rows] of Object.entries(files)) writeFileSync(join(dir, name), `date,close\n${rows.join("\n")}\n`);
  return dir;
}

export function removeClosesFolders(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
