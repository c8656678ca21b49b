import { Routes } from "@folio/proto/routes";
import { describe, expect, it } from "vitest";
import { request, visitorsMay } from "./endpoint.ts";

describe("a request from a call's address", () => {
  it("takes the method and the path from the address, the parameters encoded into it", () => {
    expect(request(Routes.portfolio.save, { params: { slug: "my fund" }, body: { portfolio: { assets: [] } } })).toEqual({
      url: "/v1/save/portfolio/my%20fund",
      method: "POST",
      body: { portfolio: { assets: [] } },
    });
    expect(request(Routes.billing.plan)).toEqual({ url: "/v1/billing/plan", method: "GET" });
    expect(request(Routes.pricing.close, { params: { ticker: "VTI" }, query: { date: "2024-03-01" } })).toEqual({
      url: "/v1/get/VTI/close",
      method: "GET",
      params: { date: "2024-03-01" },
    });
    expect(request(Routes.import.deleteMapping, { params: { id: "m1" } })).toEqual({ url: "/v1/import/mappings/m1", method: "DELETE" });
  });

  it("lets a visitor make the calls whose contract does not require a caller, without a login prompt", () => {
    expect(visitorsMay(Routes.portfolio.get)).toEqual({ anonymousOk: true });
    expect(visitorsMay(Routes.pricing.autocomplete)).toEqual({ anonymousOk: true });
    expect(visitorsMay(Routes.accounts.settings)).toEqual({ anonymousOk: false });
  });
});
