import "./billing.css";
import { BillingMessages } from "@folio/proto/constants";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { usePolling } from "../../lib/polling.ts";
import { offeredPlans, useGetPlanQuery, useGetPricesQuery } from "./billingApi.ts";
import { planLabel } from "./planPrice.ts";
import { UpgradeModal } from "./UpgradeModal.tsx";
import { useBillingRedirect } from "./useBillingRedirect.ts";

/** After paying, Stripe's webhook may land a moment after the browser returns: look again this often. */
export const CONFIRMATION_POLL_MS = 2000;

const connections = (n: number) => `${n} brokerage ${n === 1 ? "connection" : "connections"}`;

/** Settings' plan tab: the plan and what it allows, the plans on offer, upgrade (Checkout) and manage (portal). */
export function PlanTab() {
  const [params] = useSearchParams();
  const returnedFromCheckout = params.get("checkout") === "success";
  const [confirmed, setConfirmed] = useState(false);
  // back from Checkout: the plan is asked again until it shows the payment (lib/polling.ts)
  const { pollingInterval } = usePolling(returnedFromCheckout && !confirmed, { intervalMs: CONFIRMATION_POLL_MS });
  const { data: plan, isLoading, isError } = useGetPlanQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval });
  const prices = useGetPricesQuery(undefined, { skip: !plan?.configured });
  const { manage, busy } = useBillingRedirect();
  const [upgrading, setUpgrading] = useState(false);
  const paid = plan !== undefined && plan.plan !== "free";
  if (paid && !confirmed) setConfirmed(true);

  if (isLoading) return <p className="muted">Loading your plan…</p>;
  if (isError || !plan) return <p role="alert">Your plan could not be loaded. Please try again.</p>;
  return (
    <div className="plan-tab">
      <h2>Plan</h2>
      <p>
        Current plan: <strong className="plan-name">{plan.plan}</strong> ({connections(plan.maxConnections)})
      </p>
      {plan.status === "past_due" && (
        <p role="status">
          Your last payment failed. The plan stays while the payment is retried: update your payment method under Manage subscription.
        </p>
      )}
      {returnedFromCheckout && !paid && plan.configured && (
        <p role="status">Thank you! Your plan changes as soon as the payment is confirmed.</p>
      )}
      {!plan.configured ? (
        <p className="muted">{BillingMessages.notConfigured} Until then everyone is on the free plan.</p>
      ) : (
        <>
          <div>
            Plans on offer:
            <ul className="plan-prices">
              {offeredPlans(plan.plan_ids, prices.data?.prices).map((offer) => (
                <li key={offer.id}>{offer.known ? planLabel(offer) : prices.isLoading ? "Loading the price…" : planLabel(offer)}</li>
              ))}
            </ul>
          </div>
          <div className="plan-actions">
            {!paid && (
              <button type="button" className="button primary" onClick={() => setUpgrading(true)}>
                Upgrade
              </button>
            )}
            {plan.manageable && (
              <button type="button" className="button secondary" disabled={busy} onClick={() => void manage()}>
                Manage subscription
              </button>
            )}
          </div>
        </>
      )}
      {upgrading && (
        <UpgradeModal
          message={`Upgrade to connect up to ${plan.paidMaxConnections} brokerage accounts.`}
          onClose={() => setUpgrading(false)}
        />
      )}
    </div>
  );
}
