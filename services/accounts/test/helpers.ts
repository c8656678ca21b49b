/** A fresh accounts service on the in-process adapters, reached through `app.inject`. */

import { createBillingService } from "@folio/billing";
import type { App } from "@folio/platform/http/server";
import type { ServiceModule } from "@folio/platform/service";
import { bearer, buildTestApp, createTestDeps, forService, type TestDeps } from "@folio/platform/testing";
import type { LightMyRequestResponse } from "fastify";
import { createAccountsService } from "../src/service.ts";
import { accountsStore } from "../src/store.ts";

export const PUBLIC_URL = "https://folio.example";

export interface Harness {
  deps: TestDeps;
  service: ServiceModule;
  app: App;
  db: ReturnType<typeof accountsStore>;
  post: (url: string, body?: unknown, headers?: Record<string, string>, remoteAddress?: string) => Promise<LightMyRequestResponse>;
  /** registers and returns the reply body */
  register: (
    email?: string,
    password?: string,
    displayName?: string,
  ) => Promise<{ idToken: string; user: { uid: string; email: string; displayName: string | null } }>;
  /** the status of a call to a protected route (the spec's /v1/login) with this token */
  profileStatus: (token: string) => Promise<number>;
}

export async function harness(prepare?: (deps: TestDeps) => void, deps: TestDeps = createTestDeps({ PUBLIC_URL })): Promise<Harness> {
  prepare?.(deps);
  const service = createAccountsService(forService(deps, "accounts"));
  // settings ask billing for the plan (its typed client reaches billing's routes on the same app)
  const billing = createBillingService(forService(deps, "billing"));
  const app = await buildTestApp(deps, service.routes, billing.routes);
  const post: Harness["post"] = (url, body, headers = {}, remoteAddress = "203.0.113.7") =>
    app.inject({ method: "POST", url, payload: body as object, headers, remoteAddress });
  return {
    deps,
    service,
    app,
    db: accountsStore(forService(deps, "accounts").store),
    post,
    register: async (email = "ann@example.com", password = "secret1", displayName) => {
      const res = await post("/v1/auth/register", { email, password, displayName });
      if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    profileStatus: async (token) => (await post("/v1/login", { currentUser: {} }, bearer(token))).statusCode,
  };
}
