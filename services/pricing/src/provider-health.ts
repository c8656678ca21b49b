/**
 * Which market-data providers are answering. A remote provider that fails for want of an answer (no reply,
 * 5xx, 429 after its retries) is not asked again for a while: 30 s, doubling to at most 10 minutes while it
 * keeps failing. Its first failure is one warning; when the remote providers that were asked are all
 * failing (none has answered since), one plain message says so and how to run from a local price folder;
 * after that the log stays quiet until a provider answers again, which is said once too. Without internet,
 * a fresh start thus logs a few lines, not one per ticker and request.
 */
import type { Clock } from "@folio/platform/clock";
import type { Logger } from "@folio/platform/log";
import { type MarketDataProvider, UpstreamError } from "./providers/port.ts";

export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 10 * 60_000;

/** What to do about it, appended to the "no provider answers" message. */
export function offlineHint(dataDir: string | undefined): string {
  return dataDir
    ? `Tickers with files in MARKET_DATA_DIR (${dataDir}) are still priced from there.`
    : "To run without internet, set MARKET_DATA_DIR to a folder of price files, e.g. MARKET_DATA_DIR=../shared/market-data npm start (README: Market data).";
}

interface Failing {
  failures: number;
  /** epoch ms before which the provider is not asked */
  until: number;
  reason: string;
}

export class ProviderHealth {
  private readonly failing = new Map<string, Failing>();
  /** remote providers whose last answer was a good one */
  private readonly answering = new Set<string>();
  private announced = false;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly hint: string = offlineHint(undefined),
  ) {}

  /** False while a failing provider waits out its backoff: callers treat its tickers as failed without asking. */
  ready(provider: MarketDataProvider): boolean {
    const state = this.failing.get(provider.name);
    return !state || state.until <= this.clock.now();
  }

  /** The provider's last answer was an outage, and none has come back since (its backoff aside). */
  isFailing(provider: MarketDataProvider): boolean {
    return this.failing.has(provider.name);
  }

  /** No remote provider is answering: at least one is failing and none has answered since. */
  get offline(): boolean {
    return this.failing.size > 0 && this.answering.size === 0;
  }

  /** True when the failure was an outage (and is now counted); other failures are the caller's to report. */
  failed(provider: MarketDataProvider, err: unknown): boolean {
    if (provider.local || !(err instanceof UpstreamError) || !err.outage) return false;
    this.answering.delete(provider.name);
    const before = this.failing.get(provider.name);
    // a request that was already on its way when the backoff began: the same outage, not a longer one
    if (before && before.until > this.clock.now()) return true;
    const failures = (before?.failures ?? 0) + 1;
    const wait = Math.min(FIRST_BACKOFF_MS * 2 ** (failures - 1), MAX_BACKOFF_MS);
    const reason = err.message.startsWith(`${provider.name}: `) ? err.message.slice(provider.name.length + 2) : err.message;
    this.failing.set(provider.name, { failures, until: this.clock.now() + wait, reason });
    if (failures === 1) this.log.warn({ provider: provider.name, err: err.message, retryInMs: wait }, "market data provider not answering");
    else this.log.debug({ provider: provider.name, err: err.message, retryInMs: wait }, "market data provider still not answering");
    return true;
  }

  /**
   * Says it once when no remote provider is answering. Called when a look-up has been through the chain:
   * a provider failing before a later one answers the same look-up is no reason to.
   */
  report(): void {
    if (!this.announced && this.offline) {
      this.announced = true;
      const reasons = [...this.failing].map(([name, state]) => `${name}: ${state.reason}`).join("; ");
      this.log.warn(
        `No market-data provider is answering (${reasons}). Prices show as their last good values, or as unavailable, ` +
          `until one answers; providers are asked again with backoff and this is not logged again. ${this.hint}`,
      );
    }
  }

  succeeded(provider: MarketDataProvider): void {
    if (provider.local) return;
    this.answering.add(provider.name);
    if (!this.failing.delete(provider.name)) return;
    this.announced = false;
    this.log.info({ provider: provider.name }, "market data provider answers again");
  }
}
