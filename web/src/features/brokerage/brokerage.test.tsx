/**
 * The brokerage flow in the page (spec §4, §8): Connect → link token → Plaid Link (a stand-in for
 * window.Plaid, as the Link script cannot load here) → create_portfolios → /dashboard/portfolios; the plan's
 * limit (toast and upgrade modal); an unconfigured server's words; the connections tab with its
 * confirm-delete popup, where `nok` keeps the connection.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Messages } from "../../app/messages.ts";
import { advanceUntil, mockApi, renderApp, signedInState } from "../../test-utils.tsx";
import { BrokerageMessages } from "./useConnectBrokerage.ts";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

beforeAll(async () => {
  await import("../dashboard/DashboardPage.tsx");
  await import("../settings/SettingsPage.tsx");
});
afterEach(() => {
  delete window.Plaid;
});

/** the first render of a page loads its modules: on a busy machine that can take over a second */
const slow = { timeout: 5000 };

const metadata = { institution: { name: "First Platypus Bank", institution_id: "ins_109508" }, link_session_id: "s1" };

/** What Link does when the user completes it (or closes it, with `exit`). */
function plaidStandIn(outcome: "success" | "exit" = "success") {
  const tokens: string[] = [];
  window.Plaid = {
    create: (config) => {
      tokens.push(config.token);
      return {
        open: () => (outcome === "success" ? config.onSuccess("public-sandbox-1", metadata) : config.onExit(null)),
      };
    },
  };
  return tokens;
}

const plaidItem = (slug: string, pname: string) => ({
  pname,
  slug,
  marketValue: null,
  playGround: false,
  privateMode: true,
  historicalData: null,
  created_at: "2026-01-02T12:00:00.000Z",
  assets: [],
  provider: "Plaid-US",
});

const emptyList = { "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } } };
/** what billing says in the upgrade modal (billing's own tests cover the modal itself) */
const freePlan = {
  "GET /v1/billing/plan": {
    body: {
      plan: "free",
      maxConnections: 1,
      plan_ids: ["price_pro"],
      configured: true,
      paidMaxConnections: 10,
      manageable: false,
      status: null,
    },
  },
  "GET /v1/billing/prices": {
    body: { prices: [{ id: "price_pro", nickname: "Pro", amount: 9, currency: "USD", interval: "month", intervalCount: 1 }] },
  },
};

describe("connecting a brokerage from the dashboard", () => {
  it("opens Link with the server's token, creates the portfolios and goes to /dashboard/portfolios", async () => {
    const api = mockApi({
      ...emptyList,
      "POST /v1/plaid/create-link-token/": { body: { link_token: "link-sandbox-1" } },
      "POST /v1/plaid/create_portfolios/": {
        body: { public_token_exchange: "complete", connectionId: "c1", accounts: 2, duplicate: false },
      },
      // what the dashboard asks once it has portfolios
      "POST /v1/get/netWorthHistory": { body: { netWorthHistory: [] } },
      "POST /v1/get/achievement-state": { body: { achievement_state: 1 } },
    });
    const tokens = plaidStandIn();
    // the list's 1 s between looks on fake timers, moved on by advanceUntil
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    const { user, router } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await user.click(await screen.findByRole("button", { name: "Connect brokerage" }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/portfolios"));
    expect(tokens).toEqual(["link-sandbox-1"]);
    expect(api.callsTo("POST /v1/plaid/create_portfolios/")[0].body).toEqual({ public_token: "public-sandbox-1", metadata });
    expect(await screen.findByText(BrokerageMessages.imported)).toBeTruthy();
    // the portfolios are made from an event a moment later: the list is asked again until they are there
    expect(await screen.findByText("Importing your brokerage portfolios…")).toBeTruthy();
    api.handlers["POST /v1/get/portfolios-and-assets"] = {
      body: {
        portfolios: {
          ira: plaidItem("ira", "First Platypus Bank – Plaid IRA ••5555"),
          k: plaidItem("k", "First Platypus Bank – Plaid 401k ••6666"),
        },
      },
    };
    expect(await advanceUntil(() => screen.getByText("First Platypus Bank – Plaid IRA ••5555"), 250)).toBeTruthy();
    expect(screen.queryByText("Importing your brokerage portfolios…")).toBeNull();
  });

  it("at the plan's limit shows the toast and the upgrade modal, and never opens Link", async () => {
    mockApi({
      ...emptyList,
      ...freePlan,
      "POST /v1/plaid/create-link-token/": { body: { needs_upgrade: true, message: Messages.connectionLimit } },
    });
    const tokens = plaidStandIn();
    const { user } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await user.click(await screen.findByRole("button", { name: "Connect brokerage" }, slow));
    expect((await screen.findByRole("alert")).textContent).toContain(Messages.connectionLimit);
    const dialog = await screen.findByRole("dialog", { name: "Upgrade" });
    expect(within(dialog).getByText(Messages.connectionLimit)).toBeTruthy();
    expect(tokens).toEqual([]);
    await within(dialog).findByText(/The paid plan allows 10 brokerage connections/);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a limit found at create_portfolios (403 needs_upgrade) shows the upgrade modal too", async () => {
    mockApi({
      ...emptyList,
      ...freePlan,
      "POST /v1/plaid/create-link-token/": { body: { link_token: "link-sandbox-1" } },
      "POST /v1/plaid/create_portfolios/": {
        status: 403,
        body: { error: Messages.connectionLimit, code: "brokerage/connection-limit", needs_upgrade: true },
      },
    });
    plaidStandIn();
    const { user } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await user.click(await screen.findByRole("button", { name: "Connect brokerage" }, slow));
    expect(await screen.findByRole("dialog", { name: "Upgrade" })).toBeTruthy();
  });

  it("says what to set when the server has no Plaid configured, and stays on the dashboard", async () => {
    const words =
      "Brokerage connections are not configured on this server. Set PLAID_CLIENT_ID, PLAID_SECRET, BROKERAGE_TOKEN_KEY (see docs/configuration.md, Brokerage connections).";
    mockApi({
      ...emptyList,
      "POST /v1/plaid/create-link-token/": { status: 503, body: { error: words, code: "brokerage/not-configured" } },
    });
    const { user, router } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await user.click(await screen.findByRole("button", { name: "Connect brokerage" }, slow));
    expect((await screen.findByRole("alert")).textContent).toContain("PLAID_CLIENT_ID");
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("closing Link creates nothing", async () => {
    const api = mockApi({ ...emptyList, "POST /v1/plaid/create-link-token/": { body: { link_token: "link-sandbox-1" } } });
    plaidStandIn("exit");
    const { user } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    await user.click(await screen.findByRole("button", { name: "Connect brokerage" }, slow));
    await waitFor(() => expect((screen.getByRole("button", { name: "Connect brokerage" }) as HTMLButtonElement).disabled).toBe(false));
    expect(api.callsTo("POST /v1/plaid/create_portfolios/")).toEqual([]);
  });
});

const connection = {
  id: "c1",
  institution: { name: "First Platypus Bank" },
  status: "ok",
  lastSynced: "2026-01-02T12:00:00.000Z",
  accounts: 2,
};
const settings = {
  notifications: { enabled: false },
  account: { email: "ann@example.com", plan: "free", username: "ann", displayName: "Ann" },
  plan_ids: [],
  connections: [],
};

describe("the connections tab", () => {
  it("removes a connection after confirmation, with the caller's e-mail in the path", async () => {
    const api = mockApi({
      "POST /v1/get/settings": { body: settings },
      "POST /v1/plaid/get_connections": { body: { results: [connection], maxConnections: 1, configured: true } },
      "GET /v1/plaid/delete_plaid_connection/ann%40example.com/c1": { body: { result: "ok" } },
    });
    const { user } = renderApp({ route: "/settings?t=connections", preloadedState: signedInState() });
    expect(await screen.findByText("First Platypus Bank", undefined, slow)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Remove First Platypus Bank" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove connection?" });
    api.handlers["POST /v1/plaid/get_connections"] = { body: { results: [], maxConnections: 1, configured: true } };
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("No brokerage accounts are connected.")).toBeTruthy();
    expect(api.callsTo("GET /v1/plaid/delete_plaid_connection/ann%40example.com/c1")).toHaveLength(1);
  });

  it("on nok shows 'An error occurred. Please try again.' and keeps the connection", async () => {
    mockApi({
      "POST /v1/get/settings": { body: settings },
      "POST /v1/plaid/get_connections": { body: { results: [connection], maxConnections: 1, configured: true } },
      "GET /v1/plaid/delete_plaid_connection/ann%40example.com/c1": {
        status: 503,
        body: { result: "nok", error: Messages.connectionRemoveFailed, code: "brokerage/plaid-failed" },
      },
    });
    const { user } = renderApp({ route: "/settings?t=connections", preloadedState: signedInState() });
    await user.click(await screen.findByRole("button", { name: "Remove First Platypus Bank" }, slow));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove" }));
    expect((await screen.findByRole("alert")).textContent).toContain("An error occurred. Please try again.");
    expect(screen.getByText("First Platypus Bank")).toBeTruthy();
  });

  it("marks a connection that needs the user to log in again, and says when Plaid is not configured", async () => {
    mockApi({
      "POST /v1/get/settings": { body: settings },
      "POST /v1/plaid/get_connections": {
        body: {
          results: [{ ...connection, status: "login_required" }],
          maxConnections: 1,
          configured: false,
          message: "Brokerage connections are not configured on this server. Set PLAID_CLIENT_ID.",
        },
      },
    });
    renderApp({ route: "/settings?t=connections", preloadedState: signedInState() });
    expect(await screen.findByText(/Needs attention/, undefined, slow)).toBeTruthy();
    expect(screen.getByText(/not configured on this server/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Connect brokerage" })).toBeNull();
  });
});
