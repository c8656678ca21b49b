/**
 * Accounts: the built-in identity provider (register, sign in and out, password reset, display name) and
 * the account records other services learn about through account.registered and account.updated.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { createAccounts } from "./accounts.ts";
import { accountsRoutes } from "./routes.ts";

export function createAccountsService(deps: ServiceDeps): ServiceModule {
  const accounts = createAccounts(deps);
  return {
    name: "accounts",
    routes: accountsRoutes(accounts),
    start: () => accounts.reloadRevocations(),
  };
}
