import { BillingMessages } from "@folio/proto/constants";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { advanceUntil, mockApi, renderApp, renderWithProviders, signedInState } from "../../test-utils.tsx";
import { goTo } from "./redirect.ts";
import { UpgradeModal } from "./UpgradeModal.tsx";

vi.mock("./redirect.ts", () => ({ goTo: vi.fn() }));

const free = {
  plan: "free",
  maxConnections: 1,
  plan_ids: ["price_pro_monthly"],
  configured: true,
  paidMaxConnections: 10,
  manageable: false,
  status: null,
};
const pro = { ...free, plan: "pro", maxConnections: 10, manageable: true, status: "active" };
const unconfigured = { ...free, plan_ids: [], configured: false };
/** Stripe's Price objects of the offer, as billing answers them (unit_amount 900 usd every month → $9.00 a month) */
const offer = {
  body: {
    prices: [
      { id: "price_pro_monthly", nickname: "Pro", amount: 9, currency: "USD", interval: "month", intervalCount: 1 },
      { id: "price_m", nickname: "Monthly", amount: 9, currency: "USD", interval: "month", intervalCount: 1 },
      { id: "price_y", nickname: "Yearly", amount: 90, currency: "USD", interval: "year", intervalCount: 1 },
    ],
  },
};
const CHECKOUT_URL = "https://checkout.stripe.test/c/pay/cs_1";
const PORTAL_URL = "https://billing.stripe.test/p/session/bps_1";

let alert: ReturnType<typeof vi.fn>;
let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.mocked(goTo).mockReset();
  alert = vi.fn();
  vi.stubGlobal("alert", alert);
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

function openModal(plan: unknown, onClose = vi.fn()) {
  const rendered = renderWithProviders(<UpgradeModal message="Only one connected account is allowed in your plan" onClose={onClose} />, {
    preloadedState: signedInState(),
  });
  return { ...rendered, onClose, plan };
}

describe("UpgradeModal", () => {
  it("shows the message and what the paid plan allows, and goes to Checkout with the offered price", async () => {
    const api = mockApi({
      "GET /v1/billing/plan": { body: free },
      "GET /v1/billing/prices": offer,
      "POST /v1/create-checkout-session": { body: { url: CHECKOUT_URL } },
    });
    const { user } = openModal(free);
    const dialog = screen.getByRole("dialog", { name: "Upgrade" });
    expect(within(dialog).getByText("Only one connected account is allowed in your plan")).toBeTruthy();
    expect(
      await within(dialog).findByText("The paid plan allows 10 brokerage connections; you now have 1 brokerage connection."),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Upgrade" }));
    expect(api.callsTo("POST /v1/create-checkout-session").map((c) => c.body)).toEqual([{ price_id: "price_pro_monthly" }]);
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(alert).not.toHaveBeenCalled();
  });

  it("lets the user pick among several plans", async () => {
    const api = mockApi({
      "GET /v1/billing/plan": { body: { ...free, plan_ids: ["price_m", "price_y"] } },
      "GET /v1/billing/prices": offer,
      "POST /v1/create-checkout-session": { body: { url: CHECKOUT_URL } },
    });
    const { user } = openModal(free);
    const picker = (await screen.findByLabelText("Plan")) as HTMLSelectElement;
    await vi.waitFor(() =>
      expect([...picker.options].map((o) => o.textContent)).toEqual(["Monthly: $9.00 a month", "Yearly: $90.00 a year"]),
    );
    await user.selectOptions(picker, "price_y");
    await user.click(screen.getByRole("button", { name: "Upgrade" }));
    expect(api.callsTo("POST /v1/create-checkout-session").map((c) => c.body)).toEqual([{ price_id: "price_y" }]);
  });

  it("alerts 'Error: ' plus the server's error and stays", async () => {
    mockApi({
      "GET /v1/billing/plan": { body: free },
      "GET /v1/billing/prices": offer,
      "POST /v1/create-checkout-session": { status: 400, body: { error: BillingMessages.unknownPrice, code: "billing/unknown-price" } },
    });
    const { user } = openModal(free);
    await user.click(await screen.findByRole("button", { name: "Upgrade" }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(`Error: ${BillingMessages.unknownPrice}`));
    expect(goTo).not.toHaveBeenCalled();
  });

  it("only logs a failure that carries no error from the server", async () => {
    mockApi({
      "GET /v1/billing/plan": { body: free },
      "GET /v1/billing/prices": offer,
      "POST /v1/create-checkout-session": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const { user } = openModal(free);
    await user.click(await screen.findByRole("button", { name: "Upgrade" }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith("billing: checkout failed", expect.anything()));
    expect(alert).not.toHaveBeenCalled();
    expect(goTo).not.toHaveBeenCalled();
  });

  it("says billing is not configured, with no way to pay", async () => {
    mockApi({ "GET /v1/billing/plan": { body: unconfigured } });
    openModal(unconfigured);
    expect(await screen.findByText(BillingMessages.notConfigured)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade" })).toBeNull();
  });

  it("closes with the close button", async () => {
    mockApi({ "GET /v1/billing/plan": { body: free }, "GET /v1/billing/prices": offer });
    const { user, onClose } = openModal(free);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe("settings plan tab", () => {
  const open = (plan: unknown, extra: Record<string, unknown> = {}, route = "/settings?t=plan") => {
    const api = mockApi({
      "POST /v1/get/settings": {
        body: {
          notifications: { enabled: false },
          account: { email: "ann@example.com", plan: "free", username: null, displayName: null },
          plan_ids: [],
          connections: [],
        },
      },
      "GET /v1/billing/plan": { body: plan },
      "GET /v1/billing/prices": offer,
      ...extra,
    });
    return { api, ...renderApp({ route, preloadedState: signedInState() }) };
  };

  it("shows the free plan, the plans on offer, and opens the upgrade modal", async () => {
    const { user } = open(free, { "POST /v1/create-checkout-session": { body: { url: CHECKOUT_URL } } });
    expect((await screen.findByText("free")).className).toBe("plan-name");
    expect(screen.getByText(/1 brokerage connection\)/)).toBeTruthy();
    // the price as Stripe's Price says it, not its id
    expect(await screen.findByText("Pro: $9.00 a month")).toBeTruthy();
    expect(screen.queryByText(/price_pro_monthly/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Manage subscription" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Upgrade" }));
    const dialog = screen.getByRole("dialog", { name: "Upgrade" });
    expect(within(dialog).getByText("Upgrade to connect up to 10 brokerage accounts.")).toBeTruthy();
    await user.click(await within(dialog).findByRole("button", { name: "Upgrade" }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it("shows the paid plan and goes to the portal to manage it", async () => {
    const { user, api } = open(pro, { "POST /v1/create-portal-session": { body: { url: PORTAL_URL } } });
    expect(await screen.findByText("pro")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Manage subscription" }));
    expect(api.callsTo("POST /v1/create-portal-session")).toHaveLength(1);
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(PORTAL_URL));
  });

  it("alerts the portal's error", async () => {
    const { user } = open(
      { ...free, manageable: true },
      {
        "POST /v1/create-portal-session": { status: 503, body: { error: BillingMessages.providerFailed, code: "billing/provider-failed" } },
      },
    );
    await user.click(await screen.findByRole("button", { name: "Manage subscription" }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(`Error: ${BillingMessages.providerFailed}`));
  });

  it("says when a payment failed and the plan is kept meanwhile", async () => {
    open({ ...pro, status: "past_due" });
    expect((await screen.findByText(/last payment failed/)).getAttribute("role")).toBe("status");
  });

  it("says so when billing is not configured: everyone is free", async () => {
    open(unconfigured);
    expect(await screen.findByText(`${BillingMessages.notConfigured} Until then everyone is on the free plan.`)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade" })).toBeNull();
  });

  it("after Checkout, thanks the user and looks again until the plan changes", async () => {
    let answers = 0;
    // the 2 s between looks on fake timers, moved on by advanceUntil
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    open(
      free,
      {
        "GET /v1/billing/plan": () => {
          answers++;
          return { body: answers < 2 ? free : pro };
        },
      },
      "/settings?t=plan&checkout=success",
    );
    expect(await screen.findByText(/as soon as the payment is confirmed/)).toBeTruthy();
    expect(answers).toBe(1);
    expect(await advanceUntil(() => screen.getByText("pro"), 500)).toBeTruthy();
    expect(screen.queryByText(/as soon as the payment is confirmed/)).toBeNull();
    expect(answers).toBe(2);
  });
});
