/**
 * Where every public HTTP call is: its owning service, method, path, who may make it, how its body arrives
 * and the caching of a reply that is the same for everyone. The one production file that writes the API's
 * paths (a test refuses them anywhere else: test/path-literals.test.ts). What each call carries (params,
 * query, body, the reply per status and the error codes) is its contract beside the schemas
 * (contracts/<service>.ts, which adds those to these entries); the server's registration
 * (platform/src/http/route.ts), the calls between services (platform/src/internal.ts), the web's endpoints
 * (web/src/app/endpoint.ts), the cluster gateway's routing table and the OpenAPI document are derived from them.
 *
 * Plain values with no TypeBox and no imports, so the web (and the build's preload script) read it at run
 * time without a schema library.
 */

export type HttpMethod = "GET" | "POST" | "DELETE";

/**
 * Who may make the call:
 * - `required`: a signed-in caller only; a visitor gets 401 `{ result: 'nouser' }` on the request line, before
 *   any body is read or checked;
 * - `optional`: anyone; the answer depends on who asks (an owner sees their private portfolio);
 * - `none`: anyone, the same answer for all (or a caller that proves itself otherwise: a signed webhook).
 */
export type RouteAuth = "required" | "optional" | "none";

/**
 * How the body arrives: `json` (the default; checked against the contract's body schema), `multipart` (files,
 * read by the handler: the caller is checked before a byte of it is), `raw` (the exact bytes, for a webhook
 * whose signature covers them).
 */
export type BodyKind = "json" | "multipart" | "raw";

/** One call's address, as declared below. */
export interface RouteSpec {
  readonly method: HttpMethod;
  /** Fastify's pattern: `:name` for a path parameter */
  readonly path: string;
  readonly auth: RouteAuth;
  /** how its body arrives (absent: JSON, or no body) */
  readonly accepts?: BodyKind;
  /** Cache-Control of its 200 (and 304) reply, when that reply is public and the same for everyone */
  readonly cache?: string;
  /**
   * A query between services (one service asks another on a user's behalf): no client outside reaches it. The
   * edge answers it only to in-process calls, the gateway does not forward it, and a service behind the gateway
   * only to requests the gateway did not forward (platform/src/http/server.ts).
   */
  readonly internal?: boolean;
}

export interface Route<S extends string = string, N extends string = string> extends RouteSpec {
  /** the service that owns it (and serves it) */
  readonly service: S;
  /** its name within the service */
  readonly name: N;
}

function service<const S extends string, const T extends Record<string, RouteSpec>>(
  name: S,
  routes: T,
): { readonly [K in keyof T & string]: T[K] & { readonly service: S; readonly name: K } } {
  return Object.fromEntries(Object.entries(routes).map(([key, spec]) => [key, { ...spec, service: name, name: key }])) as never;
}

export const Routes = {
  accounts: service("accounts", {
    register: { method: "POST", path: "/v1/auth/register", auth: "none" },
    login: { method: "POST", path: "/v1/auth/login", auth: "none" },
    logout: { method: "POST", path: "/v1/auth/logout", auth: "required" },
    passwordReset: { method: "POST", path: "/v1/auth/password-reset", auth: "none" },
    passwordResetConfirm: { method: "POST", path: "/v1/auth/password-reset/confirm", auth: "none" },
    profile: { method: "POST", path: "/v1/auth/profile", auth: "required" },
    /** spec §7: the web reports who signed in */
    reportLogin: { method: "POST", path: "/v1/login", auth: "required" },
    /** spec §7: the web reports the new user and who referred them */
    reportRegister: { method: "POST", path: "/v1/register", auth: "required" },
    settings: { method: "POST", path: "/v1/get/settings", auth: "required" },
    updateSettings: { method: "POST", path: "/v1/update/settings", auth: "required" },
  }),
  achievements: service("achievements", {
    state: { method: "POST", path: "/v1/get/achievement-state", auth: "required" },
    update: { method: "POST", path: "/v1/update/achievement-state", auth: "required" },
  }),
  portfolio: service("portfolio", {
    save: { method: "POST", path: "/v1/save/portfolio/:slug", auth: "required" },
    /** uncached, with the caller's identity (ownership) */
    get: { method: "POST", path: "/v1/get/portfolio/:slug", auth: "optional" },
    /** the visitors' path, cachable by the edge (its caching depends on the portfolio: reply headers) */
    cachable: { method: "GET", path: "/cachable/get/portfolio/:slug", auth: "optional" },
    list: { method: "POST", path: "/v1/get/portfolios-and-assets", auth: "required" },
    remove: { method: "POST", path: "/v1/delete/portfolio/:slug", auth: "required" },
    rename: { method: "POST", path: "/v1/update/portfolioname/:slug", auth: "required" },
    updateSettings: { method: "POST", path: "/v1/update/portfoliosettings/:slug", auth: "required" },
    community: { method: "GET", path: "/v1/get/communityportfolios", auth: "none", cache: "public, max-age=30" },
    unlist: { method: "POST", path: "/v1/admin/unlist/:slug", auth: "required" },
    restore: { method: "POST", path: "/v1/admin/restore/:slug", auth: "required" },
    moderationLog: { method: "POST", path: "/v1/admin/moderation", auth: "required" },
    moderationNotice: { method: "POST", path: "/v1/get/moderation/:slug", auth: "required" },
    /** the visitors' playground: a draft valued, nothing stored */
    playground: { method: "POST", path: "/v1/playground/value", auth: "none" },
  }),
  pricing: service("pricing", {
    /** the as-traded close of a day (the same for everyone: kept an hour) */
    close: { method: "GET", path: "/v1/get/:ticker/close", auth: "none", cache: "public, max-age=3600" },
    /** the spec's price reply (its caching is the reply cache's: pricing/src/reply-cache.ts) */
    price: { method: "GET", path: "/v1/get/:ticker", auth: "none" },
    autocomplete: { method: "GET", path: "/v1/autocomplete", auth: "none" },
  }),
  networth: service("networth", {
    netWorth: { method: "POST", path: "/v1/get/netWorth", auth: "required" },
    history: { method: "POST", path: "/v1/get/netWorthHistory", auth: "required" },
    /** the biggest movers' figures with the factual report: the chat service's biggest-movers call and tool read them */
    moverFigures: { method: "POST", path: "/v1/networth/biggest-movers", auth: "required" },
  }),
  brokerage: service("brokerage", {
    linkToken: { method: "POST", path: "/v1/plaid/create-link-token/", auth: "required" },
    createPortfolios: { method: "POST", path: "/v1/plaid/create_portfolios/", auth: "required" },
    connections: { method: "POST", path: "/v1/plaid/get_connections", auth: "required" },
    deleteConnection: { method: "GET", path: "/v1/plaid/delete_plaid_connection/:email/:connectionId", auth: "required" },
    /** Plaid's webhook: verified against the exact bytes (no user) */
    webhook: { method: "POST", path: "/v1/plaid/webhook", auth: "none", accepts: "raw" },
  }),
  billing: service("billing", {
    checkout: { method: "POST", path: "/v1/create-checkout-session", auth: "required" },
    portal: { method: "POST", path: "/v1/create-portal-session", auth: "required" },
    plan: { method: "GET", path: "/v1/billing/plan", auth: "required" },
    /** what each plan costs: the same for everyone */
    prices: { method: "GET", path: "/v1/billing/prices", auth: "none" },
    /** Stripe's webhook: its signature covers the exact bytes (no user) */
    webhook: { method: "POST", path: "/v1/billing/webhook", auth: "none", accepts: "raw" },
  }),
  chat: service("chat", {
    v1: { method: "POST", path: "/v1/chat", auth: "required" },
    status: { method: "GET", path: "/v1/chat/status", auth: "required" },
    /** networth's figures, the report written by the assistant when it can (else networth's factual one) */
    biggestMovers: { method: "POST", path: "/v1/biggest-movers", auth: "required" },
    v2: { method: "POST", path: "/v2/chat", auth: "required" },
  }),
  import: service("import", {
    screenshot: { method: "POST", path: "/v2/import/portfolio/screenshot", auth: "required", accepts: "multipart" },
    screenshotStatus: { method: "GET", path: "/v2/import/portfolio/screenshot/:jobId", auth: "required" },
    fulltext: { method: "POST", path: "/v1/import/portfolio/screenshot", auth: "required" },
    upload: { method: "POST", path: "/v1/upload/portfolio/screenshot", auth: "required", accepts: "multipart" },
    file: { method: "POST", path: "/v1/import/portfolio/file", auth: "required", accepts: "multipart" },
    mappings: { method: "GET", path: "/v1/import/mappings", auth: "required" },
    saveMapping: { method: "POST", path: "/v1/import/mappings", auth: "required" },
    deleteMapping: { method: "DELETE", path: "/v1/import/mappings/:id", auth: "required" },
  }),
} as const;

export type ServiceName = keyof typeof Routes;

/** Every call, service by service. */
export const allRoutes: readonly Route[] = /* @__PURE__ */ Object.values(Routes).flatMap((routes) => Object.values(routes) as Route[]);

/**
 * The first segments of the API's paths (`/v1/`, `/v2/`, `/cachable/`): what the edge treats as API calls
 * (JSON 404s, request logs) rather than the web app's pages.
 */
export const API_PREFIXES: readonly string[] = /* @__PURE__ */ Array.from(
  /* @__PURE__ */ new Set(allRoutes.map((r) => `/${r.path.split("/")[1]}/`)),
);

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path's parameters by name: `/v1/get/portfolio/:slug` → `{ slug: string }`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

export type QueryValues = Record<string, string | number | boolean | null | undefined>;

/** The arguments a route's URL needs: its path parameters (none for a path without any), then an optional query. */
export type UrlArgs<R extends { path: string }> = [ParamNames<R["path"]>] extends [never]
  ? [params?: Record<string, never>, query?: QueryValues]
  : [params: PathParams<R["path"]>, query?: QueryValues];

/**
 * The path (and query) of one call: each parameter encoded into its place, the query's values that are not
 * null or undefined appended in the order given.
 */
export function urlOf<R extends { path: string }>(route: R, ...[params, query]: UrlArgs<R>): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join("&");
  return search ? `${path}?${search}` : path;
}

/** The part of a path before its first parameter: what a path built from it starts with. */
export const pathPrefixOf = (route: { path: string }): string => route.path.split(":")[0] as string;
