/**
 * Users and their sessions in the e2e tests, done one way: registered (or logged in) through the API, through
 * the page's Register window or through its Log in window; a session put into a browser context or read from
 * a page; a user's first portfolio saved through the API. Re-exported by harness.ts.
 */
import type { AuthReply } from "@folio/proto/auth";
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { api } from "../../test/support/app-process.ts";

/** Every e2e user's password (long enough for the account rules). */
export const PASSWORD = "long-enough";
/** The localStorage key the web keeps the session under (web/src/features/auth/session.ts SESSION_KEY). */
const SESSION_KEY = "auth";

/** Registers a user through the API (expects 200) and returns the session it answers with. */
export async function registerByApi(url: string, email: string, displayName?: string): Promise<AuthReply> {
  const body = displayName === undefined ? { email, password: PASSWORD } : { email, password: PASSWORD, displayName };
  const registered = await api<AuthReply>(url, "POST", "/v1/auth/register", body);
  expect(registered.status).toBe(200);
  return registered.body;
}

/** Logs a user in through the API (expects 200) and returns the session it answers with. */
export async function logInByApi(url: string, email: string): Promise<AuthReply> {
  const login = await api<AuthReply>(url, "POST", "/v1/auth/login", { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.body;
}

/** Saves a new portfolio as the token's user through the API (expects 'pcreated') and returns its slug. */
export async function createPortfolioByApi(url: string, token: string, name: string, portfolio: object): Promise<string> {
  const created = await api<{ message: string; slug: string }>(
    url,
    "POST",
    "/v1/save/portfolio/new",
    { portfolio, newPortfolioName: name },
    token,
  );
  expect(created.body.message).toBe("pcreated");
  return created.body.slug;
}

/**
 * Registers through the page's Register window, from the page at `at` (or where the page is), and waits for
 * the first-portfolio page a new user lands on.
 */
export async function registerInPage(page: Page, email: string, at?: string): Promise<void> {
  if (at !== undefined) await page.goto(at);
  await page.getByRole("button", { name: "Register" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Register" }).click();
  await page.waitForURL(/\/dashboard\/first$/);
}

export interface LogInOptions {
  /** the page to open first; without it, the page as it is */
  at?: string;
  /** false when the Log in window is open already (the page asked for a login); otherwise the first Log in button opens it */
  open?: boolean;
}

/** Logs in through the page's Log in window and waits for the window to close. */
export async function logInInPage(page: Page, email: string, options: LogInOptions = {}): Promise<void> {
  if (options.at !== undefined) await page.goto(options.at);
  if (options.open !== false) await page.getByRole("button", { name: "Log in" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await dialog.waitFor({ state: "detached" });
}

/** Every page of the context starts signed in as `session`, unless the page has a session (a logout stays a logout). */
export async function keepSignedIn(context: BrowserContext, session: AuthReply): Promise<void> {
  const stored = JSON.stringify(JSON.stringify(session));
  await context.addInitScript(`if (!localStorage.getItem("${SESSION_KEY}")) localStorage.setItem("${SESSION_KEY}", ${stored});`);
}

/** The token of the session the page keeps (undefined when signed out). */
export async function tokenInPage(page: Page): Promise<string | undefined> {
  return page.evaluate((key) => {
    const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage;
    return (JSON.parse(storage.getItem(key) ?? "{}") as { idToken?: string }).idToken;
  }, SESSION_KEY);
}
