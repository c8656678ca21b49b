/**
 * Net-worth recompute after one price tick: 10,000 users × 5 portfolios, every user holding the ticked
 * ticker, with the networth service's real consumers, fan-out and recompute jobs on BullMQ on Redis, the
 * real pricing routes on the shared market data in the same process (CSV provider), the Redis cache, the
 * embedded store (a SQLite file) and the in-process bus with the outbox relay. Measured: from publishing
 * price.updated until the last networth.calculated reaches the bus.
 *
 * Redis: REDIS_URL (keys under a bench-only prefix, removed afterwards), else a throwaway redis-server on a
 * free loopback port. Data: MARKET_DATA_DIR or ../shared/market-data beside the repository. The read model
 * is seeded straight into the store (what 50,000 portfolio.saved events would leave), prices warmed as
 * an hour of normal traffic leaves them, and the debounce is 0 ms (NETWORTH_DEBOUNCE_MS overrides; the
 * product's 2 s delay would add itself once to the figure).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createNetworthService } from "@folio/networth";
import { MemoryBus } from "@folio/platform/bus";
import type { EventEnvelope } from "@folio/platform/bus/port";
import { RedisCache } from "@folio/platform/cache/redis";
import { systemClock } from "@folio/platform/clock";
import { loadConfig } from "@folio/platform/config";
import { bucketOf } from "@folio/platform/fanout";
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
import { createPricingService } from "@folio/pricing";
import { PricingQueries } from "@folio/pricing/client";
import { Redis } from "ioredis";
import { holderId } from "../../services/networth/src/domain/holders.ts";
import { FANOUT_QUEUE, RECOMPUTE_QUEUE } from "../../services/networth/src/jobs.ts";
import { PriceBook } from "../../services/networth/src/prices.ts";
import { networthSettings } from "../../services/networth/src/settings.ts";
import { type HeldPortfolio, type Holder, heldPortfolios, holders, type NetWorthUser, users } from "../../services/networth/src/store.ts";
import startRedis from "../../test/setup/redis.ts";
import { marketDataAvailable, marketDataDir } from "../market-data/location.ts";

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

/** What the read model holds after each user's portfolios were saved: every user holds TICKED in portfolio 0. */
async function seed(deps: ServiceDeps, userCount: number, perUser: number): Promise<void> {
  const portfolios = heldPortfolios(deps.store);
  const holderDocs = holders(deps.store);
  const userDocs = users(deps.store);
  const since = new Date(deps.clock.now()).toISOString();
  let ops: WriteOp[] = [];
  for (let u = 0; u < userCount; u++) {
    const uid = `bench-user-${u}`;
    const tickers = new Set<string>();
    for (let p = 0; p < perUser; p++) {
      const holdings = [
        { ticker: p === 0 ? TICKED : OTHERS[(u + p) % OTHERS.length], quantity: 1 + ((u * 7 + p * 3) % 50) },
        { ticker: OTHERS[(u * 3 + p) % OTHERS.length], quantity: 1 + ((u + p) % 9) },
      ];
      for (const h of holdings) tickers.add(h.ticker);
      const doc: HeldPortfolio = {
        _id: `${uid}-p${p}`,
        uid,
        pName: `Portfolio ${p}`,
        playGround: false,
        tickers: holdings.map((h) => h.ticker),
        holdings,
        rev: 1,
      };
      ops.push({ op: "insert", collection: portfolios.name, doc });
    }
    for (const ticker of tickers) {
      const holder: Holder = { _id: holderId(ticker, uid), ticker, uid, bucket: bucketOf(uid) };
      ops.push({ op: "insert", collection: holderDocs.name, doc: holder });
    }
    const user: NetWorthUser = { _id: uid, since, changes: perUser };
    ops.push({ op: "insert", collection: userDocs.name, doc: user });
    if ((u + 1) % SEED_BATCH === 0 || u === userCount - 1) {
      await deps.store.commit(ops);
      ops = [];
    }
  }
}

export async function networthBench(options: NetworthBenchOptions = {}): Promise<void> {
  const userCount = options.users ?? 10_000;
  const perUser = options.portfoliosPerUser ?? 5;
  const marketData = marketDataDir();
  if (!marketDataAvailable(marketData)) {
    console.log(`networth bench skipped: no market data at ${marketData} (set MARKET_DATA_DIR)`);
    return;
  }
  const redis = await redisUrl();
  const dataDir = mkdtempSync(join(tmpdir(), "folio-bench-networth-"));
  const prefix = `folio-bench-networth-${process.pid}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    LOG_LEVEL: "warn",
    MARKET_DATA_DIR: marketData,
    MARKET_DATA_PROVIDERS: "csv",
    NETWORTH_DEBOUNCE_MS: process.env.NETWORTH_DEBOUNCE_MS ?? "0",
    ...(process.env.NETWORTH_CONCURRENCY ? { NETWORTH_CONCURRENCY: process.env.NETWORTH_CONCURRENCY } : {}),
  });
  const log = createLogger("bench", "warn");
  const deps: HostDeps = {
    config,
    store: await createStore({ dataDir }),
    bus: new MemoryBus({ log }),
    cache: new RedisCache({ url: redis.url, prefix: `${prefix}:` }),
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
    const networth = forService(deps, "networth");
    hosted = await hostServices(app, [createPricingService(forService(deps, "pricing")), createNetworthService(networth)], deps);
    hosted.startWorkers();
    await new PriceBook(new PricingQueries(deps.services), networth.cache, deps.clock).quotes([TICKED, ...OTHERS], false);

    const tick: EventEnvelope = envelope(
      "price.updated",
      TICKED,
      { ticker: TICKED, latestPrice: 300.5, previousPrice: 299.75, at: new Date().toISOString() },
      Date.now(),
    );
    const start = performance.now();
    await deps.bus.publish([tick]);
    await finished;
    const seconds = (performance.now() - start) / 1000;
    await deps.queue.drain?.(FANOUT_QUEUE);
    await deps.queue.drain?.(RECOMPUTE_QUEUE);

    const settings = networthSettings(config);
    console.log(
      `networth recompute after one price tick (BullMQ on Redis, embedded store, concurrency ${settings.concurrency}, debounce ${settings.debounceMs} ms): ` +
        `${userCount} users × ${perUser} portfolios = ${userCount * perUser} portfolios, ${reached.size} recompute jobs (+1 fan-out), ` +
        `${published} networth.calculated, ${seconds.toFixed(2)} s from price.updated to the last one, ${Math.round(reached.size / seconds)} jobs/s ` +
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
