/**
 * What the public edge adds in both modes: the OpenAPI document at /docs, the built web app with its
 * page routes, and the gateway's own token check (a present but invalid or revoked token on an
 * authenticated call is refused here, before any service sees it). The security headers come with every
 * server (platform/src/http/security-headers.ts).
 *
 * The web app's files are served as the build wrote them, brotli or gzip copies included (web/build/
 * precompress.ts), picked by the request's Accept-Encoding (with `Vary: Accept-Encoding`). A file whose
 * name carries its content's hash never changes, so browsers and proxies keep it for a year without
 * asking again; index.html and anything unhashed is revalidated on every use, so a new build shows at once.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { ErrorCodes } from "@folio/proto/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const webDist = resolve(import.meta.dirname, "../../web/dist");

/** Vite's `assets/<name>-<hash>.<ext>` (and its .br/.gz copies) */
const HASHED_ASSET = /(?:^|\/)assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.br|\.gz)?$/;
export const IMMUTABLE = "public, max-age=31536000, immutable";

export function webCacheControl(path: string): string {
  return HASHED_ASSET.test(path.replaceAll("\\", "/")) ? IMMUTABLE : "no-cache";
}

const API_PREFIXES = ["/v1/", "/v2/", "/cachable/", "/docs", "/healthz", "/metrics"];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));
/** calls a visitor makes with a stale token still in their browser (every GET is a public read too) */
const PUBLIC_CALLS = ["/v1/auth/login", "/v1/auth/register", "/v1/auth/password-reset", "/v1/get/portfolio/"];

/** Page routes of the single-page app get index.html; API paths keep their JSON 404. */
export function spaNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split("?")[0];
  if (request.method === "GET" && !isApiPath(path) && !/\.[a-z0-9]+$/i.test(path) && existsSync(join(webDist, "index.html"))) {
    return reply.type("text/html").sendFile("index.html", webDist);
  }
  if (request.method === "GET" && !isApiPath(path) && !existsSync(join(webDist, "index.html"))) {
    return reply.code(503).type("text/plain").send("The web app is not built. Run `npm run build` (npm start does it for you).");
  }
  return reply.code(404).send({ error: `No route ${request.method} ${path}`, code: ErrorCodes.notFound });
}

export async function registerEdge(app: FastifyInstance, openapi: Record<string, unknown>) {
  app.addHook("onRequest", async (request, reply) => {
    if (!request.headers.authorization || request.identity || request.method === "GET") return;
    const path = request.url.split("?")[0];
    if (!(path.startsWith("/v1/") || path.startsWith("/v2/")) || PUBLIC_CALLS.some((p) => path.startsWith(p))) return;
    return reply
      .code(401)
      .send({ result: "nouser", error: "Your session has expired. Please log in again.", code: ErrorCodes.unauthorized });
  });

  await app.register(swagger, { mode: "static", specification: { document: openapi as never } });
  // Swagger UI's bundle injects one <style> element; its pages alone may (scripts stay 'self' only)
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    transformStaticCSP: (policy) => policy.replace("style-src-elem 'self'", "style-src-elem 'self' 'unsafe-inline'"),
  });

  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header("cache-control", webCacheControl(path)),
    });
    app.get("/", async (_request, reply) => reply.type("text/html").sendFile("index.html", webDist));
  }
}
