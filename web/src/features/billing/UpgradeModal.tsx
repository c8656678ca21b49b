import { Link } from "react-router-dom";
import { Modal } from "../../components/Modal.tsx";

/** Spec §2: the upgrade modal, with the message that says why an upgrade is needed. */
export function UpgradeModal({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Modal title="Upgrade your plan" onClose={onClose}>
      <p>{message}</p>
      <div className="modal-actions">
        <button type="button" className="button secondary" onClick={onClose}>
          Not now
        </button>
        <Link to="/settings?t=plan" className="button primary" onClick={onClose}>
          See plans
        </Link>
      </div>
    </Modal>
  );
}
