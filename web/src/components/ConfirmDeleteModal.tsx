import { Modal } from "./Modal.tsx";

interface ConfirmDeleteModalProps {
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDeleteModal({ name, busy, onConfirm, onCancel }: ConfirmDeleteModalProps) {
  return (
    <Modal title="Delete portfolio?" onClose={onCancel}>
      <p>“{name}” and its assets will be deleted. This cannot be undone.</p>
      <div className="modal-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={onConfirm} disabled={busy}>
          Confirm delete
        </button>
      </div>
    </Modal>
  );
}
