/**
 * What brokerage publishes: brokerage.holdings.imported, keyed by the owner's uid, in the same commit as the
 * connection change it reports (the outbox). It consumes billing.plan.changed (service.ts) for the limit.
 */
import { type EventPayload, publishOp } from "@folio/platform/events";
import type { WriteOp } from "@folio/platform/store/port";
import { PLAID_PROVIDER } from "@folio/proto/brokerage";
import type { ImportedAccount } from "./domain/holdings.ts";
import type { ConnectionDoc } from "./store.ts";

export function holdingsImported(c: ConnectionDoc, accounts: ImportedAccount[], sync: boolean, now: number): WriteOp {
  const payload: EventPayload<"brokerage.holdings.imported"> = {
    uid: c.uid,
    connectionId: c._id,
    provider: PLAID_PROVIDER,
    institution: c.institutionName,
    sync,
    accounts,
  };
  return publishOp("brokerage.holdings.imported", c.uid, payload, now);
}
