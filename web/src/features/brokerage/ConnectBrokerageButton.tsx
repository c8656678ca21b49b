import "./brokerage.css";
import { UpgradeModal } from "../billing/UpgradeModal.tsx";
import { useConnectBrokerage } from "./useConnectBrokerage.ts";

/** "Connect brokerage": Plaid Link, then the imported portfolios (spec §4). */
export function ConnectBrokerageButton({ className = "button secondary" }: { className?: string }) {
  const { connect, busy, upgrade, closeUpgrade } = useConnectBrokerage();
  return (
    <>
      <button type="button" className={className} onClick={() => void connect()} disabled={busy} aria-busy={busy}>
        {busy ? "Connecting…" : "Connect brokerage"}
      </button>
      {upgrade && <UpgradeModal message={upgrade} onClose={closeUpgrade} />}
    </>
  );
}
