/**
 * `npm run fetch-market-data`: writes the market-data folder (MARKET_DATA_DIR, by default
 * ../shared/market-data: scripts/market-data/location.ts) from the public sources listed in manifest.json:
 * each file is downloaded from its repository at the pinned commit, derived as the manifest says (rows in a
 * date range, columns, header, line ends) and checked against the SHA-256 the manifest records, so the
 * folder is byte for byte the one the tests were written against. A file already there with the right hash
 * is kept; a download or hash that does not match fails the run, naming the file.
 *
 *   node --import tsx scripts/market-data/fetch.ts [--dir <folder>] [--source-url <base>] [--if-missing]
 *
 * `--source-url` replaces https://raw.githubusercontent.com (a mirror, or a local server in tests).
 * `--if-missing` does nothing when the folder is already there (.ci/run: a machine that has it needs no
 * network, whatever its copy's age).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { marketDataAvailable, marketDataDir } from "./location.ts";

export interface Transform {
  /** keep these columns, named by the source's header, in this order */
  columns?: string[];
  /** replaces the header line */
  header?: string;
  /** keep data rows whose first column (an ISO date) is within [from, to] */
  from?: string;
  to?: string;
  /** drop this many rows at the end */
  dropLast?: number;
  eol: "lf" | "crlf";
}

export interface ManifestFile {
  file: string;
  repo?: string;
  commit?: string;
  path?: string;
  transform?: Transform;
  /** lines written as they are (split events: facts, not downloads) */
  content?: string[];
  sha256: string;
}

export const DEFAULT_SOURCE_URL = "https://raw.githubusercontent.com";

export function readManifest(): ManifestFile[] {
  return (JSON.parse(readFileSync(join(import.meta.dirname, "manifest.json"), "utf8")) as { files: ManifestFile[] }).files;
}

/** A source file as the folder has it. */
export function derive(source: string, t: Transform): string {
  const lines = source.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  let [header = "", ...rows] = lines;
  if (t.columns) {
    const names = header.split(",");
    const picks = t.columns.map((c) => {
      const i = names.indexOf(c);
      if (i === -1) throw new Error(`column '${c}' not in the source's header '${header}'`);
      return i;
    });
    const pick = (line: string) => {
      const cells = line.split(",");
      return picks.map((i) => cells[i] ?? "").join(",");
    };
    header = pick(header);
    rows = rows.map(pick);
  }
  if (t.header) header = t.header;
  if (t.from || t.to) {
    rows = rows.filter((row) => {
      const date = row.slice(0, row.indexOf(","));
      return (!t.from || date >= t.from) && (!t.to || date <= t.to);
    });
  }
  if (t.dropLast) rows = rows.slice(0, Math.max(0, rows.length - t.dropLast));
  const eol = t.eol === "crlf" ? "\r\n" : "\n";
  return [header, ...rows].map((line) => line + eol).join("");
}

const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

export interface FetchOptions {
  dir?: string;
  sourceUrl?: string;
  files?: ManifestFile[];
  log?: (line: string) => void;
}

/** Writes every file of the manifest that is missing or different; returns the names written. */
export async function fetchMarketData(options: FetchOptions = {}): Promise<string[]> {
  const dir = options.dir ?? marketDataDir();
  const base = (options.sourceUrl ?? DEFAULT_SOURCE_URL).replace(/\/$/, "");
  const log = options.log ?? console.log;
  const written: string[] = [];
  for (const entry of options.files ?? readManifest()) {
    const target = join(dir, entry.file);
    if (existsSync(target) && sha256(readFileSync(target)) === entry.sha256) continue;
    let text: string;
    if (entry.content) {
      text = entry.content.map((line) => `${line}\n`).join("");
    } else {
      const url = `${base}/${entry.repo}/${entry.commit}/${entry.path}`;
      const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new Error(`${entry.file}: ${url} answered HTTP ${res.status}`);
      text = derive(await res.text(), entry.transform ?? { eol: "lf" });
    }
    const got = sha256(text);
    if (got !== entry.sha256) {
      throw new Error(`${entry.file}: derived file has SHA-256 ${got}, the manifest expects ${entry.sha256} (has the source changed?)`);
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(`${target}.part`, text);
    renameSync(`${target}.part`, target);
    written.push(entry.file);
  }
  log(
    `market data in ${dir}: ${written.length} file(s) written, ${(options.files ?? readManifest()).length - written.length} already there`,
  );
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const dir = arg("--dir") ?? marketDataDir();
  try {
    if (process.argv.includes("--if-missing") && marketDataAvailable(dir)) console.log(`market data in ${dir}: already there`);
    else await fetchMarketData({ dir, sourceUrl: arg("--source-url") });
  } catch (err) {
    console.error(`fetch-market-data: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
