import type { NetWorthHistoryEntry } from "@folio/proto/networth";

export interface NetWorthBar {
  label: string;
  value: number;
  /** the currency `value` was computed in (the user's base currency that week) */
  currency: string;
}

export const NOW_LABEL = "Now";

function weekLabel({ year, week }: NetWorthHistoryEntry): string {
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/**
 * One bar per ISO week, oldest first, each in the currency its week was computed in (an entry from a server
 * that did not say it is in `currency`); the last (the current week, per the contract) is labelled 'Now'.
 * A current value fresher than the history (just computed on the net-worth view, in `currency`) replaces that
 * last bar, or is the only bar while the history is still empty.
 */
export function netWorthBars(history: readonly NetWorthHistoryEntry[], current?: number | null, currency = "USD"): NetWorthBar[] {
  const bars = [...history]
    .sort((a, b) => a.year - b.year || a.week - b.week)
    .map((entry) => ({ label: weekLabel(entry), value: entry.data.networth, currency: entry.currency ?? currency }));
  const last = bars.at(-1);
  if (last) {
    last.label = NOW_LABEL;
    if (typeof current === "number") Object.assign(last, { value: current, currency });
  } else if (typeof current === "number") {
    bars.push({ label: NOW_LABEL, value: current, currency });
  }
  return bars;
}

/** A run of consecutive weeks computed in another currency than the chart's. */
export interface OtherCurrencyRun {
  from: string;
  to: string;
  currency: string;
  /** the run's last value, in its currency */
  last: number;
}

/**
 * The weeks the chart in `currency` cannot draw: computed in another currency (before a base-currency change).
 * They are never relabelled or converted in the browser (docs/product-decisions.md "Net-worth history across a
 * base-currency change"); the chart leaves them out and says which they are.
 */
export function otherCurrencyRuns(bars: readonly NetWorthBar[], currency: string): OtherCurrencyRun[] {
  const runs: OtherCurrencyRun[] = [];
  let previous: NetWorthBar | undefined;
  for (const bar of bars) {
    if (bar.currency !== currency) {
      const run = runs.at(-1);
      if (run && previous?.currency === bar.currency) Object.assign(run, { to: bar.label, last: bar.value });
      else runs.push({ from: bar.label, to: bar.label, currency: bar.currency, last: bar.value });
    }
    previous = bar;
  }
  return runs;
}
