/**
 * The events billing consumes: every new account becomes a customer on the free plan (account.registered),
 * so plan look-ups have a record to read.
 */
import { type Consumer, consumer, type Event } from "@folio/platform/events";
import { handleOnce } from "@folio/platform/inbox";
import { customerWrite } from "./billing.ts";
import type { BillingContext } from "./context.ts";
import { type Customer, FREE_PLAN } from "./store.ts";

export function billingConsumers(ctx: BillingContext): Consumer[] {
  const { deps, customers: db } = ctx;
  // a checkout or webhook may have created the record first (a webhook without the e-mail): the checked
  // write never overwrites their change; a conflict reads and decides again (handleOnce)
  const onAccountRegistered = (event: Event<"account.registered">) =>
    handleOnce(deps.store, "billing.customers", event, async () => {
      const { uid, email } = event.payload;
      const current = await db.get(uid);
      if (current?.email) return [];
      const next: Customer = current ? { ...current, email } : { _id: uid, email, plan: FREE_PLAN, since: event.occurredAt };
      return [customerWrite(next, current)];
    });
  return [consumer(["account.registered"], onAccountRegistered)];
}
