/**
 * Net worth's share of one price tick: 10,000 users × 5 portfolios, every user holding the ticked ticker in
 * one portfolio. After a tick the portfolio service revalues each holder portfolio and publishes its figures
 * (portfolio.valued); net worth only sums figures (docs/configuration.md "Net worth"). Measured here: from publishing the
 * 10,000 portfolio.valued events of the ticked portfolios (what those revaluations publish) until the last
 * networth.calculated reaches the bus, with the networth service's real consumer and recompute jobs on
 * BullMQ on Redis, the Redis cache, the embedded store (a SQLite file) and the in-process bus with the outbox
 * relay. The revaluations themselves are the portfolio service's work and are not in this figure.
 *
 * Redis: REDIS_URL (keys under a bench-only prefix, removed afterwards), else a throwaway redis-server on a
 * free loopback port. The read model is seeded straight into the store (what 50,000 portfolios' saves and
 * valuations would leave), and the debounce is 0 ms (NETWORTH_DEBOUNCE_MS overrides; the product's 2 s delay
 * would add itself once to the figure).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createNetworthService } from "@folio/networth";
import { FolderBlobStore } from "@folio/platform/blobs";
import { MemoryBus } from "@folio/platform/bus";
import type { EventEnvelope } from "@folio/platform/bus/port";
import { RedisCache } from "@folio/platform/cache/redis";
import { systemClock } from "@folio/platform/clock";
import { loadConfig } from "@folio/platform/config";
import { type Hosted, hostServices } from "@folio/platform/host";
import { createHttpServer } from "@folio/platform/http/server";
import { envelope } from "@folio/platform/ids";
import { InjectServiceClient } from "@folio/platform/internal";
import { createLogger } from "@folio/platform/log";
import { createMailer } from "@folio/platform/mail";
import { BullQueue } from "@folio/platform/queue/bullmq";
import { forService, type HostDeps, type ServiceDeps } from "@folio/platform/service";
import { createStore } from "@folio/platform/store";
import type { WriteOp } from "@folio/platform/store/port";
import type { EventPayload } from "@folio/proto/events";
import type { PortfolioFigures } from "@folio/proto/portfolio";
import { Redis } from "ioredis";
import { networthSettings } from "../../services/networth/src/config.ts";
import type { HeldFigures } from "../../services/networth/src/domain/net-worth.ts";
import { RECOMPUTE_QUEUE } from "../../services/networth/src/jobs.ts";
import { type HeldPortfolio, heldPortfolios, type NetWorthUser, users } from "../../services/networth/src/store.ts";
import startRedis from "../../test/setup/redis.ts";

const TICKED = "VTI";
const OTHERS = ["SPY", "QQQ", "NVDA", "AAPL", "MSFT", "KO", "BND", "VXUS", "BTC-USD", "TSLA", "AMZN", "JNJ", "PG", "SCHD"];
const SEED_BATCH = 500;

export interface NetworthBenchOptions {
  users?: number;
  portfoliosPerUser?: number;
}

async function redisUrl(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  let url = "";
  const stop = await startRedis({ provide: (_key: string, value: string) => (url = value) } as never);
  if (!url) throw new Error("networth bench: no Redis (install redis-server or set REDIS_URL)");
  return { url, stop: stop ?? (async () => {}) };
}

const VALUED_AT = "2026-07-14T00:00:00.000Z";

/** A portfolio's figures as its valuation publishes them (the amounts made up: net worth only sums them). */
function figuresOf(marketValue: number, rev: number): PortfolioFigures {
  return {
    rev,
    baseCurrency: "USD",
    valuationDate: "2026-07-13",
    pricesAsOf: "2026-07-13",
    value: marketValue * 0.8,
    marketValue,
    dividends: 0,
    profitLoss: marketValue * 0.2,
    priceProfitLoss: marketValue * 0.2,
    profitLossPercent: 25,
    twrPercent: 25,
    xirrPercent: 10,
    stale: [],
    unpriced: [],
    rates: [],
    lastRefreshed: VALUED_AT,
  };
}

const holdingsFor = (u: number, p: number) => [
  { ticker: p === 0 ? TICKED : OTHERS[(u + p) % OTHERS.length], quantity: 1 + ((u * 7 + p * 3) % 50) },
  { ticker: OTHERS[(u * 3 + p) % OTHERS.length], quantity: 1 + ((u + p) % 9) },
];

/** What the read model holds after each user's portfolios were saved and valued: every user holds TICKED in portfolio 0. */
async function seed(deps: ServiceDeps, userCount: number, perUser: number): Promise<void> {
  const portfolios = heldPortfolios(deps.store);
  const userDocs = users(deps.store);
  const since = new Date(deps.clock.now()).toISOString();
  let ops: WriteOp[] = [];
  for (let u = 0; u < userCount; u++) {
    const uid = `bench-user-${u}`;
    for (let p = 0; p < perUser; p++) {
      const holdings = holdingsFor(u, p);
      const f = figuresOf(1000 + u + p, 1);
      const figures: HeldFigures = {
        rev: 1,
        valuedAt: VALUED_AT,
        baseCurrency: "USD",
        marketValue: f.marketValue,
        pricesAsOf: f.pricesAsOf,
        stale: [],
        unpriced: [],
        rates: [],
        holdings: holdings.map((h) => ({
          ticker: h.ticker,
          shares: h.quantity,
          marketValue: 1,
          priceDate: "2026-07-13",
          staleReason: null,
        })),
      };
      const doc: HeldPortfolio = {
        _id: `${uid}-p${p}`,
        uid,
        pName: `Portfolio ${p}`,
        playGround: false,
        tickers: holdings.map((h) => h.ticker),
        holdings,
        rev: 1,
        portfolioId: `${uid}-p${p}-id`,
        figures,
      };
      ops.push({ op: "insert", collection: portfolios.name, doc });
    }
    const user: NetWorthUser = { _id: uid, since, changes: perUser };
    ops.push({ op: "insert", collection: userDocs.name, doc: user });
    if ((u + 1) % SEED_BATCH === 0 || u === userCount - 1) {
      await deps.store.commit(ops);
      ops = [];
    }
  }
}

/** The figures the revaluation of user u's ticked portfolio publishes after the tick. */
function valuedAfterTick(u: number): EventEnvelope {
  const uid = `bench-user-${u}`;
  const holdings = holdingsFor(u, 0);
  const payload: EventPayload<"portfolio.valued"> = {
    uid,
    slug: `${uid}-p0`,
    portfolioId: `${uid}-p0-id`,
    rev: 1,
    playGround: false,
    valuedAt: new Date().toISOString(),
    figures: figuresOf(1005.5 + u, 1),
    holdings: holdings.map((h) => ({ ticker: h.ticker, shares: h.quantity, marketValue: 1, priceDate: "2026-07-14", staleReason: null })),
  };
  return envelope("portfolio.valued", uid, payload, Date.now());
}

export async function networthBench(options: NetworthBenchOptions = {}): Promise<void> {
  const userCount = options.users ?? 10_000;
  const perUser = options.portfoliosPerUser ?? 5;
  const redis = await redisUrl();
  const dataDir = mkdtempSync(join(tmpdir(), "folio-bench-networth-"));
  const prefix = `folio-bench-networth-${process.pid}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    LOG_LEVEL: "warn",
    NETWORTH_DEBOUNCE_MS: process.env.NETWORTH_DEBOUNCE_MS ?? "0",
    ...(process.env.NETWORTH_CONCURRENCY ? { NETWORTH_CONCURRENCY: process.env.NETWORTH_CONCURRENCY } : {}),
  });
  const log = createLogger("bench", "warn");
  const deps: HostDeps = {
    config,
    store: await createStore({ dataDir }),
    bus: new MemoryBus({ log }),
    cache: new RedisCache({ url: redis.url, prefix: `${prefix}:` }),
    blobs: new FolderBlobStore(dataDir),
    queue: new BullQueue({ url: redis.url, prefix, log }),
    clock: systemClock,
    log,
    mailer: createMailer(config),
    services: new InjectServiceClient(),
  };
  const app = await createHttpServer({ name: "bench", logLevel: "warn", jwtSecret: config.jwtSecret, cache: deps.cache });

  let hosted: Hosted | undefined;
  try {
    const seedStart = performance.now();
    await seed(forService(deps, "networth"), userCount, perUser);
    const seedMs = performance.now() - seedStart;

    // this tick's results as they reach the bus: done when every user has one
    const reached = new Set<string>();
    let published = 0;
    let done: () => void = () => {};
    const finished = new Promise<void>((r) => (done = r));
    deps.bus.subscribe("bench", ["networth.calculated"], async (event: EventEnvelope) => {
      published++;
      reached.add((event.payload as { uid: string }).uid);
      if (reached.size === userCount) done();
    });
    hosted = await hostServices(app, [createNetworthService(forService(deps, "networth"))], deps);
    hosted.startWorkers();

    const valued = Array.from({ length: userCount }, (_, u) => valuedAfterTick(u));
    const start = performance.now();
    for (let i = 0; i < valued.length; i += SEED_BATCH) await deps.bus.publish(valued.slice(i, i + SEED_BATCH));
    await finished;
    const seconds = (performance.now() - start) / 1000;
    await deps.queue.drain?.(RECOMPUTE_QUEUE);

    const settings = networthSettings(config);
    console.log(
      `networth recompute after one price tick's valuations (BullMQ on Redis, embedded store, concurrency ${settings.concurrency}, debounce ${settings.debounceMs} ms): ` +
        `${userCount} users × ${perUser} portfolios = ${userCount * perUser} portfolios, ${userCount} portfolio.valued, ${reached.size} recompute jobs, ` +
        `${published} networth.calculated, ${seconds.toFixed(2)} s from the first portfolio.valued to the last one, ${Math.round(reached.size / seconds)} jobs/s ` +
        `(read model seeded in ${(seedMs / 1000).toFixed(1)} s)`,
    );
  } finally {
    await app.close();
    if (hosted) await hosted.stop();
    else {
      await deps.queue.close();
      await deps.cache.close();
      await deps.store.close();
    }
    await removeKeys(redis.url, prefix);
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Leaves a shared Redis (REDIS_URL) as it was: the bench's queue and cache keys go. */
async function removeKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await networthBench();
