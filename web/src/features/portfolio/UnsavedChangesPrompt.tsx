import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router-dom";
import { useAppDispatch, useAppStore } from "../../app/hooks.ts";
import { Modal } from "../../components/Modal.tsx";
import { portfolioCleared } from "./portfolioSlice.ts";

interface UnsavedChangesProps {
  /** the owner's portfolio is on screen: only then can there be edits of theirs to lose */
  active: boolean;
  /** saves the portfolio; undefined where a save needs more (a new portfolio asks for its name) */
  onSave?: () => Promise<void>;
}

/**
 * No silent loss: leaving a portfolio that has unsaved edits (autosave off, or before its 3 s have passed)
 * asks first, inside the app (another page) and outside it (closing the tab, reloading: the browser's own
 * question). The edits are read from the store when the user leaves, not from a render, so a save that has
 * just finished lets them go without a question. `allowLeaving()` lets one navigation through (after a
 * delete, the portfolio is gone and its edits with it).
 */
export function useUnsavedChangesPrompt({ active, onSave }: UnsavedChangesProps) {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const allowed = useRef(false);
  const unsaved = useCallback(() => active && !allowed.current && store.getState().portfolio.hasChanges, [active, store]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && unsaved());

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      // older browsers show the question only when returnValue is set
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsaved]);

  const prompt =
    blocker.state === "blocked" ? (
      <Modal title="Leave without saving?" onClose={() => blocker.reset()}>
        <p>This portfolio has changes that are not saved yet. If you leave now, they are lost.</p>
        <div className="modal-actions leave-actions">
          <button type="button" className="button secondary" onClick={() => blocker.reset()}>
            Stay
          </button>
          <button
            type="button"
            className="button danger-outline"
            onClick={() => {
              dispatch(portfolioCleared());
              blocker.proceed();
            }}
          >
            Leave without saving
          </button>
          {onSave && (
            <button
              type="button"
              className="button primary"
              onClick={async () => {
                await onSave();
                if (store.getState().portfolio.hasChanges) blocker.reset();
                else blocker.proceed();
              }}
            >
              Save and leave
            </button>
          )}
        </div>
      </Modal>
    ) : null;

  return {
    prompt,
    allowLeaving: () => {
      allowed.current = true;
    },
  };
}
