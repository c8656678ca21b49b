/**
 * Accounts: the built-in identity provider (register, sign in and out, password reset, display name), the
 * account records other services learn about through account.registered and account.updated, the
 * settings page's data and achievement progress (driven by events, see consumers.ts).
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { createAccounts } from "./accounts.ts";
import { createAchievements } from "./achievements.ts";
import { accountLimits } from "./config.ts";
import { accountsConsumers } from "./consumers.ts";
import { accountsRoutes } from "./routes.ts";
import { createSettings } from "./settings.ts";

export function createAccountsService(deps: ServiceDeps): ServiceModule {
  const accounts = createAccounts(deps);
  const achievements = createAchievements(deps);
  const settings = createSettings(deps, accounts);
  return {
    name: "accounts",
    routes: accountsRoutes(accounts, { settings, achievements, limits: accountLimits(deps.config) }),
    consumers: accountsConsumers(deps, achievements),
    start: () => accounts.reloadRevocations(),
  };
}
