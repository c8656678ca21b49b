/** What the accounts service's routes and start share, built once per service instance from its deps. */
import { BillingQueries } from "@folio/billing/client";
import { BrokerageQueries } from "@folio/brokerage/client";
import type { ServiceDeps } from "@folio/platform/service";
import { type Accounts, createAccounts } from "./accounts.ts";
import { type AccountLimits, accountLimits } from "./config.ts";
import { createSettings, type Settings } from "./settings.ts";

export interface AccountsContext {
  deps: ServiceDeps;
  /** sign-up, sign-in, sessions, password reset, profile (accounts.ts) */
  accounts: Accounts;
  /** the settings page's data; asks billing and brokerage through their clients (settings.ts) */
  settings: Settings;
  /** the per-client limits of sign-in, registration and password reset */
  limits: AccountLimits;
}

export function accountsContext(deps: ServiceDeps): AccountsContext {
  const accounts = createAccounts(deps);
  const sources = { billing: new BillingQueries(deps.services), brokerage: new BrokerageQueries(deps.services) };
  return { deps, accounts, settings: createSettings(deps, accounts, sources), limits: accountLimits(deps.config) };
}
