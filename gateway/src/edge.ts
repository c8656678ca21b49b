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
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import { isPrivateAddress } from "@folio/platform/http/server";
import { ErrorCodes } from "@folio/proto/errors";
import { API_PREFIXES, allRoutes, pathPrefixOf, Routes } from "@folio/proto/routes";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { portfolioSlugOf, readPublicPortfolio, sendPage, withPortfolio } from "./prerender.ts";

export const webDist = resolve(import.meta.dirname, "../../web/dist");

/** Vite's `assets/<name>-<hash>.<ext>` (and its .br/.gz copies) */
const HASHED_ASSET = /(?:^|\/)assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.br|\.gz)?$/;
export const IMMUTABLE = "public, max-age=31536000, immutable";

export function webCacheControl(path: string): string {
  return HASHED_ASSET.test(path.replaceAll("\\", "/")) ? IMMUTABLE : "no-cache";
}

/** what is not a page of the web app: the API's calls, and the edge's own documents and probes */
const NOT_PAGES = [...API_PREFIXES, "/docs", "/healthz", "/metrics"];
const isApiPath = (url: string) => NOT_PAGES.some((p) => url.startsWith(p));
/**
 * Calls a visitor makes with a stale token still in their browser (every GET is a public read too): signing in
 * or up, a password reset (its confirmation included), and reading a portfolio.
 */
const PUBLIC_CALLS = [
  Routes.accounts.login.path,
  Routes.accounts.register.path,
  Routes.accounts.passwordReset.path,
  pathPrefixOf(Routes.portfolio.get),
];
/** the calls that may need a caller: the token of a request to any other is not the edge's to judge */
const CALL_PREFIXES = API_PREFIXES.filter((prefix) => allRoutes.some((r) => r.method !== "GET" && r.path.startsWith(prefix)));

/**
 * Page routes of the single-page app get index.html (a public portfolio's page with its name and description
 * written in: prerender.ts); API paths keep their JSON 404.
 */
export async function spaNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split("?")[0] as string;
  if (request.method === "GET" && !isApiPath(path) && !/\.[a-z0-9]+$/i.test(path) && existsSync(join(webDist, "index.html"))) {
    const slug = portfolioSlugOf(path);
    const portfolio = slug ? await readPublicPortfolio(request, slug) : null;
    if (portfolio) return sendPage(request, reply, withPortfolio(await readFile(join(webDist, "index.html"), "utf8"), portfolio));
    return reply.type("text/html").sendFile("index.html", webDist);
  }
  if (request.method === "GET" && !isApiPath(path) && !existsSync(join(webDist, "index.html"))) {
    return reply.code(503).type("text/plain").send("The web app is not built. Run `npm run build` (npm start does it for you).");
  }
  return reply.code(404).send({ error: `No route ${request.method} ${path}`, code: ErrorCodes.notFound });
}

export interface EdgeOptions {
  /** /docs for anyone (DOCS_PUBLIC); otherwise only from loopback and private networks */
  publicDocs: boolean;
}

export async function registerEdge(app: FastifyInstance, openapi: Record<string, unknown>, options: EdgeOptions) {
  if (!options.publicDocs) {
    app.addHook("onRequest", async (request, reply) => {
      const path = request.url.split("?")[0];
      if ((path === "/docs" || path.startsWith("/docs/")) && !isPrivateAddress(request.ip)) {
        return reply.code(404).send({ error: `No route ${request.method} ${path}`, code: ErrorCodes.notFound });
      }
    });
  }
  app.addHook("onRequest", async (request, reply) => {
    if (!request.headers.authorization || request.identity || request.method === "GET") return;
    const path = request.url.split("?")[0];
    if (!CALL_PREFIXES.some((p) => path.startsWith(p)) || PUBLIC_CALLS.some((p) => path.startsWith(p))) return;
    return reply
      .code(401)
      .send({ result: "nouser", error: "Your session has expired. Please log in again.", code: ErrorCodes.unauthorized });
  });

  registerDocs(app, openapi);

  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      // one route for every file, looked up per request (a route per file cost ~70 ms of each start)
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header("cache-control", webCacheControl(path)),
    });
    app.get("/", async (_request, reply) => reply.type("text/html").sendFile("index.html", webDist));
  }
}

/** reply headers that belong to one connection, not to the page forwarded */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

/**
 * /docs: Swagger UI over the prebuilt OpenAPI document. Its two packages and the YAML parser they load cost
 * about a fifth of a cold start, and few visits ever open them; so they load on the first /docs request, in a
 * Fastify instance of their own that these two routes forward to. The edge's hooks (the private-network rule,
 * the security headers) apply as to any route; Swagger UI's bundle injects one <style> element, so its pages
 * alone may (scripts stay 'self' only).
 */
function registerDocs(app: FastifyInstance, openapi: Record<string, unknown>) {
  let docs: Promise<FastifyInstance> | undefined;
  const load = async () => {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import("@fastify/swagger"), import("@fastify/swagger-ui")]);
    const inner = Fastify({ logger: false });
    await inner.register(swagger, { mode: "static", specification: { document: openapi as never } });
    await inner.register(swaggerUi, { routePrefix: "/docs" });
    await inner.ready();
    return inner;
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= load().catch((err) => {
      docs = undefined;
      throw err;
    });
    const answer = await (await docs).inject({
      method: request.method as "GET" | "HEAD",
      url: request.url,
      headers: { ...request.headers, host: request.headers.host ?? "localhost" },
    });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!HOP_HEADERS.has(name) && value !== undefined) reply.header(name, value);
    }
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string") {
      reply.header("content-security-policy", policy.replace("style-src-elem 'self'", "style-src-elem 'self' 'unsafe-inline'"));
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  app.get("/docs", forward);
  app.get("/docs/*", forward);
}
