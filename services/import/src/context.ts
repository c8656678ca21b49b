/** What the import service's routes and jobs share: its deps, settings, uploads, records and helpers. */
import type { ServiceDeps } from "@folio/platform/service";
import { PricingQueries } from "@folio/pricing/client";
import { type ImportSettings, importSettings } from "./config.ts";
import { type FileTasks, fileTasks } from "./file-import.ts";
import { OcrEngine } from "./ocr/engine.ts";
import { pricingResolver, pricingSearch, type Resolve } from "./resolve.ts";
import type { ScreenshotReader, Search } from "./screenshot.ts";
import { type Mappings, mappings, type Screenshots, type Slots, screenshots, slots } from "./store.ts";
import { Uploads } from "./uploads.ts";

export interface ImportOptions {
  /** the OCR engine; tests may give a reader of their own (OCR takes a core for seconds) */
  reader?: ScreenshotReader & { close?: () => Promise<void> };
  /** name → ticker; default: the pricing service's search */
  resolve?: Resolve;
  /** reads uploads of broker files; default: the built app's file threads (in place under the sources) */
  files?: FileTasks;
  /** the screenshot rows' checks; default: the pricing service's search */
  search?: Search;
}

export interface ImportContext {
  deps: ServiceDeps;
  settings: ImportSettings;
  uploads: Uploads;
  screenshots: Screenshots;
  /** column mappings users saved for their CSV layouts */
  mappings: Mappings;
  /** each user's slots for screenshots being read (limits.ts) */
  slots: Slots;
  /** reads uploads of broker files (file-import.ts): on the file threads, or in place under the sources */
  files: FileTasks;
  resolve: Resolve;
  search: Search;
  /** the OCR reader, started on first use (loading the model costs about a second) */
  reader(): ScreenshotReader;
  close(): Promise<void>;
}

export function importContext(deps: ServiceDeps, options: ImportOptions = {}): ImportContext {
  const pricing = new PricingQueries(deps.services);
  let engine: (ScreenshotReader & { close?: () => Promise<void> }) | null = options.reader ?? null;
  return {
    deps,
    settings: importSettings(deps.config),
    uploads: new Uploads(deps.blobs.bucket("uploads")),
    screenshots: screenshots(deps.store),
    mappings: mappings(deps.store),
    slots: slots(deps.store),
    files: options.files ?? fileTasks(deps.config.env),
    resolve: options.resolve ?? pricingResolver(pricing, deps.log),
    search: options.search ?? pricingSearch(pricing, deps.log),
    reader() {
      engine ??= new OcrEngine();
      return engine;
    },
    async close() {
      await engine?.close?.();
      await this.files.close();
    },
  };
}
