/**
 * The portfolio service's configuration: its variables, declared once (docs/configuration.md is written from
 * this schema) and read with the platform's rule: a bad value stops the start naming the variable.
 */
import type { Config } from "@folio/platform/config";
import { Env, environment, readEnv } from "@folio/platform/env";
import { PLAYGROUND_PER_MINUTE } from "@folio/proto/playground";

export const PortfolioEnvironment = environment("Portfolios", "Read by the portfolio service.", {
  RATE_LIMIT_PLAYGROUND_PER_MINUTE: Env.integer({
    default: PLAYGROUND_PER_MINUTE,
    minimum: 1,
    maximum: 1_000_000,
    description: "Visitors' playground: draft valuations per client address and minute.",
  }),
  VALUATION_THREADS: Env.integer({
    default: 1,
    minimum: 1,
    maximum: 64,
    description:
      "Worker threads valuing portfolios and playground drafts (the built app; under the sources the task runs in place). They run at a lower priority than the event loop (nice +10 on Linux), so a large valuation never holds a read.",
  }),
  VALUATION_QUEUE: Env.integer({
    default: 64,
    minimum: 1,
    maximum: 100_000,
    description: "Valuations that may wait for a thread; past it a request that needs one answers 503 with `Retry-After`.",
  }),
});

export interface PortfolioConfig {
  /** playground valuations per client address and minute */
  playgroundPerMinute: number;
}

export function portfolioConfig(config: Config): PortfolioConfig {
  const env = readEnv(PortfolioEnvironment, config.env);
  return { playgroundPerMinute: env.RATE_LIMIT_PLAYGROUND_PER_MINUTE };
}
