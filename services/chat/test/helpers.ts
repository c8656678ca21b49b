/**
 * The chat service on one test app with the services its tools ask (portfolio, pricing on the real market
 * data, networth), so every tool call goes through the real routes, schemas and ownership checks by inject;
 * the model is the local OpenAI fake (scripts/fakes/openai.ts), reached through the openai SDK over HTTP.
 * The chat service's log lines are recorded, to check that no private text reaches them.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { createNetworthService } from "@folio/networth";
import type { App } from "@folio/platform/http/server";
import type { ServiceModule } from "@folio/platform/service";
import { bearer, buildTestApp, createTestDeps, forService, runJobs, settle, type TestDeps, tokenFor } from "@folio/platform/testing";
import { createPortfolioService } from "@folio/portfolio";
import { createPricingService } from "@folio/pricing";
import type { PortfolioInput } from "@folio/proto/portfolio";
import type { LightMyRequestResponse } from "fastify";
import { pino } from "pino";
import { type FakeOpenAI, startFakeOpenAI } from "../../../scripts/fakes/openai.ts";
import { createChatService } from "../src/service.ts";

export const REAL_DATA_DIR = process.env.TEST_MARKET_DATA_DIR || join(import.meta.dirname, "../../../../shared/market-data");
export const hasRealData = existsSync(join(REAL_DATA_DIR, "VTI.csv"));

export interface Harness {
  deps: TestDeps;
  app: App;
  fake: FakeOpenAI;
  modules: ServiceModule[];
  /** the chat service's log lines, as JSON text */
  logs: string[];
  token(uid: string): string;
  post(uid: string | null, url: string, payload?: object, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** creates a portfolio owned by uid through the portfolio routes; returns its slug */
  create(uid: string, name: string, portfolio: PortfolioInput): Promise<string>;
  relay(): Promise<{ type: string; payload: unknown }[]>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  /** false: no OPENAI_* configuration at all */
  configured?: boolean;
}

export async function harness(options: HarnessOptions = {}): Promise<Harness> {
  const fake = await startFakeOpenAI({ models: ["fake-v1", "fake-v2"] });
  const configured = options.configured !== false;
  const deps = createTestDeps({
    MARKET_DATA_DIR: REAL_DATA_DIR,
    MARKET_DATA_PROVIDERS: "csv",
    NETWORTH_DEBOUNCE_MS: "0",
    ...(configured
      ? { OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: fake.apiKey ?? "", CHAT_MODEL_V1: "fake-v1", CHAT_MODEL_V2: "fake-v2" }
      : {}),
    ...options.env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const chatDeps = { ...forService(deps, "chat"), log: pino({ level: "debug" }, sink) };
  const modules = [
    createPortfolioService(forService(deps, "portfolio")),
    createPricingService(forService(deps, "pricing")),
    createNetworthService(forService(deps, "networth")),
    createChatService(chatDeps),
  ];
  const app = await buildTestApp(deps, ...modules.map((m) => m.routes));
  runJobs(deps, modules);
  const tokens = new Map<string, string>();
  const token = (uid: string) => {
    if (!tokens.has(uid)) tokens.set(uid, tokenFor(app, { uid }));
    return tokens.get(uid) as string;
  };
  const post = (uid: string | null, url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url, headers: { ...(uid ? bearer(token(uid)) : {}), ...headers }, ...(payload ? { payload } : {}) });
  return {
    deps,
    app,
    fake,
    modules,
    logs,
    token,
    post,
    async create(uid, name, portfolio) {
      const res = await post(uid, "/v1/save/portfolio/new", { portfolio, newPortfolioName: name });
      if (res.json().message !== "pcreated") throw new Error(`create failed: ${res.body}`);
      deps.clock.advance(1000);
      return res.json().slug as string;
    },
    relay: () => settle(deps, modules),
    async close() {
      await app.close();
      await deps.queue.close();
      await deps.store.close();
      await fake.close();
    },
  };
}

/** The events of a server-sent-events body, in order. */
export function sseEvents(body: string): Array<{ event: string; data: unknown }> {
  return body
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "null";
      return { event, data: JSON.parse(data) };
    });
}
