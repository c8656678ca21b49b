import type { Collection, Store } from "@folio/platform/store/port";
import type { ConnectionStatus } from "@folio/proto/brokerage";

/** The spec's plan rule: one connected brokerage account on the current (free) plan. */
export const DEFAULT_MAX_CONNECTIONS = 1;

export interface ConnectionLimit {
  _id: string;
  _v?: number;
  plan: string;
  maxConnections: number;
}

export const connectionLimits = (store: Store) => store.collection<ConnectionLimit>("brokerage_limits");

export const CONNECTIONS = "brokerage_connections";

/** One Plaid Item of one user. The id is ours (random), so Plaid's ids never appear in a URL. */
export interface ConnectionDoc {
  _id: string;
  _v?: number;
  uid: string;
  /** Plaid's item_id (unique: one item is one connection) */
  itemId: string;
  institutionId: string | null;
  institutionName: string;
  /** the access token, encrypted (token-crypto.ts); never in a reply or a log */
  accessToken: string;
  status: ConnectionStatus;
  /** the investment accounts, as Plaid names them */
  accounts: { id: string; name: string; mask: string | null }[];
  createdAt: string;
  lastSynced: string | null;
}

export function connections(store: Store): Collection<ConnectionDoc> {
  return store.collection<ConnectionDoc>(CONNECTIONS, [{ fields: ["uid"] }, { fields: ["itemId"], unique: true }]);
}
