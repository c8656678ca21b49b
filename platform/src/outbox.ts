/**
 * Relays committed outbox events to the bus: at once after a commit that published (the store's onCommit),
 * and on a timer for what an earlier attempt left behind (bus down, process restarted). Events go out in seq
 * order and are marked relayed only after the bus accepted them, so a failure anywhere re-sends rather than
 * loses: delivery is at-least-once, and consumers de-duplicate through the inbox. A relay reads only the events
 * its process's services published (`sources`), so processes that share a store (one DATA_DIR for several
 * services) do not send each other's events again; replicas of one service may relay the same outbox, which
 * only adds duplicates.
 */
import type { Bus } from "./bus/port.ts";
import { createLogger, type Logger } from "./log.ts";
import type { Store } from "./store/port.ts";

export interface OutboxRelayOptions {
  log?: Logger;
  /** how often to look for pending events; default 200 ms */
  intervalMs?: number;
  /** events per read and per bus publish; default 100 */
  batchSize?: number;
  /** the services whose events this relay sends (the store's publish `source`); default every event */
  sources?: readonly string[];
}

/** During an outage, one warning per this many failed attempts (about every 10 s at the default interval). */
const WARN_EVERY = 50;

export class OutboxRelay {
  private readonly log: Logger;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly sources: readonly string[] | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** a flush was asked for while one ran: events committed since may not have been read yet */
  private again = false;
  private started = false;
  private listening = false;
  private failures = 0;

  constructor(
    private readonly store: Store,
    private readonly bus: Bus,
    options: OutboxRelayOptions = {},
  ) {
    this.log = options.log ?? createLogger("outbox");
    this.intervalMs = options.intervalMs ?? 200;
    this.batchSize = options.batchSize ?? 100;
    this.sources = options.sources;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    // The port has no way to remove a listener, so it is added once and ignored while stopped.
    if (!this.listening) {
      this.listening = true;
      this.store.onCommit(() => {
        if (this.started) void this.flush();
      });
    }
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
    void this.flush();
  }

  /** Waits for the flush in progress; events still pending stay in the outbox for the next start. */
  async stop(): Promise<void> {
    this.started = false;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * Relays everything pending. Never rejects: a failure is logged and the events stay pending. Calls made
   * while a flush runs share it, and it then reads once more, so what was committed before the call is
   * covered when the promise resolves (unless the bus failed).
   */
  flush(): Promise<void> {
    this.again = true;
    if (!this.running) {
      this.running = (async () => {
        try {
          while (this.again) {
            this.again = false;
            if (!(await this.relayPending())) break;
          }
        } finally {
          this.running = undefined;
        }
      })();
    }
    return this.running;
  }

  /** false when an attempt failed: retrying at once would only spin, the timer retries. */
  private async relayPending(): Promise<boolean> {
    try {
      for (;;) {
        const entries = await this.store.pendingEvents(this.batchSize, this.sources);
        if (entries.length === 0) break;
        await this.bus.publish(entries.map((e) => e.event));
        await this.store.markRelayed(entries.map((e) => e.seq));
        if (entries.length < this.batchSize) break;
      }
      if (this.failures > 0) this.log.info({ failedAttempts: this.failures }, "outbox relay recovered");
      this.failures = 0;
      return true;
    } catch (err) {
      this.again = false;
      if (this.failures % WARN_EVERY === 0) {
        this.log.warn({ err, failedAttempts: this.failures + 1 }, "outbox relay failed; events stay pending and will be retried");
      }
      this.failures++;
      return false;
    }
  }
}
