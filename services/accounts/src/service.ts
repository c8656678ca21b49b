/**
 * Accounts: the built-in identity provider (register, sign in and out, password reset, display name), the
 * account records other services learn about through account.registered and account.updated, the
 * settings page's data. For one release it hands the achievement progress it used to keep over to the
 * achievements service at start (achievements-hand-over.ts).
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { handOverAchievements } from "./achievements-hand-over.ts";
import { accountsContext } from "./context.ts";
import { accountsRoutes } from "./routes.ts";

export function createAccountsService(deps: ServiceDeps): ServiceModule {
  const ctx = accountsContext(deps);
  return {
    name: "accounts",
    routes: accountsRoutes(ctx),
    start: async () => {
      await ctx.accounts.reloadRevocations();
      await handOverAchievements(deps);
    },
  };
}
