/**
 * Accounts: the built-in identity provider (register, sign in and out, password reset, display name), the
 * account records other services learn about through account.registered and account.updated, the
 * settings page's data. For one release it hands the achievement progress it used to keep over to the
 * achievements service at start (achievements-hand-over.ts).
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { createAccounts } from "./accounts.ts";
import { handOverAchievements } from "./achievements-hand-over.ts";
import { accountLimits } from "./config.ts";
import { accountsRoutes } from "./routes.ts";
import { createSettings } from "./settings.ts";

export function createAccountsService(deps: ServiceDeps): ServiceModule {
  const accounts = createAccounts(deps);
  const settings = createSettings(deps, accounts);
  return {
    name: "accounts",
    routes: accountsRoutes(accounts, { settings, limits: accountLimits(deps.config) }),
    start: async () => {
      await accounts.reloadRevocations();
      await handOverAchievements(deps);
    },
  };
}
