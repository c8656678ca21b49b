/**
 * Net worth in the user's base currency (docs/configuration.md "Net worth"): the sum of the figures the portfolios'
 * valuations published in that currency. Figures of another currency (the user just changed it, and the
 * portfolio service is still revaluing) are never converted here: those portfolios are pending, and the
 * answer says calculating while they are, for a bounded time. Stale prices, stale rates and what the
 * valuations could not count are passed on.
 */
import { envelope } from "@folio/platform/ids";
import { afterEach, describe, expect, it } from "vitest";
import { PENDING_WAIT_MS } from "../src/routes.ts";
import { type Harness, harness } from "./helpers.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const netWorth = async (uid: string) => (await (h as Harness).post(uid, "/v1/get/netWorth", {})).json();
const currency = (uid: string, baseCurrency: string) =>
  envelope("account.updated", uid, { uid, displayName: null, username: null, baseCurrency }, (h as Harness).deps.clock.now());

describe("net worth in the base currency", () => {
  it("sums only figures in the user's currency; the others are pending until their revaluation's figures come", async () => {
    h = await harness();
    await h.deliver(h.saved("alice", "a", [{ ticker: "KO", quantity: 1 }]));
    await h.deliver(h.valued("alice", "a", 100));
    await h.deliver(h.saved("alice", "b", [{ ticker: "SAP.DE", quantity: 1 }]));
    await h.deliver(h.valued("alice", "b", 250.5));
    await h.settle();
    expect(await netWorth("alice")).toMatchObject({ netWorth: 350.5, baseCurrency: "USD", pending: [], calculating: false });

    // alice picks euros: one portfolio's figures in euros arrive, the other's are still in dollars
    await h.deliver(currency("alice", "EUR"));
    await h.deliver(h.valued("alice", "a", 85.25, { baseCurrency: "EUR", valuedAt: new Date(h.deps.clock.now() + 1).toISOString() }));
    await h.settle();
    expect(await netWorth("alice")).toMatchObject({ netWorth: 85.25, baseCurrency: "EUR", pending: ["alice-b"], calculating: true });

    await h.deliver(h.valued("alice", "b", 215, { baseCurrency: "EUR", valuedAt: new Date(h.deps.clock.now() + 2).toISOString() }));
    await h.settle();
    expect(await netWorth("alice")).toMatchObject({ netWorth: 300.25, baseCurrency: "EUR", pending: [], calculating: false });
  });

  it("stops saying calculating when a pending portfolio's figures do not come in time, still naming it", async () => {
    h = await harness();
    await h.deliver(h.saved("alice", "a", [{ ticker: "KO", quantity: 1 }]));
    await h.deliver(h.valued("alice", "a", 100));
    await h.deliver(currency("alice", "GBP"));
    await h.settle();
    expect(await netWorth("alice")).toMatchObject({ netWorth: 0, baseCurrency: "GBP", pending: ["alice-a"], calculating: true });
    h.deps.clock.advance(PENDING_WAIT_MS);
    expect(await netWorth("alice")).toMatchObject({ netWorth: 0, pending: ["alice-a"], calculating: false });
  });

  it("passes on the valuations' stale prices, stale rates and what they could not count", async () => {
    h = await harness();
    await h.deliver(h.saved("alice", "a", [{ ticker: "SAP.DE", quantity: 1 }]));
    await h.deliver(
      h.valued("alice", "a", 1000, {
        stale: ["SAP.DE"],
        unpriced: [{ ticker: "NESN.SW", reason: "no-exchange-rate" }],
        rates: [
          { pair: "EURUSD=X", rate: 1.1515, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" },
          { pair: "GBPUSD=X", rate: 1.35, month: "2026-07", asOf: "2026-07-13", stale: null },
        ],
      }),
    );
    await h.settle();
    expect(await netWorth("alice")).toMatchObject({
      netWorth: 1000,
      stale: ["SAP.DE"],
      unpriced: [{ ticker: "NESN.SW", reason: "no-exchange-rate" }],
      rates: [{ pair: "EURUSD=X", rate: 1.1515, month: "2026-06", asOf: "2026-06-01", stale: "out-of-date" }],
    });
  });

  it("keeps the history's older weeks in the currency they were computed in after a base-currency change", async () => {
    // the manual clock starts on Friday 2026-01-02 (2026-W01): $100 that week
    h = await harness();
    await h.deliver(h.saved("alice", "a", [{ ticker: "KO", quantity: 1 }]));
    await h.deliver(h.valued("alice", "a", 100));
    await h.settle();
    // two weeks on (2026-W03) alice picks euros, and her portfolio's figures in euros come: €85.25
    h.deps.clock.advance(14 * 86_400_000);
    await h.deliver(currency("alice", "EUR"));
    await h.deliver(h.valued("alice", "a", 85.25, { baseCurrency: "EUR", valuedAt: new Date(h.deps.clock.now() + 1).toISOString() }));
    await h.settle();
    const history = (await h.post("alice", "/v1/get/netWorthHistory")).json().netWorthHistory;
    expect(history).toEqual([
      { year: 2026, week: 1, data: { networth: 100 }, currency: "USD" },
      { year: 2026, week: 2, data: { networth: 100 }, currency: "USD" },
      { year: 2026, week: 3, data: { networth: 85.25 }, currency: "EUR" },
    ]);
  });
});
