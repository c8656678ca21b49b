/**
 * The spec's /v1/plaid/* calls through the real routes against the local Plaid fake (official SDK):
 * link token, create_portfolios (exchange, holdings → one brokerage.holdings.imported event), the plan's
 * limit, duplicates, the connections list, removal (at Plaid first; a failure keeps the connection), and
 * the unconfigured server's 503.
 */
import { Messages } from "@folio/proto/constants";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connections } from "../src/store.ts";
import { type BrokerageHarness, brokerageHarness, importedEvents } from "./helpers.ts";

let h: BrokerageHarness;
beforeEach(async () => {
  h = await brokerageHarness();
});
afterEach(() => h.close());

describe("POST /v1/plaid/create-link-token/", () => {
  it("answers a link token for the Investments product, the user's opaque id and the webhook", async () => {
    const reply = await h.as("alice").linkToken();
    expect(reply.statusCode).toBe(200);
    expect(reply.json().link_token).toMatch(/^link-sandbox-/);
    const sent = h.fake.requests.find((r) => r.path === "/link/token/create")?.body as Record<string, unknown>;
    expect(sent.products).toEqual(["investments"]);
    expect(sent.user).toEqual({ client_user_id: "alice" });
    expect(sent.webhook).toBe("https://folio.example/v1/plaid/webhook");
    expect(sent.country_codes).toEqual(["US"]);
  });

  it("asks a visitor to log in", async () => {
    const reply = await h.app.inject({ method: "POST", url: "/v1/plaid/create-link-token/" });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().result).toBe("nouser");
  });

  it("says needs_upgrade once the plan's one connection is used, and not after an upgrade", async () => {
    const linked = await h.link("alice");
    expect((await h.as("alice").createPortfolios(linked)).statusCode).toBe(200);
    const limited = await h.as("alice").linkToken();
    expect(limited.json()).toEqual({ needs_upgrade: true, message: Messages.connectionLimit });
    await h.planChanged("alice", 2);
    expect((await h.as("alice").linkToken()).json().link_token).toMatch(/^link-sandbox-/);
  });

  it("without Plaid's variables: 503 naming what to set, and the connections list says so", async () => {
    await h.close();
    h = await brokerageHarness({ env: { PLAID_SECRET: "", BROKERAGE_TOKEN_KEY: "" } });
    const reply = await h.as("alice").linkToken();
    expect(reply.statusCode).toBe(503);
    const message =
      "Brokerage connections are not configured on this server. Set PLAID_SECRET, BROKERAGE_TOKEN_KEY (see docs/configuration.md, Brokerage connections).";
    expect(reply.json()).toEqual({ error: message, code: "brokerage/not-configured" });
    expect((await h.as("alice").connections()).json()).toMatchObject({ results: [], configured: false, message });
  });

  it("answers 503 in the spec's nok shape when Plaid fails", async () => {
    h.fake.fail({ status: 500 }, { path: "/link/token/create" });
    const reply = await h.as("alice").linkToken();
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({ result: "nok", error: Messages.apiRequestError });
  });
});

describe("POST /v1/plaid/create_portfolios/", () => {
  it("exchanges the token, keeps the access token encrypted and publishes each investment account's holdings", async () => {
    const linked = await h.link("alice");
    const reply = await h.as("alice").createPortfolios(linked);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ public_token_exchange: "complete", accounts: 2, duplicate: false });
    const item = [...h.fake.items.values()][0];
    const token = item.access_token as string;
    expect(reply.body).not.toContain(token);

    const [stored] = await connections(h.deps.store).find({ uid: "alice" });
    expect(stored.accessToken).not.toContain(token);
    expect(stored.accessToken).toMatch(/^v1\./);
    expect(stored.institutionName).toBe("First Platypus Bank");

    const [event] = await importedEvents(h.deps);
    expect(event).toMatchObject({
      uid: "alice",
      connectionId: stored._id,
      provider: "Plaid-US",
      institution: "First Platypus Bank",
      sync: false,
    });
    // the checking account has no holdings and is not an investment account: two portfolios, not three
    expect(event.accounts.map((a) => a.name)).toEqual(["Plaid IRA ••5555", "Plaid 401k ••6666"]);
    const today = "2026-01-02";
    // IRA: AAPL cost 1500 for 10 → 150 a share; VTI 5250.50 for 25 → 210.02; the cash position is left out
    expect(event.accounts[0].holdings).toEqual([
      { ticker: "AAPL", name: "Apple Inc.", quantity: 10, PoA: 150, DoA: today },
      { ticker: "VTI", name: "Vanguard Total Stock Market ETF", quantity: 25, PoA: 210.02, DoA: today },
    ]);
    // 401k: no cost basis reported → the institution's price; a fund without a ticker keeps its name
    expect(event.accounts[1].holdings).toEqual([
      { ticker: "MSFT", name: "Microsoft Corporation", quantity: 5, PoA: 500.2, DoA: today },
      { ticker: "PLAID-FPBSECNH1055", name: "NH PORTFOLIO 1055 (FIDELITY INDEX)", quantity: 100.3, PoA: 10.42, DoA: today },
    ]);
  });

  it("refuses a used public token with a message, not a 500", async () => {
    const linked = await h.link("alice");
    await h.as("alice").createPortfolios(linked);
    await h.planChanged("alice", 5);
    const again = await h.as("alice").createPortfolios(linked);
    expect(again.statusCode).toBe(400);
    expect(again.json().result).toBe("nok");
  });

  it("does not duplicate the same accounts connected twice: the new item is removed at Plaid and the first one synced", async () => {
    await h.planChanged("alice", 3);
    const first = (await h.as("alice").createPortfolios(await h.link("alice"))).json();
    const second = await h.as("alice").createPortfolios(await h.link("alice"));
    expect(second.json()).toMatchObject({ public_token_exchange: "complete", connectionId: first.connectionId, duplicate: true });
    expect(await connections(h.deps.store).count({ uid: "alice" })).toBe(1);
    const items = [...h.fake.items.values()];
    expect(items.map((i) => i.removed)).toEqual([false, true]);
    await h.deps.queue.drain?.("brokerage.sync");
    const events = await importedEvents(h.deps);
    expect(events.map((e) => [e.connectionId, e.sync])).toEqual([
      [first.connectionId, false],
      [first.connectionId, true],
    ]);
  });

  it("refuses a connection past the plan's limit and removes the new item at Plaid", async () => {
    await h.as("alice").createPortfolios(await h.link("alice"));
    // a link token obtained before the first connection completed
    await h.planChanged("alice", 2);
    const late = await h.link("alice", "ins_109512");
    await h.planChanged("alice", 1);
    const reply = await h.as("alice").createPortfolios(late);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ error: Messages.connectionLimit, needs_upgrade: true });
    expect([...h.fake.items.values()].at(-1)?.removed).toBe(true);
    expect(await connections(h.deps.store).count({ uid: "alice" })).toBe(1);
  });

  it("lets only one of two connections completing at once through a limit of one", async () => {
    const a = await h.link("alice");
    const b = await h.link("alice", "ins_109512");
    const replies = await Promise.all([h.as("alice").createPortfolios(a), h.as("alice").createPortfolios(b)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await connections(h.deps.store).count({ uid: "alice" })).toBe(1);
    // and removing it frees the one slot again
    const [c] = (await h.as("alice").connections()).json().results;
    expect((await h.as("alice").remove("alice@example.com", c.id)).json()).toEqual({ result: "ok" });
    expect((await h.as("alice").createPortfolios(await h.link("alice"))).statusCode).toBe(200);
  });

  it("refuses a body without a public token", async () => {
    const reply = await h.as("alice").createPortfolios({ metadata: {} });
    expect(reply.statusCode).toBe(400);
  });
});

describe("connections: list and removal", () => {
  it("lists the caller's connections only, by institution name", async () => {
    await h.as("alice").createPortfolios(await h.link("alice"));
    await h.as("bob").createPortfolios(await h.link("bob", "ins_109512"));
    const alice = (await h.as("alice").connections()).json();
    expect(alice.results).toEqual([
      { id: expect.any(String), institution: { name: "First Platypus Bank" }, status: "ok", lastSynced: expect.any(String), accounts: 2 },
    ]);
    expect(alice).toMatchObject({ maxConnections: 1, configured: true });
    expect((await h.as("bob").connections()).json().results.map((c: { institution: { name: string } }) => c.institution.name)).toEqual([
      "Houndstooth Bank",
    ]);
  });

  it("removes the item at Plaid and here", async () => {
    await h.as("alice").createPortfolios(await h.link("alice"));
    const [c] = (await h.as("alice").connections()).json().results;
    const reply = await h.as("alice").remove("Alice@Example.com", c.id);
    expect(reply.json()).toEqual({ result: "ok" });
    expect([...h.fake.items.values()][0].removed).toBe(true);
    expect((await h.as("alice").connections()).json().results).toEqual([]);
    // the plan's slot is free again
    expect((await h.as("alice").linkToken()).json().link_token).toBeDefined();
  });

  it("answers nok and keeps the connection when Plaid fails", async () => {
    await h.as("alice").createPortfolios(await h.link("alice"));
    const [c] = (await h.as("alice").connections()).json().results;
    h.fake.fail({ status: 500 }, { path: "/item/remove" });
    const reply = await h.as("alice").remove("alice@example.com", c.id);
    expect(reply.json()).toMatchObject({ result: "nok", error: Messages.connectionRemoveFailed });
    expect((await h.as("alice").connections()).json().results).toHaveLength(1);
  });

  it("refuses another user's e-mail (403) and another user's connection (404)", async () => {
    await h.as("alice").createPortfolios(await h.link("alice"));
    const [c] = (await h.as("alice").connections()).json().results;
    expect((await h.as("bob").remove("alice@example.com", c.id)).statusCode).toBe(403);
    expect((await h.as("bob").remove("bob@example.com", c.id)).statusCode).toBe(404);
    expect([...h.fake.items.values()][0].removed).toBe(false);
  });
});

describe("without Plaid configured", () => {
  it("answers 503 naming the variables to set, and the list says the same", async () => {
    const bare = await brokerageHarness({ env: { PLAID_CLIENT_ID: "", PLAID_SECRET: "", BROKERAGE_TOKEN_KEY: "" } });
    try {
      const reply = await bare.as("alice").linkToken();
      expect(reply.statusCode).toBe(503);
      expect(reply.json().error).toContain("PLAID_CLIENT_ID, PLAID_SECRET, BROKERAGE_TOKEN_KEY");
      const list = (await bare.as("alice").connections()).json();
      expect(list).toMatchObject({ results: [], configured: false });
      expect(list.message).toContain("PLAID_CLIENT_ID");
    } finally {
      await bare.close();
    }
  });
});
