import type { Collection, Store, WriteOp } from "@folio/platform/store/port";
import type { ConnectionStatus } from "@folio/proto/brokerage";

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

/**
 * How many connections each user has, kept in the same commit as every connection added or removed and
 * written with a version check: two connections completing at once for one user cannot both pass the plan's
 * limit, because only one of their commits finds the count it read.
 */
export const SLOTS = "brokerage_slots";

export interface SlotDoc {
  _id: string;
  _v?: number;
  count: number;
}

export const slots = (store: Store) => store.collection<SlotDoc>(SLOTS);

/** The user's count now (from the connections when no count was kept yet) and the write that moves it by `delta`. */
export async function slotChange(store: Store, uid: string, delta: number): Promise<{ count: number; op: WriteOp }> {
  const slot = await slots(store).get(uid);
  const count = slot?.count ?? (await connections(store).count({ uid }));
  const doc: SlotDoc = { _id: uid, count: Math.max(0, count + delta) };
  return {
    count,
    op: slot ? { op: "replace", collection: SLOTS, doc, expectedVersion: slot._v } : { op: "insert", collection: SLOTS, doc },
  };
}
