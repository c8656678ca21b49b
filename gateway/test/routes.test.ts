import { authPlugin } from "@folio/platform/http/auth";
import { createTestDeps, forService } from "@folio/platform/testing";
import { allRoutes } from "@folio/proto/routes";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { serviceFactories } from "../src/registry.ts";
import { ownerOf, routeTable } from "../src/routes.ts";

/** The cluster gateway forwards by the route table; the embedded app serves the services' own routes. */
describe("gateway route table", () => {
  it("sends every path a service registers to that service", async () => {
    const deps = createTestDeps();
    const registered: { service: string; url: string; internal: boolean }[] = [];
    for (const [name, create] of Object.entries(serviceFactories)) {
      const app = Fastify();
      await app.register(authPlugin, { jwtSecret: deps.config.jwtSecret, cache: deps.cache });
      app.addHook("onRoute", (route) => {
        if (route.method !== "HEAD") registered.push({ service: name, url: route.url, internal: route.config?.internal === true });
      });
      await app.register(create(forService(deps, name)).routes);
      await app.ready();
      await app.close();
    }
    expect(registered.length).toBeGreaterThan(10);
    for (const r of registered) {
      const concrete = r.url.replace(/:(\w+)/g, "x-$1");
      // a query between services is never forwarded: the gateway answers it 404
      expect(ownerOf(concrete), `${r.url} is registered by ${r.service}`).toBe(r.internal ? undefined : r.service);
    }
    // and the table holds no call declared internal (none is today; platform/test/http/server.test.ts proves the edge's side)
    for (const r of allRoutes.filter((c) => c.internal)) expect(ownerOf(r.path.replace(/:(\w+)/g, "x-$1"))).toBeUndefined();
  });

  it("matches exact paths before parameters: /v1/get/portfolio/x is the portfolio service's, /v1/get/AAPL pricing's", () => {
    expect(ownerOf("/v1/get/portfolio/my-fund")).toBe("portfolio");
    expect(ownerOf("/v1/get/netWorth")).toBe("networth");
    expect(ownerOf("/v1/get/AAPL")).toBe("pricing");
    expect(ownerOf("/v1/auth/login")).toBe("accounts");
    // /v1/get/achievement-state is an exact path too, and the achievements service's (not pricing's /v1/get/:ticker)
    expect(ownerOf("/v1/get/achievement-state")).toBe("achievements");
    expect(ownerOf("/v1/update/achievement-state")).toBe("achievements");
    expect(ownerOf("/v1/nothing/here")).toBeUndefined();
  });

  it("names only known services", () => {
    for (const r of routeTable) expect(Object.keys(serviceFactories)).toContain(r.service);
  });
});
