/**
 * Verifies bearer ID tokens at the gateway and again in every service (defence in depth). Built-in identity:
 * HS256 tokens signed by the accounts service with JWT_SECRET (@fastify/jwt signs and verifies them). External
 * OIDC provider: RS256/ES256 tokens checked by `jose` against AUTH_ISSUER and the keys at AUTH_JWKS_URL (its
 * remote key set: fetched on an unknown kid at most every 30 s, kept 10 minutes). A logged-out token's id
 * is in the cache under `revoked:<jti>` until it would have expired. A token that fails to verify makes the
 * caller a visitor (protected routes answer 401); a revocation list that cannot be read (the cache down) says
 * nothing about the token, so the request fails with the cache's DependencyUnavailableError: 503 with
 * Retry-After (server.ts), never a 401 that would sign the user out.
 */
import fastifyJwt from "@fastify/jwt";
import type { Identity } from "@folio/proto/auth";
import { ErrorCodes } from "@folio/proto/error-codes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createRemoteJWKSet, jwtVerify } from "jose";
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

type Claims = { sub: string; email: string; jti?: string; admin?: boolean };

/** Verifies an external provider's ID token: its issuer, its signature by a key of the provider's set, its times. */
function externalVerifier(issuer: string, jwksUrl: string) {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async (token: string): Promise<Claims> => {
    const { payload } = await jwtVerify(token, keys, { issuer, algorithms: ["RS256", "ES256"] });
    return payload as unknown as Claims;
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    const external = options.authIssuer && options.authJwksUrl ? externalVerifier(options.authIssuer, options.authJwksUrl) : null;
    if (external) {
      // identities come from the provider: this server signs no token
      await app.register(fastifyJwt, {
        secret: () => Promise.reject(new Error("tokens come from AUTH_ISSUER: this server signs none")),
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
      let claims: Claims;
      try {
        claims = external ? await external(header.replace(/^Bearer\s+/i, "").trim()) : await request.jwtVerify<Claims>();
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
