import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderApp, signedInState, testToken, testUser } from "../../test-utils.tsx";

const session = { idToken: "fresh-token", user: testUser };

function dialog() {
  return screen.getByRole("dialog");
}

async function fillCredentials(user: ReturnType<typeof renderApp>["user"], email: string, password: string) {
  const d = dialog();
  if (email) await user.type(within(d).getByLabelText("Email"), email);
  if (password) await user.type(within(d).getByLabelText("Password"), password);
}

describe("login and register", () => {
  it("requires email and password before calling the server", async () => {
    const api = mockApi();
    const { user } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Log in" })[0]!);
    await fillCredentials(user, "ann@example.com", "");
    await user.click(within(dialog()).getByRole("button", { name: "Log in" }));
    expect(within(dialog()).getByRole("alert").textContent).toBe("Email and password are required");
    expect(api.calls).toEqual([]);
  });

  it("asks for 6 characters on register before calling the server", async () => {
    const api = mockApi();
    const { user } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Register" })[0]!);
    await fillCredentials(user, "ann@example.com", "short");
    await user.click(within(dialog()).getByRole("button", { name: "Register" }));
    expect(within(dialog()).getByRole("alert").textContent).toBe("The password must be at least 6 characters long");
    expect(api.calls).toEqual([]);
  });

  it("shows the server's message when login fails", async () => {
    mockApi({
      "POST /v1/auth/login": { status: 401, body: { error: "The email and/or password is not correct", code: "auth/invalid-credential" } },
    });
    const { user, store } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Log in" })[0]!);
    await fillCredentials(user, "ann@example.com", "wrong-one");
    await user.click(within(dialog()).getByRole("button", { name: "Log in" }));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("The email and/or password is not correct");
    expect(store.getState().auth.idToken).toBeNull();
  });

  it("registers, reports the user with the referrer, keeps the session and opens /dashboard/first", async () => {
    localStorage.setItem("referrer", "bob");
    const api = mockApi({
      "POST /v1/auth/register": { body: session },
      "POST /v1/register": { body: { result: "ok" } },
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } },
    });
    const { user, store } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Register" })[0]!);
    await user.type(within(dialog()).getByLabelText("Display name"), "Ann");
    await fillCredentials(user, "ann@example.com", "long-enough");
    await user.click(within(dialog()).getByRole("button", { name: "Register" }));

    expect(await screen.findByRole("heading", { name: "Welcome to Folio, Ann!" })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard/first");
    expect(api.callsTo("POST /v1/auth/register")[0]!.body).toEqual({
      email: "ann@example.com",
      password: "long-enough",
      displayName: "Ann",
    });
    const report = api.callsTo("POST /v1/register")[0]!;
    expect(report.body).toEqual({ currentUser: { uid: testUser.uid, email: testUser.email, displayName: "Ann" }, referrer: "bob" });
    expect(report.authorization).toBe("Bearer fresh-token");
    expect(store.getState().auth.idToken).toBe("fresh-token");
    expect(JSON.parse(localStorage.getItem("auth")!)).toEqual(session);
    expect(localStorage.getItem("referrer")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("logs in, reports the user and opens /dashboard", async () => {
    const api = mockApi({
      "POST /v1/auth/login": { body: session },
      "POST /v1/login": { body: { result: "ok" } },
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } },
    });
    const { user } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Log in" })[0]!);
    await fillCredentials(user, "ann@example.com", "long-enough");
    await user.click(within(dialog()).getByRole("button", { name: "Log in" }));

    expect(await screen.findByRole("heading", { name: "Your portfolios" })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard");
    expect(api.callsTo("POST /v1/login")[0]!.body).toEqual({
      currentUser: { uid: testUser.uid, email: testUser.email, displayName: "Ann" },
    });
    // the dashboard's list is asked for as the page renders, in its own tick
    await waitFor(() => expect(api.callsTo("POST /v1/get/portfolios-and-assets")).toHaveLength(1));
    expect(api.callsTo("POST /v1/get/portfolios-and-assets")[0]!.authorization).toBe("Bearer fresh-token");
    expect(JSON.parse(localStorage.getItem("auth")!)).toEqual(session);
  });

  it("restores a session kept in localStorage", async () => {
    localStorage.setItem("auth", JSON.stringify(session));
    mockApi({ "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } } });
    renderApp({ route: "/dashboard" });
    expect(await screen.findByRole("heading", { name: "Your portfolios" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log out" })).toBeTruthy();
  });

  it("sends a reset link from the login window", async () => {
    const api = mockApi({ "POST /v1/auth/password-reset": { body: { result: "ok" } } });
    const { user } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Log in" })[0]!);
    await fillCredentials(user, "ann@example.com", "");
    await user.click(within(dialog()).getByRole("button", { name: "Forgot password?" }));
    expect((await within(dialog()).findByRole("status")).textContent).toBe("Check your e-mail for a reset link.");
    expect(api.callsTo("POST /v1/auth/password-reset")[0]!.body).toEqual({ email: "ann@example.com" });
  });

  it("asks for the e-mail when 'Forgot password?' is chosen without one, and sends nothing", async () => {
    const api = mockApi({ "POST /v1/auth/password-reset": { body: { result: "ok" } } });
    const { user } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Log in" })[0]!);
    await user.click(within(dialog()).getByRole("button", { name: "Forgot password?" }));
    const email = within(dialog()).getByLabelText("Email");
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("Enter your e-mail address above: the reset link is sent there.");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.nextElementSibling).toBe(within(dialog()).getByRole("alert"));
    expect(document.activeElement).toBe(email);
    expect(api.callsTo("POST /v1/auth/password-reset")).toHaveLength(0);
    await user.type(email, "ann@example.com");
    expect(within(dialog()).queryByRole("alert")).toBeNull();
  });

  it("shows the server's message when the reset link cannot be sent", async () => {
    mockApi({
      "POST /v1/auth/password-reset": { status: 404, body: { error: "The email address is not registered", code: "auth/user-not-found" } },
    });
    const { user } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Log in" })[0]!);
    await fillCredentials(user, "nobody@example.com", "");
    await user.click(within(dialog()).getByRole("button", { name: "Forgot password?" }));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("The email address is not registered");
  });
});

/** a visitor on the dashboard is shown the sample portfolios (none here) */
const noSamples = { "GET /v1/get/communityportfolios": { body: { pagination: { page: 1, pageSize: 12, totals: {} } } } };

describe("pre-login URL", () => {
  it("a protected page asks to log in and comes back to it afterwards", async () => {
    mockApi({
      "POST /v1/auth/login": { body: session },
      "POST /v1/login": { body: { result: "ok" } },
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } },
      ...noSamples,
    });
    const { user } = renderApp({ route: "/dashboard/first" });
    // the dashboard invites rather than interrupts: its own Log in button opens the window
    expect(screen.queryByRole("dialog")).toBeNull();
    await screen.findByRole("heading", { name: "Your portfolios live here" });
    await user.click(within(screen.getByRole("main")).getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(localStorage.getItem("preLoginUrl")).toBe("/dashboard/first");
    await fillCredentials(user, "ann@example.com", "long-enough");
    await user.click(within(dialog()).getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("heading", { name: /Welcome to Folio/ })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard/first");
    expect(localStorage.getItem("preLoginUrl")).toBeNull();
  });

  it("a 401 nouser reply ends the stale session, keeps the URL and opens login", async () => {
    mockApi({ "POST /v1/get/portfolios-and-assets": { status: 401, body: { result: "nouser" } }, ...noSamples });
    const { store } = renderApp({ route: "/dashboard", preloadedState: signedInState() });
    expect(await screen.findByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(localStorage.getItem("preLoginUrl")).toBe("/dashboard");
    expect(store.getState().auth.idToken).toBeNull();
  });

  it("after register, goes to the stored URL rather than /dashboard/first", async () => {
    localStorage.setItem("preLoginUrl", "/dashboard");
    mockApi({
      "POST /v1/auth/register": { body: session },
      "POST /v1/register": { body: { result: "ok" } },
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } },
    });
    const { user } = renderApp();
    await user.click(screen.getAllByRole("button", { name: "Register" })[0]!);
    await fillCredentials(user, "ann@example.com", "long-enough");
    await user.click(within(dialog()).getByRole("button", { name: "Register" }));
    expect(await screen.findByRole("heading", { name: "Your portfolios" })).toBeTruthy();
    expect(window.location.pathname).toBe("/dashboard");
  });
});

describe("logout", () => {
  it("ends the session, clears biggest_movers and goes to /", async () => {
    localStorage.setItem("auth", JSON.stringify({ idToken: testToken, user: testUser }));
    localStorage.setItem("biggest_movers", JSON.stringify({ value: {}, ttl: 3600 }));
    const api = mockApi({
      "POST /v1/get/portfolios-and-assets": { body: { portfolios: {} } },
      "POST /v1/auth/logout": { body: { result: "ok" } },
      ...noSamples,
    });
    const { user, store } = renderApp({ route: "/dashboard" });
    await screen.findByRole("heading", { name: "Your portfolios" });
    await user.click(screen.getByRole("button", { name: "Log out" }));

    expect(await screen.findByRole("heading", { name: "Know what your investments are worth" })).toBeTruthy();
    expect(window.location.pathname).toBe("/");
    expect(api.callsTo("POST /v1/auth/logout")[0]!.authorization).toBe(`Bearer ${testToken}`);
    expect(store.getState().auth).toEqual({ idToken: null, user: null, modal: null });
    expect(localStorage.getItem("auth")).toBeNull();
    expect(localStorage.getItem("biggest_movers")).toBeNull();
    // leaving the dashboard must not read as "this page needs a login"
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem("preLoginUrl")).toBeNull();
  });
});

describe("referral and password reset pages", () => {
  it("/referral?referral=X keeps the referrer and opens register on the landing page", async () => {
    renderApp({ route: "/referral?referral=bob" });
    expect(await screen.findByRole("dialog", { name: "Create your account" })).toBeTruthy();
    expect(localStorage.getItem("referrer")).toBe("bob");
    expect(window.location.pathname).toBe("/");
  });

  it("/referral without the parameter goes to /", async () => {
    renderApp({ route: "/referral" });
    expect(await screen.findByRole("heading", { name: "Know what your investments are worth" })).toBeTruthy();
    expect(window.location.pathname).toBe("/");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(localStorage.getItem("referrer")).toBeNull();
  });

  it("/reset-password sets the new password with the token", async () => {
    const api = mockApi({ "POST /v1/auth/password-reset/confirm": { body: { result: "ok" } } });
    const { user } = renderApp({ route: "/reset-password?token=abc123" });
    const input = await screen.findByLabelText("New password");
    await user.type(input, "12345");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(screen.getByRole("alert").textContent).toBe("The password must be at least 6 characters long");
    expect(api.calls).toEqual([]);

    await user.type(input, "6");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect((await screen.findByRole("status")).textContent).toContain("Your password has been changed");
    expect(api.callsTo("POST /v1/auth/password-reset/confirm")[0]!.body).toEqual({ token: "abc123", password: "123456" });
  });

  it("/reset-password shows the server's message for a bad token", async () => {
    mockApi({
      "POST /v1/auth/password-reset/confirm": {
        status: 400,
        body: { error: "This reset link has expired", code: "auth/invalid-reset-token" },
      },
    });
    const { user } = renderApp({ route: "/reset-password?token=old" });
    await user.type(await screen.findByLabelText("New password"), "long-enough");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This reset link has expired");
  });
});
