/**
 * The billing service's query as other services ask it (ARCHITECTURE.md "Data ownership"): the caller's plan
 * and the plans on offer, on the user's own ID token, through the call's contract (platform/src/internal.ts:
 * the one failure policy). The package's public surface for other services (`@folio/billing/client`).
 */
import { read, type ServiceClient } from "@folio/platform/internal";
import type { PlanReply } from "@folio/proto/billing";
import { BillingContracts } from "@folio/proto/contracts/billing";

export type { PlanReply };

export class BillingQueries {
  constructor(private readonly services: ServiceClient) {}

  /** The plan of the user whose ID token this is; ServiceUnavailableError while billing cannot say it. */
  planOf(idToken: string): Promise<PlanReply> {
    return read(this.services, BillingContracts.plan, { token: idToken });
  }
}
