/**
 * Test helpers: the app's own store (makeStore) and router, and a fetch mock that answers the API calls a
 * test declares, records them, and fails the test on any call it did not declare.
 */
import { act, type Config, configure, type RenderOptions, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { Provider } from "react-redux";
import { createBrowserRouter, type RouteObject, RouterProvider } from "react-router-dom";
import { vi } from "vitest";
import type { Asset, Portfolio, User } from "./app/apiTypes.ts";
import { routes } from "./app/routes.tsx";
import { type AppStore, makeStore, type RootState } from "./app/store.ts";
import { newPortfolio } from "./features/portfolio/portfolioModel.ts";

interface ProvidersOptions extends Omit<RenderOptions, "queries"> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** the URL the page starts at (path and query) */
  route?: string;
}

function renderRoutes(
  routeObjects: RouteObject[],
  { preloadedState, store = makeStore(preloadedState), route = "/", ...options }: ProvidersOptions,
) {
  window.history.replaceState(null, "", route);
  const router = createBrowserRouter(routeObjects);
  // userEvent waits between actions with setTimeout; under fake timers the clock has to be moved for it
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    options,
  );
  return { store, user, router, ...result };
}

/** Renders `ui` with the store and a router (so links and navigation work) at `route`. */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  return renderRoutes([{ path: "*", element: ui }], options);
}

/** The whole app (layout, modals, toasts, every route) at `route`. */
export function renderApp(options: ProvidersOptions = {}) {
  return renderRoutes(routes, options);
}

export const testUser: User = { uid: "u-ann", email: "ann@example.com", displayName: "Ann" };
export const testToken = "token-ann";

export function signedInState(): Partial<RootState> {
  return { auth: { idToken: testToken, user: testUser, modal: null } };
}

export function portfolioFixture(overrides: Partial<Portfolio> = {}): Portfolio {
  return {
    ...newPortfolio(),
    slug: "three-fund",
    pName: "Three Fund",
    created_at: "2024-01-02T10:00:00.000Z",
    indexTicker: "^GSPC",
    rev: 4,
    ...overrides,
  };
}

export function assetFixture(overrides: Partial<Asset> = {}): Asset {
  const asset: Asset = {
    ticker: "VTI",
    name: "Vanguard Total Stock Market ETF",
    quantity: 10,
    PoA: 250,
    DoA: "2024-01-05",
    value: 2500,
    fee: null,
    assetClass: "ETF",
    initialPercent: null,
    index: 0,
    ...overrides,
  };
  return asset;
}

/**
 * An asset as the server's valuation sends it in USD with no split or dividend: its live fields from the
 * entry and `latestPrice` (shares = quantity, cost = quantity × PoA, market value = shares × price, profit/loss
 * = market value − cost, in percent of cost). Tests on splits, currencies or dividends give the fields themselves.
 */
export function valuedAssetFixture(overrides: Partial<Asset> & { latestPrice: number }): Asset {
  const asset = assetFixture(overrides);
  const cost = asset.quantity * asset.PoA;
  const marketValue = asset.quantity * overrides.latestPrice;
  const profitLoss = marketValue - cost;
  return {
    ...asset,
    value: cost,
    currency: "USD",
    shares: asset.quantity,
    splitFactor: 1,
    cost,
    marketValue,
    dividends: 0,
    profitLoss,
    profitLossPercent: cost > 0 ? (profitLoss / cost) * 100 : null,
    ...overrides,
  };
}

export interface MockCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
  authorization: string | null;
}
export interface MockReply {
  status?: number;
  body?: unknown;
}
export type MockHandler = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

let unmatched: string[] = [];

/**
 * Replaces global fetch. `handlers` is keyed "METHOD /path" (no query string) and may be changed during
 * the test. A call nobody declared gets a 501 and fails the test when it ends.
 */
export function mockApi(handlers: Record<string, MockHandler> = {}) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: Request) => {
    const url = new URL(input.url);
    const text = await input.text();
    const call: MockCall = {
      method: input.method,
      path: url.pathname,
      search: url.search,
      body: text ? parsedBody(text) : undefined,
      authorization: input.headers.get("authorization"),
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const handler = handlers[key];
    if (!handler) {
      unmatched.push(key);
      return json({ error: `not mocked: ${key}` }, 501);
    }
    const reply = typeof handler === "function" ? await handler(call) : handler;
    return json(reply.body ?? {}, reply.status ?? 200);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    handlers,
    calls,
    /** the calls made to "METHOD /path" */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** JSON bodies parsed; others (multipart uploads) kept as their text. */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export function assertEveryCallMocked() {
  const missed = unmatched;
  unmatched = [];
  if (missed.length > 0) throw new Error(`API calls the test did not mock: ${missed.join(", ")}`);
}

/** Moves fake timers forward and lets React and the fetch mock settle. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Moves fake timers `step` ms at a time until `check` passes, and returns what it returned: a page's own
 * waits (a poll's pause, a progress bar's steps) pass in a few milliseconds and in the order their timers
 * are due. Gives up with the last failure after `limit` ms of fake time.
 */
export async function advanceUntil<T>(check: () => T, step = 100, limit = 20_000): Promise<T> {
  for (let waited = 0; waited < limit; waited += step) {
    try {
      return quietly(check);
    } catch {
      await advance(step);
    }
  }
  return check();
}

/**
 * Runs `check` with Testing Library's expensive error diagnostics off, as its own waitFor does between
 * attempts: a failed query then does not list every role of the page (advanceUntil's last attempt still does).
 */
function quietly<T>(check: () => T): T {
  const set = (off: boolean) => configure({ _disableExpensiveErrorDiagnostics: off } as unknown as Partial<Config>);
  set(true);
  try {
    return check();
  } finally {
    set(false);
  }
}
