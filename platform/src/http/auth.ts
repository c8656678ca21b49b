/**
 * Verifies bearer ID tokens with @fastify/jwt, at the gateway and again in every service (defence in depth).
 * Built-in identity: HS256 tokens signed by the accounts service with JWT_SECRET. External OIDC provider:
 * RS256/ES256 tokens checked against AUTH_ISSUER and the keys at AUTH_JWKS_URL. A logged-out token's id
 * is in the cache under `revoked:<jti>` until it would have expired. A token that fails to verify makes the
 * caller a visitor (protected routes answer 401); a revocation list that cannot be read (the cache down) says
 * nothing about the token, so the request fails with the cache's DependencyUnavailableError: 503 with
 * Retry-After (server.ts), never a 401 that would sign the user out.
 */
import { createPublicKey, type JsonWebKey, type KeyObject } from "node:crypto";
import fastifyJwt from "@fastify/jwt";
import type { Identity } from "@folio/proto/auth";
import { ErrorCodes } from "@folio/proto/error-codes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Cache } from "../cache/port.ts";
import { scopedKey } from "../scope.ts";

export interface AuthOptions {
  jwtSecret: string;
  authIssuer?: string;
  authJwksUrl?: string;
  cache: Cache;
  /** token lifetime for built-in tokens */
  expiresIn?: string;
}

export const BUILTIN_ISSUER = "folio-accounts";
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** The accounts service writes a revocation under this key in its cache scope; every server's check reads it there. */
export const revokedKey = (jti: string) => `revoked:${jti}`;
const REVOCATIONS_SCOPE = "accounts";

declare module "fastify" {
  interface FastifyRequest {
    /** the verified caller, or null for a visitor */
    identity: Identity | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 `{ result: 'nouser' }` unless the request carries a valid ID token */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: { sub: string; email: string; jti?: string; admin?: boolean };
    user: { sub: string; email: string; jti?: string; admin?: boolean; exp?: number };
  }
}

/** Fetches and caches an OIDC provider's signing keys by kid. */
function jwksKeys(url: string) {
  let keys = new Map<string, KeyObject>();
  let fetchedAt = 0;
  async function refresh() {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`JWKS fetch failed: HTTP ${res.status}`);
    const body = (await res.json()) as { keys?: (JsonWebKey & { kid?: string })[] };
    keys = new Map((body.keys ?? []).filter((k) => k.kid).map((k) => [k.kid as string, createPublicKey({ key: k, format: "jwk" })]));
    fetchedAt = Date.now();
  }
  return async (kid: string | undefined): Promise<KeyObject> => {
    if (!kid) throw new Error("token has no kid");
    if (!keys.has(kid) && Date.now() - fetchedAt > 30_000) await refresh();
    const key = keys.get(kid);
    if (!key) throw new Error("unknown signing key");
    return key;
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    const external = options.authIssuer && options.authJwksUrl;
    if (external) {
      const keyFor = jwksKeys(options.authJwksUrl as string);
      await app.register(fastifyJwt, {
        secret: (_request: FastifyRequest, token: { header?: { kid?: string } }) => keyFor(token.header?.kid),
        verify: { allowedIss: options.authIssuer, algorithms: ["RS256", "ES256"] },
      } as never);
    } else {
      await app.register(fastifyJwt, {
        secret: options.jwtSecret,
        sign: { iss: BUILTIN_ISSUER, expiresIn: options.expiresIn ?? `${TOKEN_TTL_SECONDS}s`, algorithm: "HS256" },
        verify: { allowedIss: BUILTIN_ISSUER, algorithms: ["HS256"] },
      });
    }

    app.decorateRequest("identity", null);
    app.addHook("onRequest", async (request) => {
      const header = request.headers.authorization;
      if (!header || !/^Bearer\s+\S+/i.test(header)) return;
      let claims: { sub: string; email: string; jti?: string; admin?: boolean };
      try {
        claims = await request.jwtVerify<typeof claims>();
      } catch {
        // an invalid or expired token makes the caller a visitor; protected routes answer 401
        return;
      }
      // a cache that cannot answer throws on: the request fails 503, the session stays
      if (claims.jti && (await options.cache.get(scopedKey(REVOCATIONS_SCOPE, revokedKey(claims.jti))))) return;
      request.identity = { uid: claims.sub, email: claims.email, jti: claims.jti, isAdmin: claims.admin === true };
    });

    app.decorate("requireUser", async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.identity) {
        await reply.code(401).send({ result: "nouser", error: "Sign in to continue", code: ErrorCodes.unauthorized });
      }
    });
  },
  { name: "folio-auth" },
);

/** The caller of a route guarded by `requireUser` (which has answered 401 unless there is one). */
export function callerOf(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error("this route needs requireUser before its handler");
  return request.identity;
}

/**
 * The caller's own ID token, for a query made on their behalf to another service (which checks it again and
 * enforces ownership itself). Null for a visitor.
 */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return request.identity && match ? match[1] : null;
}
