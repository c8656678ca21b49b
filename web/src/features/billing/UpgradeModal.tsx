import "./billing.css";
import { BillingMessages } from "@folio/proto/constants";
import { type ReactNode, useId, useState } from "react";
import { Modal } from "../../components/Modal.tsx";
import { offeredPlans, useGetPlanQuery, useGetPricesQuery } from "./billingApi.ts";
import { planLabel } from "./planPrice.ts";
import { useBillingRedirect } from "./useBillingRedirect.ts";

const connections = (n: number) => `${n} brokerage ${n === 1 ? "connection" : "connections"}`;

/**
 * The upgrade modal (spec §2): why an upgrade is needed (`message`, e.g. the brokerage connection limit),
 * what the paid plan allows, and the way to Stripe Checkout. With several plans on offer the user picks one.
 */
export function UpgradeModal({ message, onClose }: { message: string; onClose: () => void }) {
  const { data: plan, isLoading, isError } = useGetPlanQuery(undefined, { refetchOnMountOrArgChange: true });
  const prices = useGetPricesQuery(undefined, { skip: !plan?.configured });
  const { upgrade, busy } = useBillingRedirect();
  const [chosen, setChosen] = useState<string | null>(null);
  const pickerId = useId();
  const priceId = chosen ?? plan?.plan_ids[0] ?? null;

  let body: ReactNode;
  if (isLoading) body = <p className="muted">Loading plans…</p>;
  else if (isError || !plan) body = <p role="alert">The plans could not be loaded. Please try again.</p>;
  else if (!plan.configured) body = <p className="muted">{BillingMessages.notConfigured}</p>;
  else if (plan.plan !== "free") body = <p>You already have the {plan.plan} plan.</p>;
  else
    body = (
      <>
        <p>
          The paid plan allows {connections(plan.paidMaxConnections)}; you now have {connections(plan.maxConnections)}.
        </p>
        {plan.plan_ids.length === 1 && prices.data && <p>{planLabel(offeredPlans(plan.plan_ids, prices.data.prices)[0]!)}</p>}
        {plan.plan_ids.length > 1 && (
          <>
            <label htmlFor={pickerId}>Plan</label>
            <select id={pickerId} value={priceId ?? ""} onChange={(e) => setChosen(e.target.value)}>
              {offeredPlans(plan.plan_ids, prices.data?.prices).map((offer) => (
                <option key={offer.id} value={offer.id}>
                  {planLabel(offer)}
                </option>
              ))}
            </select>
          </>
        )}
        <div className="modal-actions">
          <button type="button" className="button primary" disabled={busy || !priceId} onClick={() => priceId && void upgrade(priceId)}>
            Upgrade
          </button>
        </div>
      </>
    );

  return (
    <Modal title="Upgrade" onClose={onClose}>
      <div className="upgrade">
        <p className="upgrade-message">{message}</p>
        {body}
      </div>
    </Modal>
  );
}
