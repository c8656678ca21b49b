/**
 * Net worth: each user's net worth (Σ market value of their non-playground portfolios, as each one's latest
 * valuation gives it) recomputed by a queue job after their portfolios change or are valued again,
 * published as networth.calculated; its weekly history; and the biggest movers among their holdings. It
 * keeps a read model of each user's portfolios and their figures, fed by portfolio events, and asks the
 * pricing service only for the movers' monthly closes.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { currencyConsumer, portfolioConsumer } from "./consumers.ts";
import { networthContext } from "./context.ts";
import { networthJobs } from "./jobs.ts";
import { networthRoutes } from "./routes.ts";

export function createNetworthService(deps: ServiceDeps): ServiceModule {
  const ctx = networthContext(deps);
  return {
    name: "networth",
    routes: networthRoutes(ctx),
    consumers: [portfolioConsumer(ctx), currencyConsumer(ctx)],
    jobs: networthJobs(ctx),
  };
}
