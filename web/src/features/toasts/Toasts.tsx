import "./toasts.css";
import { useEffect } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { selectToasts, type Toast, toastDismissed } from "./toastsSlice.ts";

/** The stack of notices, newest last. Errors are alerts (read out at once); the rest are statuses. */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), toast.durationMs);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.durationMs]);

  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
      <span>{toast.message}</span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dispatch(toastDismissed(toast.id))}>
        ×
      </button>
    </div>
  );
}
