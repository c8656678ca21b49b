/**
 * The security headers on every reply of every Folio server (the web app, its API, the services behind the
 * gateway, their 4xx and 404 replies), computed once from helmet's and set before any other hook can answer. One policy
 * for pages and JSON alike: the API's replies need nothing the page's policy forbids.
 *
 * The Content-Security-Policy allows only the app's own files:
 * - scripts: `'self'`, and no inline script anywhere (Vite's index.html loads one module file; the build
 *   has no inline script), no event-handler attributes (`script-src-attr 'none'`), no eval;
 * - stylesheets: `style-src-elem 'self'`, so no <style> element can be injected (ApexCharts' own
 *   stylesheets are imported into the build instead of injected, components/Chart.tsx);
 * - style attributes: `style-src-attr 'unsafe-inline'`, because ApexCharts writes its tooltips' markup
 *   with `style="…"` attributes (and sets SVG styles the same way). A style attribute cannot run script
 *   or load anything outside `img-src`/`font-src`, so the loss is small; `style-src` repeats both for
 *   browsers without the -elem/-attr split;
 * - images: `'self'` and `data:` (the page's empty `data:,` icon, ApexCharts' and Swagger UI's inline
 *   SVG images);
 * - no plugins (`object-src 'none'`), no <base> (`base-uri 'none'`), forms post only here, and no page may
 *   frame this one (`frame-ancestors 'none'`, and X-Frame-Options: DENY for old browsers).
 * There is no `upgrade-insecure-requests`: a self-hosted Folio is often reached over plain HTTP on a
 * LAN address, where upgrading its own requests to HTTPS would break every one of them.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

export const contentSecurityPolicy: Record<string, string[]> = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "style-src-elem": ["'self'"],
  "style-src-attr": ["'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

export const securityHeaderOptions: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  frameguard: { action: "deny" },
  referrerPolicy: { policy: "no-referrer" },
  crossOriginOpenerPolicy: { policy: "same-origin" },
  crossOriginResourcePolicy: { policy: "same-origin" },
};

/**
 * Extra sources a configured feature needs (Plaid Link's script and frame, when Plaid is configured), added
 * to the named directives; a directive not in the policy starts from `'self'`. Nothing else loosens.
 */
export type CspSources = Record<string, string[]>;

export function contentSecurityPolicyWith(extra: CspSources = {}): Record<string, string[]> {
  const policy = Object.fromEntries(Object.entries(contentSecurityPolicy).map(([k, v]) => [k, [...v]]));
  for (const [directive, sources] of Object.entries(extra)) {
    policy[directive] = [...new Set([...(policy[directive] ?? ["'self'"]), ...sources])];
  }
  return policy;
}

/**
 * The headers helmet sets for these options, computed once: helmet builds its middleware (parsing the
 * policy's directives) every time it is called, which @fastify/helmet did for every reply (a tenth of the CPU
 * of a cached read). Here it runs once, against a response that only records what it is given.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Strict-Transport-Security tells a browser to use HTTPS only, so it is sent only on a request that came over
 * HTTPS: its own TLS, or X-Forwarded-Proto from a proxy named in TRUST_PROXY (Fastify's `request.protocol`
 * believes the header from those alone). Over plain HTTP (a LAN address) it would mean nothing or lock the
 * browser out of a server that has no TLS.
 */
const overHttps = (request: FastifyRequest) => request.protocol === "https";

/** Registered first, so replies from later onRequest hooks (401s, rate limits) carry the headers too. */
export async function registerSecurityHeaders(app: FastifyInstance, extra?: CspSources) {
  const options: HelmetOptions = extra
    ? { ...securityHeaderOptions, contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyWith(extra) } }
    : securityHeaderOptions;
  const secure = securityHeaders(options);
  const plain = { ...secure };
  delete plain["strict-transport-security"];
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(overHttps(request) ? secure : plain);
    done();
  });
}
