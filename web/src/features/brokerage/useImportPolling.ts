/**
 * After a brokerage import the page goes to /dashboard/portfolios at once, but the portfolios are made by
 * the portfolio service from an event a moment later. The dashboard's list is polled every second until the
 * expected number of new Plaid portfolios is there, for at most 30 s; meanwhile the page says it is importing.
 */
import { PLAID_PROVIDER } from "@folio/proto/constants";
import { useLocation } from "react-router-dom";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { usePolling } from "../../lib/polling.ts";

export const IMPORT_POLL_MS = 1000;
export const IMPORT_WAIT_MS = 30_000;

/** What the connect flow passes to /dashboard/portfolios in the navigation state. */
export interface ImportState {
  /** Plaid portfolios the list should gain */
  importedAccounts: number;
  /** Plaid portfolios the list held before (when known) */
  plaidBefore: number;
}

export const plaidCount = (portfolios: readonly PortfolioListItem[]) => portfolios.filter((p) => p.provider === PLAID_PROVIDER).length;

/** The polling interval for the dashboard's list: IMPORT_POLL_MS while an import is awaited (lib/polling.ts), else 0. */
export function useImportPolling(portfolios: readonly PortfolioListItem[] | undefined): { pollingInterval: number; importing: boolean } {
  const state = useLocation().state as Partial<ImportState> | null;
  const expected = (state?.plaidBefore ?? 0) + (state?.importedAccounts ?? 0);
  const awaited = (state?.importedAccounts ?? 0) > 0 && (portfolios === undefined || plaidCount(portfolios) < expected);
  const { pollingInterval, gaveUp } = usePolling(awaited, { intervalMs: IMPORT_POLL_MS, capMs: IMPORT_WAIT_MS });
  return { pollingInterval, importing: awaited && !gaveUp };
}
