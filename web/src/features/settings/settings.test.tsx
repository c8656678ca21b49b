import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderApp, signedInState } from "../../test-utils.tsx";
import { tabFrom } from "./SettingsPage.tsx";

const settings = {
  notifications: { enabled: true },
  account: { email: "ann@example.com", plan: "free", username: "ann", displayName: "Ann" },
  plan_ids: ["price_pro"],
  connections: [
    { id: "c1", name: "Chase", sync: true },
    { id: "c2", name: "Vanguard", sync: false },
  ],
};

function tab(name: string) {
  return screen.getByRole("tab", { name });
}

const plan = {
  plan: "free",
  maxConnections: 1,
  plan_ids: ["price_pro"],
  configured: true,
  paidMaxConnections: 10,
  manageable: false,
  status: null,
};
const settingsAndPlan = () => ({
  "POST /v1/get/settings": { body: settings },
  "GET /v1/billing/plan": { body: plan },
  "GET /v1/billing/prices": {
    body: { prices: [{ id: "price_pro", nickname: "Pro", amount: 9, currency: "USD", interval: "month", intervalCount: 1 }] },
  },
  "POST /v1/plaid/get_connections": { body: { results: [], maxConnections: 1, configured: true } },
});

async function openProfile(api = mockApi(settingsAndPlan())) {
  const rendered = renderApp({ route: "/settings", preloadedState: signedInState() });
  // the first render loads the app's modules: on a busy machine that alone can take over a second
  await screen.findByRole("heading", { name: "Profile" }, { timeout: 5000 });
  return { api, ...rendered };
}

describe("settings tabs", () => {
  it("?t= picks the tab, profile by default and for anything unknown", () => {
    expect(tabFrom(null)).toBe("profile");
    expect(tabFrom("plan")).toBe("plan");
    expect(tabFrom("billing")).toBe("profile");
  });

  it("opens on the profile tab with the stored username and display name", async () => {
    await openProfile();
    expect(tab("Profile").getAttribute("aria-selected")).toBe("true");
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("ann");
    expect((screen.getByLabelText("Display name") as HTMLInputElement).value).toBe("Ann");
    expect(screen.getByText("Signed in as ann@example.com")).toBeTruthy();
  });

  it("switches tabs through the URL", async () => {
    const { user } = await openProfile();
    await user.click(tab("Notifications"));
    expect(window.location.search).toBe("?t=notifications");
    expect(tab("Notifications").getAttribute("aria-selected")).toBe("true");
    expect((screen.getByRole("checkbox", { name: /E-mail me/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(tab("Connections"));
    const panel = screen.getByRole("tabpanel");
    // the brokerage service's list (features/brokerage/brokerage.test.tsx tests the tab itself)
    expect(await within(panel).findByText("No brokerage accounts are connected.")).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Connect brokerage" })).toBeTruthy();

    await user.click(tab("Plan"));
    expect((await screen.findByText("free")).className).toBe("plan-name");
    expect(screen.getByRole("button", { name: "Upgrade" })).toBeTruthy();
  });

  it("opens the tab named in the URL", async () => {
    mockApi(settingsAndPlan());
    renderApp({ route: "/settings?t=plan", preloadedState: signedInState() });
    expect(await screen.findByRole("heading", { name: "Plan" })).toBeTruthy();
  });
});

describe("profile save", () => {
  it.each([
    ["", "Username is required"],
    ["  ", "Username is required"],
    ["ab", "The username must be between 3 and 15 characters long"],
    ["a_very_long_username", "The username must be between 3 and 15 characters long"],
    ["ann-42", "The username may only contain letters, numbers and underscores"],
  ])("checks the username %j before calling the server", async (username, message) => {
    const { api, user } = await openProfile();
    await user.clear(screen.getByLabelText("Username"));
    if (username) await user.type(screen.getByLabelText("Username"), username);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert").textContent).toBe(message);
    // under the username, named as its description, not at the foot of the form
    const field = screen.getByLabelText("Username");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(message);
    expect(field.nextElementSibling).toBe(screen.getByRole("alert"));
    expect(api.callsTo("POST /v1/update/settings")).toHaveLength(0);
  });

  it("does not let an existing display name be emptied", async () => {
    const { api, user } = await openProfile();
    await user.clear(screen.getByLabelText("Display name"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("alert").textContent).toBe("The display name must not be empty");
    expect(api.callsTo("POST /v1/update/settings")).toHaveLength(0);
  });

  it("refuses a display name over 100 characters in words, before the call", async () => {
    const { api } = await openProfile();
    fireEvent.change(screen.getByLabelText("Display name"), { target: { value: "A".repeat(101) } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Display name must be at most 100 characters");
    expect(api.callsTo("POST /v1/update/settings")).toHaveLength(0);
  });

  it("shows the server's refusal of a field in its words, never the validator's", async () => {
    const api = mockApi({
      ...settingsAndPlan(),
      "POST /v1/update/settings": {
        status: 400,
        body: { error: "Base currency must be at most 10 characters", code: "validation_failed" },
      },
    });
    const { user } = await openProfile(api);
    await user.clear(screen.getByLabelText("Display name"));
    await user.type(screen.getByLabelText("Display name"), "Ann B");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Base currency must be at most 10 characters");
  });

  it("saves, says 'Updated!' and reloads the settings", async () => {
    const api = mockApi({
      "POST /v1/get/settings": { body: settings },
      "POST /v1/update/settings": { body: { status: "ok" } },
    });
    const { user } = await openProfile(api);
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), " ann_42 ");
    await user.clear(screen.getByLabelText("Display name"));
    await user.type(screen.getByLabelText("Display name"), "Ann B");
    api.handlers["POST /v1/get/settings"] = {
      body: { ...settings, account: { ...settings.account, username: "ann_42", displayName: "Ann B" } },
    };
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect((await screen.findByRole("status")).textContent).toContain("Updated!");
    expect(api.callsTo("POST /v1/update/settings")[0]!.body).toEqual({
      settings: { account: { username: "ann_42", displayName: "Ann B" } },
    });
    expect(api.callsTo("POST /v1/update/settings")[0]!.authorization).toBe("Bearer token-ann");
    await expect.poll(() => api.callsTo("POST /v1/get/settings").length).toBe(2);
    await expect.poll(() => (screen.getByLabelText("Username") as HTMLInputElement).value).toBe("ann_42");
    // the top bar shows the new display name
    expect(screen.getByText("Ann B", { selector: ".topbar-account span" })).toBeTruthy();
  });

  it("shows the server's message when it refuses", async () => {
    const api = mockApi({
      "POST /v1/get/settings": { body: settings },
      "POST /v1/update/settings": {
        status: 400,
        body: { message: "This username is already taken", error: "This username is already taken", code: "settings/username-taken" },
      },
    });
    const { user } = await openProfile(api);
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), "bob");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This username is already taken");
    expect(screen.getByLabelText("Username").nextElementSibling).toBe(screen.getByRole("alert"));
    expect(screen.queryByText("Updated!")).toBeNull();
    expect(api.callsTo("POST /v1/get/settings")).toHaveLength(1);
  });
});

describe("notifications save", () => {
  it("sends the checkbox", async () => {
    const api = mockApi({
      "POST /v1/get/settings": { body: settings },
      "POST /v1/update/settings": { body: { status: "ok" } },
    });
    const { user } = renderApp({ route: "/settings?t=notifications", preloadedState: signedInState() });
    await user.click(await screen.findByRole("checkbox", { name: /E-mail me/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("status")).textContent).toContain("Updated!");
    expect(api.callsTo("POST /v1/update/settings")[0]!.body).toEqual({ settings: { notifications: { enabled: false } } });
  });
});

describe("settings for a visitor", () => {
  it("asks to log in", async () => {
    mockApi();
    renderApp({ route: "/settings?t=plan" });
    expect(await screen.findByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(localStorage.getItem("preLoginUrl")).toBe("/settings?t=plan");
  });
});

describe("base currency", () => {
  it("shows the stored currency, offers the server's list and saves a change", async () => {
    const stored = { ...settings, account: { ...settings.account, baseCurrency: "USD" }, currencies: ["USD", "EUR", "GBP"] };
    const api = mockApi({
      "POST /v1/get/settings": { body: stored },
      "POST /v1/update/settings": { body: { status: "ok" } },
    });
    const { user } = await openProfile(api);
    const select = screen.getByLabelText("Show amounts in") as HTMLSelectElement;
    expect(select.value).toBe("USD");
    expect([...select.options].map((o) => o.value)).toEqual(["USD", "EUR", "GBP"]);
    const save = screen.getByRole("button", { name: "Save base currency" }) as HTMLButtonElement;
    // nothing to save until the currency changes
    expect(save.disabled).toBe(true);
    await user.selectOptions(select, "EUR");
    await user.click(save);
    expect((await screen.findByRole("status")).textContent).toContain("Updated!");
    expect(api.callsTo("POST /v1/update/settings")[0]!.body).toEqual({ settings: { account: { baseCurrency: "EUR" } } });
  });
});
