/**
 * The billing service's queries as other services ask them (ARCHITECTURE.md "Data ownership"): the
 * caller's plan and the plans on offer, over the internal ServiceClient (HTTP in the cluster, inject in the
 * embedded app) on the user's own ID token, with the reply checked against proto before anyone reads it.
 * The package's public surface for other services (`@folio/billing/client`).
 */

import { lazyCheck } from "@folio/platform/check";
import { type ServiceClient, ServiceUnavailableError } from "@folio/platform/internal";
import { PlanReply } from "@folio/proto/billing";

export type { PlanReply };

/** Billing could not answer now (down, unreachable, a 5xx, or a reply that is not a plan). */
export class BillingUnavailable extends Error {
  constructor(detail: string) {
    super(`billing could not answer: ${detail}`);
    this.name = "BillingUnavailable";
  }
}

const planReply = lazyCheck(PlanReply);

export class BillingQueries {
  constructor(private readonly services: ServiceClient) {}

  /** GET /v1/billing/plan for the user whose ID token this is. */
  async planOf(idToken: string): Promise<PlanReply> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await this.services.call<unknown>("billing", { method: "GET", path: "/v1/billing/plan", token: idToken }));
    } catch (err) {
      throw new BillingUnavailable(err instanceof ServiceUnavailableError ? err.message : String(err));
    }
    if (status === 200 && planReply.Check(body)) return body;
    throw new BillingUnavailable(status === 200 ? "the reply is not a plan" : `HTTP ${status}`);
  }
}
