/**
 * The import service on a test app beside the real pricing routes (names resolved through the typed pricing
 * client, pricing reading the real market-data folder), uploads under a fresh temporary DATA_DIR, and
 * multipart bodies built with the platform's FormData. OCR is a scripted reader unless a test asks for the
 * real engine (it takes a core for seconds: one test does).
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { App } from "@folio/platform/http/server";
import type { ServiceModule } from "@folio/platform/service";
import { bearer, buildTestApp, createTestDeps, forService, type TestDeps, tokenFor } from "@folio/platform/testing";
import { createPricingService } from "@folio/pricing";
import type { LightMyRequestResponse } from "fastify";
import type { ImportOptions } from "../src/context.ts";
import type { OcrResult } from "../src/ocr/engine.ts";
import { createImportService } from "../src/service.ts";

export const MARKET_DATA = process.env.TEST_MARKET_DATA_DIR || resolve(import.meta.dirname, "../../../../shared/market-data");
export const SAMPLES = process.env.IMPORT_SAMPLES_DIR ?? resolve(import.meta.dirname, "../../../../shared/import-samples");
export const SCREENSHOT = join(import.meta.dirname, "screenshots", "names-table-7600.png");

/** A reader that answers each read with the next scripted text (the last one repeats). */
export function scriptedReader(...texts: string[]): NonNullable<ImportOptions["reader"]> & { reads: number } {
  const reader = {
    reads: 0,
    async read(): Promise<OcrResult> {
      const text = texts[Math.min(reader.reads, texts.length - 1)];
      reader.reads++;
      // plain lines without word boxes, as text the reader gets from the /v1 route
      return { text, lines: text.split("\n").map((t) => ({ text: t, y0: 0, y1: 0 })) as unknown as OcrResult["lines"] };
    },
  };
  return reader;
}

export interface ImportHarness {
  deps: TestDeps;
  app: App;
  module: ServiceModule;
  dataDir: string;
  token(uid: string): string;
  startWorkers(): void;
  settle(): Promise<void>;
  /** a multipart POST of `bytes` in `field`, with extra text fields */
  upload(
    uid: string | null,
    url: string,
    field: string,
    bytes: Uint8Array,
    name?: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(uid: string | null, url: string): Promise<LightMyRequestResponse>;
  post(uid: string | null, url: string, payload: unknown): Promise<LightMyRequestResponse>;
  files(kind: "queue" | "manual"): string[];
  close(): Promise<void>;
}

export async function multipart(field: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(field, new Blob([bytes]), name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") as string };
}

export async function importHarness(
  env: Record<string, string> = {},
  options: ImportOptions & { workers?: boolean } = {},
): Promise<ImportHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), "folio-import-"));
  const deps = createTestDeps({ DATA_DIR: dataDir, MARKET_DATA_DIR: MARKET_DATA, MARKET_DATA_PROVIDERS: "csv", ...env });
  const pricing = createPricingService(forService(deps, "pricing"));
  // broker files are read in place (the built app's file threads: sourceFiles(), as the worker test passes)
  const module = createImportService(forService(deps, "import"), options);
  const app = await buildTestApp(deps, pricing.routes, module.routes);
  const tokens = new Map<string, string>();
  const token = (uid: string) => {
    if (!tokens.has(uid)) tokens.set(uid, tokenFor(app, { uid }));
    return tokens.get(uid) as string;
  };
  let working = false;
  const startWorkers = () => {
    if (working) return;
    working = true;
    for (const j of module.jobs ?? []) deps.queue.process(j.queue, j.handler, j.concurrency);
  };
  if (options.workers !== false) startWorkers();
  const auth = (uid: string | null) => (uid ? bearer(token(uid)) : {});
  return {
    deps,
    app,
    module,
    dataDir,
    token,
    startWorkers,
    settle: () => deps.queue.drain("import.screenshot"),
    async upload(uid, url, field, bytes, name = "file", fields = {}, headers = {}) {
      const { payload, contentType } = await multipart(field, bytes, name, fields);
      return app.inject({ method: "POST", url, payload, headers: { ...auth(uid), ...headers, "content-type": contentType } });
    },
    get: (uid, url) => app.inject({ method: "GET", url, headers: auth(uid) }),
    post: (uid, url, payload) => app.inject({ method: "POST", url, payload: payload as never, headers: auth(uid) }),
    files(kind) {
      try {
        return readdirSync(join(dataDir, "import-uploads", kind));
      } catch {
        return [];
      }
    },
    async close() {
      await module.stop?.();
      await app.close();
    },
  };
}

/** A PNG signature and IHDR declaring width × height, padded with zeros to `size` bytes. */
export function pngHeader(width: number, height: number, size = 64): Uint8Array {
  const b = new Uint8Array(Math.max(size, 33));
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(b.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return b;
}
