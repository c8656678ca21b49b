/**
 * Spec §4 "Brokerage connection": a link token, Plaid Link, portfolios from the exchanged token, then
 * /dashboard/portfolios. At the plan's limit the server says `needs_upgrade`: the toast 'Only one connected
 * account is allowed in your plan' and the upgrade modal. Any other failure is an error toast with the
 * server's words (an unconfigured server names the variables to set).
 */
import { useState } from "react";
import { useStore } from "react-redux";
import { useNavigate } from "react-router-dom";
import { errorMessage, isNoUser } from "../../app/api.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import type { RootState } from "../../app/store.ts";
import { dashboardApi } from "../dashboard/dashboardApi.ts";
import { showError, showSuccess } from "../toasts/toastsSlice.ts";
import { needsUpgrade, useCreateLinkTokenMutation, useCreatePortfoliosMutation } from "./brokerageApi.ts";
import { LinkUnavailable, openPlaidLink } from "./plaidLink.ts";
import { type ImportState, plaidCount } from "./useImportPolling.ts";

export const BrokerageMessages = {
  imported: "Brokerage connected: your portfolios were imported.",
  refreshed: "This brokerage account was already connected: its portfolios were refreshed.",
  linkUnavailable: "Plaid Link could not be loaded. Check your connection and try again.",
} as const;

export function useConnectBrokerage() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const [createLinkToken] = useCreateLinkTokenMutation();
  const [createPortfolios] = useCreatePortfoliosMutation();
  const [busy, setBusy] = useState(false);
  const [upgrade, setUpgrade] = useState<string | null>(null);

  const limitReached = (message: string) => {
    dispatch(showError(Messages.connectionLimit));
    setUpgrade(message);
  };

  const connect = async () => {
    setBusy(true);
    try {
      const token = await createLinkToken();
      if (token.error) {
        if (!isNoUser(token.error)) dispatch(showError(errorMessage(token.error, Messages.connectionRemoveFailed)));
        return;
      }
      if ("needs_upgrade" in token.data) {
        limitReached(token.data.message || Messages.connectionLimit);
        return;
      }
      let linked: Awaited<ReturnType<typeof openPlaidLink>>;
      try {
        linked = await openPlaidLink(token.data.link_token);
      } catch (err) {
        dispatch(showError(err instanceof LinkUnavailable ? BrokerageMessages.linkUnavailable : Messages.connectionRemoveFailed));
        return;
      }
      if (!linked) return;
      const created = await createPortfolios(linked);
      if (created.error) {
        if (needsUpgrade(created.error)) limitReached(Messages.connectionLimit);
        else if (!isNoUser(created.error)) dispatch(showError(errorMessage(created.error, Messages.connectionRemoveFailed)));
        return;
      }
      if (created.data.public_token_exchange === "complete") {
        dispatch(showSuccess(created.data.duplicate ? BrokerageMessages.refreshed : BrokerageMessages.imported));
        const listed = dashboardApi.endpoints.getPortfoliosAndAssets.select()(store.getState()).data;
        const state: ImportState = {
          importedAccounts: created.data.duplicate ? 0 : created.data.accounts,
          plaidBefore: listed ? plaidCount(Object.values(listed.portfolios)) : 0,
        };
        navigate("/dashboard/portfolios", { state });
      }
    } finally {
      setBusy(false);
    }
  };

  return { connect, busy, upgrade, closeUpgrade: () => setUpgrade(null) };
}
