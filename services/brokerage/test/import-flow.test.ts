/**
 * Holdings become portfolios: brokerage, portfolio, accounts and achievements on one app, events delivered as the bus
 * would (settle). One portfolio per investment account with provider 'Plaid-US'; a sync updates them; a
 * redelivered event or the same item connected again adds none; the import is achievement step 8 and not
 * a "first manual portfolio".
 */
import { createAccountsService } from "@folio/accounts";
import { createAchievementsService } from "@folio/achievements";
import { createBillingService } from "@folio/billing";
import { forService, settle } from "@folio/platform/testing";
import { createPortfolioService } from "@folio/portfolio";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BrokerageHarness, brokerageHarness } from "./helpers.ts";

let h: BrokerageHarness;
beforeEach(async () => {
  h = await brokerageHarness({
    // accounts' settings reply asks billing for the plan and brokerage for the connections
    extraModules: (deps) => [
      createPortfolioService(forService(deps, "portfolio")),
      createAccountsService(forService(deps, "accounts")),
      createBillingService(forService(deps, "billing")),
      createAchievementsService(forService(deps, "achievements")),
    ],
  });
});
afterEach(() => h.close());

const settleAll = () => settle(h.deps, h.modules);

interface Listed {
  pname: string;
  slug: string;
  provider: string | null;
  assets: { ticker: string; name: string; quantity: number; PoA: number; DoA: string }[];
}

async function portfoliosOf(uid: string): Promise<Listed[]> {
  const reply = await h.app.inject({
    method: "POST",
    url: "/v1/get/portfolios-and-assets",
    headers: { authorization: `Bearer ${h.app.jwt.sign({ sub: uid, email: `${uid}@example.com` })}` },
  });
  expect(reply.statusCode).toBe(200);
  const body = reply.json() as { portfolios: Record<string, Listed> };
  return Object.values(body.portfolios).sort((a, b) => a.pname.localeCompare(b.pname));
}

describe("brokerage.holdings.imported → portfolios", () => {
  it("creates one Plaid-US portfolio per investment account with its holdings", async () => {
    await h.as("alice").createPortfolios(await h.link("alice"));
    await settleAll();
    const list = await portfoliosOf("alice");
    expect(list.map((p) => [p.pname, p.provider])).toEqual([
      ["First Platypus Bank – Plaid 401k ••6666", "Plaid-US"],
      ["First Platypus Bank – Plaid IRA ••5555", "Plaid-US"],
    ]);
    const ira = list[1];
    expect(ira.assets.map((a) => [a.ticker, a.quantity, a.PoA])).toEqual([
      ["AAPL", 10, 150],
      ["VTI", 25, 210.02],
    ]);
  });

  it("a sync updates the same portfolios and keeps each held ticker's purchase date", async () => {
    const { connectionId } = (await h.as("alice").createPortfolios(await h.link("alice"))).json();
    await settleAll();
    const before = await portfoliosOf("alice");
    const item = [...h.fake.items.values()][0];
    item.holdings[0].quantity = 12;
    h.deps.clock.advance(3 * 24 * 3600_000);
    await h.deps.queue.add("brokerage.sync", "brokerage.sync", { connectionId });
    await settleAll();
    const after = await portfoliosOf("alice");
    expect(after.map((p) => p.slug)).toEqual(before.map((p) => p.slug));
    expect(after[1].assets[0]).toMatchObject({ ticker: "AAPL", quantity: 12, DoA: before[1].assets[0].DoA });
  });

  it("the same item connected twice, or an event delivered twice, adds no portfolio", async () => {
    await h.planChanged("alice", 3);
    await h.as("alice").createPortfolios(await h.link("alice"));
    await h.as("alice").createPortfolios(await h.link("alice"));
    const delivered = await settleAll();
    const imported = delivered.filter((e) => e.type === "brokerage.holdings.imported");
    expect(imported).toHaveLength(2);
    // the bus delivers at least once: hand the first import to every consumer again
    for (const m of h.modules) for (const c of m.consumers ?? []) if (c.types.includes(imported[0].type)) await c.handle(imported[0]);
    await settleAll();
    expect(await portfoliosOf("alice")).toHaveLength(2);
  });

  it("the settings reply lists the connections (id, name, sync), asked of brokerage with the caller's token", async () => {
    const { connectionId } = (await h.as("alice").createPortfolios(await h.link("alice"))).json();
    const token = h.app.jwt.sign({ sub: "alice", email: "alice@example.com" });
    const settings = await h.app.inject({ method: "POST", url: "/v1/get/settings", headers: { authorization: `Bearer ${token}` } });
    expect(settings.json().connections).toEqual([{ id: connectionId, name: "First Platypus Bank", sync: true }]);
    const bob = h.app.jwt.sign({ sub: "bob", email: "bob@example.com" });
    const other = await h.app.inject({ method: "POST", url: "/v1/get/settings", headers: { authorization: `Bearer ${bob}` } });
    expect(other.json().connections).toEqual([]);
  });

  it("counts as achievement step 8, and not as a first manual portfolio or a first asset", async () => {
    await h.as("alice").createPortfolios(await h.link("alice"));
    await settleAll();
    const doc = await h.deps.store.collection<{ _id: string; facts: string[]; state: number }>("achievements_progress").get("alice");
    expect(doc?.facts).toEqual(["brokerageImported"]);
  });
});
