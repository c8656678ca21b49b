import type { Store } from "@folio/platform/store/port";

/** The spec's plan rule: one connected brokerage account on the current (free) plan. */
export const DEFAULT_MAX_CONNECTIONS = 1;

export interface ConnectionLimit {
  _id: string;
  _v?: number;
  plan: string;
  maxConnections: number;
}

export const connectionLimits = (store: Store) => store.collection<ConnectionLimit>("brokerage_limits");
