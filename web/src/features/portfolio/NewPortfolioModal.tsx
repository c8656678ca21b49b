import { type FormEvent, useId, useState } from "react";
import { Modal } from "../../components/Modal.tsx";

/** The longest portfolio name the server takes (proto RenameBody, SaveBody), said in its words. */
export const PORTFOLIO_NAME_MAX = 100;

interface NewPortfolioModalProps {
  busy: boolean;
  onCreate: (name: string) => void;
  onCancel: () => void;
  /** the name of the portfolio being copied: the window says so and offers "Copy of …" */
  copyOf?: string | undefined;
}

/**
 * Asks for the name of a portfolio about to be created (spec §4: message showPopup). A copy of someone
 * else's portfolio starts as "Copy of <its name>", all selected so typing replaces it; the owner can rename
 * it later on its page.
 */
export function NewPortfolioModal({ busy, onCreate, onCancel, copyOf }: NewPortfolioModalProps) {
  const [name, setName] = useState(() => (copyOf ? `Copy of ${copyOf}`.slice(0, PORTFOLIO_NAME_MAX) : ""));
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onCreate(name.trim());
  };
  return (
    <Modal title={copyOf ? "Copy portfolio" : "New portfolio"} onClose={onCancel}>
      <form onSubmit={submit} className="form">
        {copyOf && <p className="muted">Your copy is a portfolio of your own: private until you share it, and yours to change.</p>}
        <label htmlFor={inputId}>Portfolio name</label>
        <input
          id={inputId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onFocus={(e) => e.currentTarget.select()}
          maxLength={PORTFOLIO_NAME_MAX}
          autoFocus
        />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy || !name.trim()}>
            {copyOf ? "Copy" : "Create"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
