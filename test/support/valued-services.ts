/**
 * The services that show a portfolio's figures, on one test app as the embedded app hosts them: pricing
 * (on a CSV folder, or the providers the env names), portfolio and networth, with the real routes, schemas
 * and auth through `app.inject`, the in-process queue running every job and events relayed between the
 * services by `relay()`, as the outbox relay and the bus would. Net worth's debounce is 0 so that `relay()`
 * runs its recomputes at once; the clock is the test's.
 */
import { createNetworthService } from "@folio/networth";
import type { App } from "@folio/platform/http/server";
import { envelope } from "@folio/platform/ids";
import { bearer, buildTestApp, createTestDeps, forService, runJobs, settle, type TestDeps, tokenFor } from "@folio/platform/testing";
import { createPortfolioService } from "@folio/portfolio";
import { createPricingService } from "@folio/pricing";
import type { LightMyRequestResponse } from "fastify";

export interface ValuedServices {
  deps: TestDeps;
  app: App;
  /** POST (or GET for the public reads) as a user (null: a visitor) */
  post(uid: string | null, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(uid: string | null, url: string): Promise<LightMyRequestResponse>;
  /** the user's base currency changed (what accounts publishes in account.updated) */
  setBaseCurrency(uid: string, baseCurrency: string): Promise<void>;
  /** delivers every committed event to the services consuming it and runs the jobs they add */
  relay(): Promise<void>;
  close(): Promise<void>;
}

export async function valuedServices(env: Record<string, string>): Promise<ValuedServices> {
  const deps = createTestDeps({ MARKET_DATA_PROVIDERS: "csv", NETWORTH_DEBOUNCE_MS: "0", ...env });
  const modules = [
    createPricingService(forService(deps, "pricing")),
    createPortfolioService(forService(deps, "portfolio")),
    createNetworthService(forService(deps, "networth")),
  ];
  const app = await buildTestApp(deps, ...modules.map((m) => m.routes));
  runJobs(deps, modules);
  const tokens = new Map<string, string>();
  const headers = (uid: string | null) => {
    if (!uid) return {};
    if (!tokens.has(uid)) tokens.set(uid, tokenFor(app, { uid }));
    return bearer(tokens.get(uid) as string);
  };
  const relay = async () => void (await settle(deps, modules));
  return {
    deps,
    app,
    post: (uid, url, payload) =>
      app.inject({ method: "POST", url, headers: headers(uid), ...(payload === undefined ? {} : { payload: payload as object }) }),
    get: (uid, url) => app.inject({ method: "GET", url, headers: headers(uid) }),
    async setBaseCurrency(uid, baseCurrency) {
      const event = envelope("account.updated", uid, { uid, displayName: null, username: null, baseCurrency }, deps.clock.now());
      await deps.store.commit([{ op: "publish", event }]);
      await relay();
    },
    relay,
    async close() {
      await app.close();
      await deps.queue.close();
      await deps.store.close();
    },
  };
}
