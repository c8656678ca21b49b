/**
 * The cluster gateway in front of services it cannot see (a stand-in service on a loopback port, and an address
 * nobody listens on): the client behind a request is the gateway's to say (X-Forwarded-For is its own view,
 * whatever the client sent), a service that does not answer is a 503 with Retry-After at once, a service that
 * answers 503 while it starts is passed on as it is and not retried, and no secret means no start.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/support/app-process.ts";
import { startGateway } from "../src/main.ts";

const dataDir = mkdtempSync(join(tmpdir(), "folio-gateway-"));
let gateway: FastifyInstance;
let base = "";
let pricing: Server;
const seen: IncomingHttpHeaders[] = [];
let pricingAnswer: { status: number; headers?: Record<string, string> } = { status: 200 };

beforeAll(async () => {
  pricing = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(pricingAnswer.status, { "content-type": "application/json", ...pricingAnswer.headers });
    res.end(JSON.stringify({ ticker: "SPY" }));
  });
  await new Promise<void>((resolve) => pricing.listen(0, "127.0.0.1", resolve));
  const pricingPort = (pricing.address() as { port: number }).port;
  gateway = await startGateway({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    JWT_SECRET: "gateway-test-secret-0123456789-0123456789",
    PRICING_URL: `http://127.0.0.1:${pricingPort}`,
    // nobody listens there: a service that is down
    PORTFOLIO_URL: `http://127.0.0.1:${await freePort()}`,
  });
  const address = gateway.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await new Promise<void>((resolve) => pricing?.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the cluster gateway", () => {
  it("tells the service who the client is, whatever X-Forwarded-For the client sent", async () => {
    seen.length = 0;
    pricingAnswer = { status: 200 };
    const res = await fetch(`${base}/v1/get/SPY`, {
      headers: { "x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.9", "x-forwarded-proto": "https" },
    });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.["x-forwarded-for"]).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(seen[0]?.["x-real-ip"]).toBeUndefined();
    // the client came over plain HTTP: claiming HTTPS gets it no HSTS from the service
    expect(seen[0]?.["x-forwarded-proto"]).toBe("http");
  });

  it("answers 503 with Retry-After at once for a service that does not answer", async () => {
    const started = performance.now();
    const res = await fetch(`${base}/v1/get/portfolios-and-assets`, { method: "POST" });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: "Folio is briefly unavailable. Please try again in a few seconds.", code: "unavailable" });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("passes on a service's 503 while it starts, with its Retry-After, asking it once", async () => {
    seen.length = 0;
    pricingAnswer = { status: 503, headers: { "retry-after": "2" } };
    const res = await fetch(`${base}/v1/get/SPY`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(seen).toHaveLength(1);
  });

  it("refuses to start without JWT_SECRET, naming it", async () => {
    await expect(startGateway({ PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" })).rejects.toThrow(
      /JWT_SECRET must be set in the cluster/,
    );
  });
});
