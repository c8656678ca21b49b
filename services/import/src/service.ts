/**
 * Import: portfolios from screenshots (read on the server with tesseract.js in the `import.screenshot` queue
 * job, with progress the web polls), from recognised text, from broker files (parsed in memory), and
 * screenshots sent for manual processing (kept under DATA_DIR, announced by e-mail). Names become tickers
 * through the pricing service's search. The rows go back to the web's import table; the portfolio itself
 * is created by the portfolio service when the user confirms them.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { type ImportOptions, importContext } from "./context.ts";
import { importJobs, SWEEP_EVERY_MS, SWEEP_QUEUE } from "./jobs.ts";
import { importRoutes } from "./routes.ts";

export function createImportService(deps: ServiceDeps, options: ImportOptions = {}): ServiceModule {
  const ctx = importContext(deps, options);
  return {
    name: "import",
    routes: importRoutes(ctx),
    jobs: importJobs(ctx),
    start: () => deps.jobs.repeat(SWEEP_QUEUE, {}, SWEEP_EVERY_MS, "import-sweep"),
    stop: () => ctx.close(),
  };
}
