/**
 * A fresh achievements service beside the accounts service (which signs the callers up and publishes
 * account.registered) on the in-process adapters, reached through `app.inject`.
 */
import { createAccountsService } from "@folio/accounts";
import type { App } from "@folio/platform/http/server";
import type { ServiceModule } from "@folio/platform/service";
import { buildTestApp, createTestDeps, forService, type TestDeps } from "@folio/platform/testing";
import type { LightMyRequestResponse } from "fastify";
import { createAchievementsService } from "../src/service.ts";
import { progressCollection } from "../src/store.ts";

export interface Harness {
  deps: TestDeps;
  /** the achievements service */
  service: ServiceModule;
  accounts: ServiceModule;
  app: App;
  progress: ReturnType<typeof progressCollection>;
  post: (url: string, body?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** registers and returns the reply body */
  register: (email?: string) => Promise<{ idToken: string; user: { uid: string; email: string; displayName: string | null } }>;
}

export async function harness(deps: TestDeps = createTestDeps({ PUBLIC_URL: "https://folio.example" })): Promise<Harness> {
  const service = createAchievementsService(forService(deps, "achievements"));
  const accounts = createAccountsService(forService(deps, "accounts"));
  const app = await buildTestApp(deps, service.routes, accounts.routes);
  const post: Harness["post"] = (url, body, headers = {}) =>
    app.inject({ method: "POST", url, payload: body as object, headers, remoteAddress: "203.0.113.7" });
  return {
    deps,
    service,
    accounts,
    app,
    progress: progressCollection(forService(deps, "achievements").store),
    post,
    register: async (email = "ann@example.com") => {
      const res = await post("/v1/auth/register", { email, password: "secret1" });
      if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
}
