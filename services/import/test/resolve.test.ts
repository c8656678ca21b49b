/** Names → tickers through the typed pricing client, with pricing answering, refusing, or down. */

import type { InternalReply, InternalRequest, ServiceClient } from "@folio/platform/internal";
import { ServiceUnavailableError } from "@folio/platform/internal";
import { createLogger } from "@folio/platform/log";
import { PricingQueries } from "@folio/pricing/client";
import { describe, expect, it } from "vitest";
import { isIsin, pricingResolver } from "../src/resolve.ts";

const log = createLogger("test", "silent");

function services(answer: (r: InternalRequest) => InternalReply<unknown>): ServiceClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async call<T>(_service: string, r: InternalRequest) {
      asked.push(r.path);
      return answer(r) as InternalReply<T>;
    },
  };
}

describe("pricingResolver", () => {
  it("takes the search's first suggestion", async () => {
    const s = services(() => ({
      status: 200,
      body: {
        suggestions: [
          { ticker: "MSFT", name: "Microsoft Corporation", assetClass: "Stock" },
          { ticker: "MSFT.MX", name: "Microsoft", assetClass: "Stock" },
        ],
      },
    }));
    expect(await pricingResolver(new PricingQueries(s), log)("Microsoft Corp")).toBe("MSFT");
    expect(s.asked).toEqual(["/v1/autocomplete?query=Microsoft%20Corp"]);
  });

  it("no suggestion, a refused query, an outage or a reply that is not a list: no ticker, no failure", async () => {
    expect(
      await pricingResolver(new PricingQueries(services(() => ({ status: 200, body: { suggestions: [] } }))), log)("Obscure"),
    ).toBeNull();
    expect(await pricingResolver(new PricingQueries(services(() => ({ status: 400, body: {} }))), log)("Ob")).toBeNull();
    expect(await pricingResolver(new PricingQueries(services(() => ({ status: 503, body: {} }))), log)("Apple")).toBeNull();
    expect(await pricingResolver(new PricingQueries(services(() => ({ status: 200, body: { nope: 1 } }))), log)("Apple")).toBeNull();
    const down: ServiceClient = {
      call: async () => {
        throw new ServiceUnavailableError("pricing", new Error("connect ECONNREFUSED"));
      },
    };
    expect(await pricingResolver(new PricingQueries(down), log)("Apple")).toBeNull();
  });

  it("a query shorter than 2 characters is not sent", async () => {
    const s = services(() => ({ status: 200, body: { suggestions: [] } }));
    expect(await pricingResolver(new PricingQueries(s), log)(" A ")).toBeNull();
    expect(s.asked).toEqual([]);
  });

  it("recognises ISINs", () => {
    expect([isIsin("US0378331005"), isIsin("IE00B4L5Y983"), isIsin("AAPL"), isIsin("US037833100")]).toEqual([true, true, false, false]);
  });
});
