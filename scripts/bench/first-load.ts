/**
 * Bytes of JavaScript a browser downloads on the first load of `/`: index.html's module scripts and module
 * preloads, as sent over the wire with `Accept-Encoding: br`, `gzip` and none. Against the URL given as
 * the first argument (a running Folio), else a fresh embedded app serving the current web build.
 *   node --import tsx scripts/bench/first-load.ts [http://localhost:8080]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startApp } from "../../test/support/app-process.ts";

interface Sent {
  status: number;
  encoding: string;
  bytes: Buffer;
}

/** The body exactly as sent (node:http does not decompress, unlike fetch). */
function get(url: string, acceptEncoding: string): Promise<Sent> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        done({ status: res.statusCode ?? 0, encoding: String(res.headers["content-encoding"] ?? "none"), bytes: Buffer.concat(chunks) }),
      );
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

/** The JavaScript index.html makes the browser fetch at once: module scripts and module preloads. */
export function firstLoadScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] as string);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1] as string);
  return [...new Set([...scripts, ...preloads])];
}

export async function measureFirstLoad(base: string) {
  const index = await get(`${base}/`, "");
  if (index.status !== 200) throw new Error(`GET / answered ${index.status}`);
  const scripts = firstLoadScripts(index.bytes.toString("utf8"));
  const totals: Record<string, number> = {};
  for (const [name, header] of [
    ["brotli", "br"],
    ["gzip", "gzip"],
    ["uncompressed", ""],
  ] as const) {
    let sum = 0;
    for (const path of scripts) {
      const sent = await get(new URL(path, base).href, header);
      if (sent.status !== 200) throw new Error(`GET ${path} answered ${sent.status}`);
      const expected = header || "none";
      if (sent.encoding !== expected) throw new Error(`GET ${path} with Accept-Encoding '${header}' came as ${sent.encoding}`);
      sum += sent.bytes.length;
    }
    totals[name] = sum;
  }
  return { scripts, totals };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export async function firstLoadBench(url?: string) {
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  const dir = mkdtempSync(join(tmpdir(), "folio-bench-"));
  try {
    if (!url) app = await startApp({ DATA_DIR: dir, LOG_LEVEL: "warn" });
    const { scripts, totals } = await measureFirstLoad(url ?? (app as { url: string }).url);
    console.log(
      `first load of / (${scripts.length} JS files): ${kb(totals.brotli as number)} brotli, ${kb(totals.gzip as number)} gzip, ${kb(totals.uncompressed as number)} uncompressed`,
    );
  } finally {
    await app?.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await firstLoadBench(process.argv[2]);
