import "./modal.css";
import { type ReactNode, type SyntheticEvent, useId, useLayoutEffect, useRef, useState } from "react";

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A native modal `<dialog>` (showModal): the browser traps focus inside it and makes the page behind it
 * inert, Escape closes it, the backdrop is its ::backdrop. Named by its title. Mounted means open: on
 * unmount it is closed and focus goes back to what had it before (the opener). It is first rendered open
 * (not modal), so a field's autoFocus takes; then it is made modal before the first paint, keeping that focus.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // closed by this component (unmounting, or hidden for a while by a Suspense boundary): its close event
  // is not the user's
  const closedHere = useRef(false);

  // what had focus before the dialog (and its fields' autoFocus) took it
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const focused = document.activeElement;
    const inner = focused instanceof HTMLElement && dialog.contains(focused) ? focused : null;
    dialog.removeAttribute("open");
    dialog.showModal();
    inner?.focus();
    return () => {
      if (dialog.open) {
        closedHere.current = true;
        dialog.close();
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  // Escape: the owner decides (it unmounts the dialog), so the browser's own close is cancelled
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onCloseRef.current();
  };
  // closed by the browser anyway (a second Escape without user activation cannot be cancelled)
  const onNativeClose = () => {
    if (closedHere.current) {
      closedHere.current = false;
      return;
    }
    if (ref.current?.isConnected) onCloseRef.current();
  };

  return (
    <dialog ref={ref} open className="modal" aria-labelledby={titleId} onCancel={onCancel} onClose={onNativeClose}>
      <div className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
