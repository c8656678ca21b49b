/**
 * ID tokens from an external OIDC provider (AUTH_ISSUER, AUTH_JWKS_URL), verified with `jose` against the
 * provider's key set served over HTTP, as a provider serves it: a token it signed is the caller's; one of
 * another issuer, an unknown key, a forged signature, an expired token or a built-in HS256 token is a
 * visitor's (401 on a protected route); a revoked one too.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryCache } from "../../src/cache/memory.ts";
import { createHttpServer } from "../../src/http/server.ts";

const ISSUER = "https://id.example.test/";
let server: Server;
let jwksUrl = "";
let fetches = 0;
const provider = await generateKeyPair("ES256");
const rsa = await generateKeyPair("RS256");
const stranger = await generateKeyPair("ES256");

beforeAll(async () => {
  const keys = [
    { ...(await exportJWK(provider.publicKey)), kid: "es-1", alg: "ES256", use: "sig" },
    { ...(await exportJWK(rsa.publicKey)), kid: "rs-1", alg: "RS256", use: "sig" },
  ];
  server = createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const sign = (
  key: Parameters<SignJWT["sign"]>[0],
  kid: string,
  alg = "ES256",
  claims: Record<string, unknown> = {},
  issuer = ISSUER,
  expires = "10m",
) =>
  new SignJWT({ email: "ann@example.com", ...claims })
    .setProtectedHeader({ alg, kid })
    .setSubject("ann")
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(key);

async function app(cache = new MemoryCache()) {
  const a = await createHttpServer({
    name: "t",
    logLevel: "silent",
    jwtSecret: "x".repeat(40),
    authIssuer: ISSUER,
    authJwksUrl: jwksUrl,
    cache,
  });
  a.get("/v1/mine", { preHandler: a.requireUser }, async (request) => request.identity);
  await a.ready();
  return a;
}

const mine = (a: Awaited<ReturnType<typeof app>>, token: string) =>
  a.inject({ method: "GET", url: "/v1/mine", headers: { authorization: `Bearer ${token}` } });

describe("external identity provider tokens (jose)", () => {
  it("a token the provider signed (ES256 or RS256) is its subject's, with the e-mail and admin claims", async () => {
    const a = await app();
    const res = await mine(a, await sign(provider.privateKey, "es-1", "ES256", { jti: "t-1" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uid: "ann", email: "ann@example.com", jti: "t-1", isAdmin: false });
    expect((await mine(a, await sign(rsa.privateKey, "rs-1", "RS256", { admin: true }))).json()).toMatchObject({ isAdmin: true });
    // the key set is fetched once and kept
    expect(fetches).toBe(1);
  });

  it("anything else is a visitor's: another issuer, an unknown key, a forged signature, expired, built-in HS256", async () => {
    const a = await app();
    const good = await sign(provider.privateKey, "es-1");
    const refused = [
      await sign(provider.privateKey, "es-1", "ES256", {}, "https://other.example.test/"),
      await sign(stranger.privateKey, "es-9"),
      await sign(stranger.privateKey, "es-1"),
      `${good.slice(0, -4)}AAAA`,
      await sign(provider.privateKey, "es-1", "ES256", {}, ISSUER, "-1m"),
      await new SignJWT({ email: "ann@example.com" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("ann")
        .setIssuer(ISSUER)
        .setExpirationTime("10m")
        .sign(new TextEncoder().encode("x".repeat(40))),
    ];
    for (const token of refused) expect((await mine(a, token)).statusCode, token).toBe(401);
    expect((await mine(a, good)).statusCode).toBe(200);
  });

  it("a revoked token is a visitor's", async () => {
    const cache = new MemoryCache();
    const a = await app(cache);
    await cache.set("accounts:revoked:gone", true, 60_000);
    expect((await mine(a, await sign(provider.privateKey, "es-1", "ES256", { jti: "gone" }))).statusCode).toBe(401);
  });
});
