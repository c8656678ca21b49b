import { type FormEvent, useId, useState } from "react";
import { errorMessage, isNoUser } from "../../app/api.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { Modal } from "../../components/Modal.tsx";
import { showSuccess } from "../toasts/toastsSlice.ts";
import { PORTFOLIO_NAME_MAX } from "./NewPortfolioModal.tsx";
import { useRenamePortfolioMutation } from "./portfolioApi.ts";
import { portfolioRenamed } from "./portfolioSlice.ts";
import { refreshPortfolio } from "./portfolioThunks.ts";

/**
 * The owner renames the portfolio (POST /v1/update/portfolioname/{slug}): its own revision, like the
 * settings, so unsaved edits are saved first. A copy ("Copy of …") is renamed here.
 */
export function RenamePortfolioModal({ slug, name, onClose }: { slug: string; name: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const hasChanges = useAppSelector((s) => s.portfolio.hasChanges);
  const [rename, { isLoading }] = useRenamePortfolioMutation();
  const [text, setText] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { input: useId(), error: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (!next) return setProblem("The portfolio name must not be empty");
    if (next.length > PORTFOLIO_NAME_MAX) return setProblem(`Portfolio name must be at most ${PORTFOLIO_NAME_MAX} characters`);
    if (next === name) return onClose();
    const result = await rename({ slug, newPortfolioName: next });
    if (result.error) {
      if (!isNoUser(result.error)) setProblem(errorMessage(result.error, Messages.somethingWrong));
      return;
    }
    dispatch(portfolioRenamed(next));
    dispatch(showSuccess(Messages.settingsUpdated));
    void dispatch(refreshPortfolio());
    onClose();
  };

  return (
    <Modal title="Rename portfolio" onClose={onClose}>
      <form onSubmit={submit} className="form" noValidate>
        <label htmlFor={ids.input}>Portfolio name</label>
        <input
          id={ids.input}
          value={text}
          maxLength={PORTFOLIO_NAME_MAX}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.error : undefined}
          onChange={(e) => {
            setProblem(null);
            setText(e.target.value);
          }}
          onFocus={(e) => e.currentTarget.select()}
          autoFocus
        />
        {hasChanges && <p className="muted">Save your changes first: the name is saved on its own.</p>}
        {problem && (
          <p id={ids.error} className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={isLoading || hasChanges || !text.trim()}>
            Rename
          </button>
        </div>
      </form>
    </Modal>
  );
}
