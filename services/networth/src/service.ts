/**
 * Net worth: each user's net worth (Σ market value of their non-playground portfolios) recomputed by queue
 * jobs after their portfolios change and after price ticks of what they hold, published as
 * networth.calculated; its weekly history; and the biggest movers among their holdings. It keeps a read
 * model of each user's portfolios and of who holds which ticker, fed by portfolio events, and asks the
 * pricing service for prices.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { currencyConsumer, portfolioConsumer, priceConsumer } from "./consumers.ts";
import { networthContext } from "./context.ts";
import { networthJobs } from "./jobs.ts";
import { networthRoutes } from "./routes.ts";

export function createNetworthService(deps: ServiceDeps): ServiceModule {
  const ctx = networthContext(deps);
  return {
    name: "networth",
    routes: networthRoutes(ctx),
    consumers: [portfolioConsumer(ctx), priceConsumer(ctx), currencyConsumer(ctx)],
    jobs: networthJobs(ctx),
  };
}
