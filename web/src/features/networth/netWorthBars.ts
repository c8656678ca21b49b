import type { NetWorthHistoryEntry } from "@folio/proto/networth";

export interface NetWorthBar {
  label: string;
  value: number;
}

export const NOW_LABEL = "Now";

function weekLabel({ year, week }: NetWorthHistoryEntry): string {
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/**
 * One bar per ISO week, oldest first; the last (the current week, per the contract) is labelled 'Now'.
 * A current value fresher than the history (just computed on the net-worth view) replaces that last bar,
 * or is the only bar while the history is still empty.
 */
export function netWorthBars(history: readonly NetWorthHistoryEntry[], current?: number | null): NetWorthBar[] {
  const bars = [...history]
    .sort((a, b) => a.year - b.year || a.week - b.week)
    .map((entry) => ({ label: weekLabel(entry), value: entry.data.networth }));
  const last = bars.at(-1);
  if (last) {
    last.label = NOW_LABEL;
    if (typeof current === "number") last.value = current;
  } else if (typeof current === "number") {
    bars.push({ label: NOW_LABEL, value: current });
  }
  return bars;
}
