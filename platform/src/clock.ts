/**
 * Time comes from here so tests of TTLs, debounce, polling, retries and refresh never sleep: the clock tells
 * the time and runs timers, and a test's ManualClock moves both by hand.
 */
export interface Clock {
  now(): number;
  /** Runs `fn` once `ms` have passed on this clock; returns a function that cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    // a timer alone never keeps the process alive: servers, sockets and work in flight do
    const timer = setTimeout(fn, Math.max(0, ms));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/** A clock tests move by hand: advance() runs every timer that falls due, in time order, as it goes. */
export class ManualClock implements Clock {
  private timers: Timer[] = [];
  private seq = 0;

  constructor(private current = Date.UTC(2026, 0, 2, 12, 0, 0)) {}

  now(): number {
    return this.current;
  }

  after(ms: number, fn: () => void): () => void {
    const timer: Timer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves to `ms`; a move forward runs the timers due by then, each at its own time. */
  set(ms: number): void {
    if (ms <= this.current) {
      this.current = ms;
      return;
    }
    for (;;) {
      const due = this.timers.filter((t) => t.at <= ms).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = ms;
  }

  advance(ms: number): void {
    this.set(this.current + ms);
  }

  /** Timers waiting to run (tests check that nothing was left scheduled). */
  get pending(): number {
    return this.timers.length;
  }
}
