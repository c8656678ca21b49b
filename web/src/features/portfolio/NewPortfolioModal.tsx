import { type FormEvent, useId, useState } from "react";
import { Modal } from "../../components/Modal.tsx";

interface NewPortfolioModalProps {
  busy: boolean;
  onCreate: (name: string) => void;
  onCancel: () => void;
}

/** Asks for the name of a portfolio about to be created (spec §4: message showPopup). */
export function NewPortfolioModal({ busy, onCreate, onCancel }: NewPortfolioModalProps) {
  const [name, setName] = useState("");
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onCreate(name.trim());
  };
  return (
    <Modal title="New portfolio" onClose={onCancel}>
      <form onSubmit={submit} className="form">
        <label htmlFor={inputId}>Portfolio name</label>
        <input id={inputId} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoFocus />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy || !name.trim()}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}
