/**
 * The calls' addresses (routes.ts) and contracts (contracts/): one contract per address, the same service and
 * name; paths filled in as the server reads them; one registry of error codes.
 */
import { describe, expect, it } from "vitest";
import { allContracts, Contracts } from "../src/contracts/index.ts";
import { allErrorCodes, COMMON_ERROR_CODES, ErrorCodes } from "../src/error-codes.ts";
import { API_PREFIXES, allRoutes, pathPrefixOf, Routes, urlOf } from "../src/routes.ts";

const ALL_ERROR_CODES = allErrorCodes();

describe("the calls' addresses and contracts", () => {
  it("declare every call once: one contract per address, of the same service and name", () => {
    expect(allContracts).toHaveLength(allRoutes.length);
    for (const route of allRoutes) {
      const c = (Contracts as Record<string, Record<string, (typeof allContracts)[number]>>)[route.service]?.[route.name];
      expect(c, `${route.service}.${route.name}`).toMatchObject({ method: route.method, path: route.path, auth: route.auth });
    }
    const calls = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it("answer a visitor 401 nouser on every call that needs a caller, and list the codes it may carry", () => {
    for (const c of allContracts) {
      if (c.auth === "required") {
        expect(c.reply[401], `${c.service}.${c.name}`).toBeDefined();
        expect(c.errors).toContain(ErrorCodes.unauthorized);
      }
      expect(c.errors).toEqual(expect.arrayContaining([...COMMON_ERROR_CODES]));
      for (const code of c.errors) expect(ALL_ERROR_CODES).toContain(code);
    }
  });

  it("fill a path's parameters in, encoded, and append the query's given values in order", () => {
    expect(urlOf(Routes.portfolio.get, { slug: "my fund/2" })).toBe("/v1/get/portfolio/my%20fund%2F2");
    expect(urlOf(Routes.brokerage.deleteConnection, { email: "a@b.c", connectionId: "c1" })).toBe(
      "/v1/plaid/delete_plaid_connection/a%40b.c/c1",
    );
    expect(urlOf(Routes.pricing.autocomplete, {}, { query: "Microsoft Corp" })).toBe("/v1/autocomplete?query=Microsoft%20Corp");
    expect(urlOf(Routes.portfolio.community, {}, { samples: undefined, category: "Growth", page: 2, pageSize: null })).toBe(
      "/v1/get/communityportfolios?category=Growth&page=2",
    );
    expect(urlOf(Routes.networth.history)).toBe("/v1/get/netWorthHistory");
    expect(() => urlOf(Routes.portfolio.get, {} as { slug: string })).toThrow(/slug/);
  });

  it("name the API's prefixes and a path's part before its parameters", () => {
    expect([...API_PREFIXES].sort()).toEqual(["/cachable/", "/v1/", "/v2/"]);
    expect(pathPrefixOf(Routes.portfolio.cachable)).toBe("/cachable/get/portfolio/");
  });

  it("keep one registry of error codes, each code once", () => {
    expect(new Set(ALL_ERROR_CODES).size).toBe(ALL_ERROR_CODES.length);
    expect(ALL_ERROR_CODES).toContain("import/too-many-mappings");
    expect(ALL_ERROR_CODES).toContain("chat/not-configured");
  });
});
