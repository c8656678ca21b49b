/**
 * The settings' connections tab (spec §2): the user's brokerage connections with a confirm-delete popup.
 * Removing answers `nok` when Plaid could not remove the item: the toast 'An error occurred. Please try
 * again.' and the connection stays listed (spec §8).
 */
import type { ConnectionItem } from "@folio/proto/brokerage";
import { useState } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { PageLoading } from "../../app/Layout.tsx";
import { Messages } from "../../app/messages.ts";
import { Modal } from "../../components/Modal.tsx";
import { selectUser } from "../auth/authSlice.ts";
import { showError, showSuccess } from "../toasts/toastsSlice.ts";
import { useDeleteConnectionMutation, useGetConnectionsQuery } from "./brokerageApi.ts";
import { ConnectBrokerageButton } from "./ConnectBrokerageButton.tsx";

export const CONNECTION_REMOVED = "Connection removed.";

function statusText(c: ConnectionItem): string {
  if (c.status === "login_required") return "Needs attention: log in to your brokerage again (remove and reconnect it)";
  const accounts = `${c.accounts} account${c.accounts === 1 ? "" : "s"}`;
  return c.lastSynced ? `${accounts}, synced ${c.lastSynced.slice(0, 10)}` : `${accounts}, waiting for the first sync`;
}

export function ConnectionsList() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { data, isLoading, isError, refetch } = useGetConnectionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [remove, { isLoading: removing }] = useDeleteConnectionMutation();
  const [toRemove, setToRemove] = useState<ConnectionItem | null>(null);

  const confirm = async () => {
    if (!toRemove || !user) return;
    const result = await remove({ email: user.email, id: toRemove.id });
    setToRemove(null);
    if (result.data?.result === "ok") {
      dispatch(showSuccess(CONNECTION_REMOVED));
    } else {
      dispatch(showError(Messages.connectionRemoveFailed));
    }
    refetch();
  };

  if (isLoading) return <PageLoading />;
  if (isError || !data) return <p role="alert">Your connections could not be loaded. Please try again.</p>;
  return (
    <div>
      <h2>Connections</h2>
      {!data.configured && <p role="status">{data.message}</p>}
      {data.results.length === 0 ? (
        <p>No brokerage accounts are connected.</p>
      ) : (
        <ul className="connections">
          {data.results.map((c) => (
            <li key={c.id}>
              <strong>{c.institution.name}</strong> <span className="muted">{statusText(c)}</span>{" "}
              <button
                type="button"
                className="button secondary small"
                onClick={() => setToRemove(c)}
                aria-label={`Remove ${c.institution.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {data.configured && <ConnectBrokerageButton className="button primary" />}
      <p className="muted small">
        Your plan allows {data.maxConnections} connected account{data.maxConnections === 1 ? "" : "s"}. Imported portfolios stay when a
        connection is removed; they are no longer synced.
      </p>
      {toRemove && (
        <Modal title="Remove connection?" onClose={() => setToRemove(null)}>
          <p>“{toRemove.institution.name}” will be disconnected and its portfolios no longer synced.</p>
          <div className="modal-actions">
            <button type="button" className="button secondary" onClick={() => setToRemove(null)}>
              Cancel
            </button>
            <button type="button" className="button danger" onClick={() => void confirm()} disabled={removing}>
              Remove
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
