/**
 * Import: screenshot OCR (tesseract.js on the queue) and broker CSV import arrive with the import issue.
 * Until then the service starts, reports health and serves nothing.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";

export function createImportService(_deps: ServiceDeps): ServiceModule {
  return { name: "import", routes: async () => {} };
}
