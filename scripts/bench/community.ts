/**
 * The community under concurrent visitors: the embedded app as a real process, priced from the shared
 * market data (CSV provider only), with N public portfolios from a few users plus the three samples. Then
 * 64 requests kept in flight for ~3 s on each of the two visitor paths: the community list (first page of
 * every category) and the cachable portfolio read (rotating over the public slugs). Prints requests per
 * second and p50/p99 latency, measured by the client on the same machine (so the load generator shares the
 * CPU with the app). Data: MARKET_DATA_DIR or ../shared/market-data beside the repository.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { api, startApp } from "../../test/support/app-process.ts";
import { marketDataAvailable, marketDataDir } from "../market-data/location.ts";
import { marketTickers } from "./support/tickers.ts";

const TICKERS = marketTickers({ crypto: false });
const CATEGORIES = ["Growth", "Dividend", "Index", "Tech", "Crypto", "Other"];

export interface LoadResult {
  requests: number;
  failures: number;
  seconds: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Keeps `inFlight` requests going for `seconds`; each worker starts its next request when one ends. */
export async function load(urlFor: (i: number) => string, inFlight: number, seconds: number): Promise<LoadResult> {
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await fetch(urlFor(next++));
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { requests: times.length, failures, seconds: elapsed, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

const describeResult = (label: string, r: LoadResult) =>
  `${label}: ${Math.round(r.requests / r.seconds)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.requests} requests${r.failures ? `, ${r.failures} not 200` : ""})`;

export async function communityBench(
  options: { portfolios?: number; inFlight?: number; seconds?: number; settleMs?: number } = {},
): Promise<void> {
  const { portfolios = 60, inFlight = 64, seconds = 3, settleMs = 10_000 } = options;
  const marketData = marketDataDir();
  if (!marketDataAvailable(marketData)) {
    console.log(`community bench: skipped, no market data in ${marketData} (set MARKET_DATA_DIR)`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "folio-bench-community-"));
  const app = await startApp({ DATA_DIR: dir, MARKET_DATA_DIR: marketData, MARKET_DATA_PROVIDERS: "csv", LOG_LEVEL: "warn" });
  try {
    const slugs: string[] = [];
    const users = 6;
    for (let u = 0; u < users; u++) {
      const reg = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/register", {
        email: `bench${u}@example.com`,
        password: "bench-pass",
      });
      const token = reg.body.idToken;
      for (let i = u; i < portfolios; i += users) {
        // 3 to 6 assets each, bought in different years
        const assets = Array.from({ length: 3 + (i % 4) }, (_, k) => ({
          ticker: TICKERS[(i * 5 + k * 7) % TICKERS.length],
          quantity: 5 + ((i + k) % 20),
          PoA: 100,
          DoA: `${2012 + ((i + k) % 12)}-0${1 + (k % 9)}-15`,
        }));
        const saved = await api<{ slug: string }>(
          app.url,
          "POST",
          "/v1/save/portfolio/new",
          { portfolio: { assets }, newPortfolioName: `Bench ${i}` },
          token,
        );
        const slug = saved.body.slug;
        await api(
          app.url,
          "POST",
          `/v1/update/portfoliosettings/${slug}`,
          { settings: { privateMode: false, category: CATEGORIES[i % CATEGORIES.length], pDescription: `Bench portfolio ${i}` } },
          token,
        );
        slugs.push(slug);
      }
    }
    // the samples are seeded in the background of the start, and every publish reaches the read model by event
    const deadline = Date.now() + 30_000;
    for (;;) {
      const list = await api<{ pagination: { totals: Record<string, number> } }>(app.url, "GET", "/v1/get/communityportfolios");
      const total = Object.values(list.body.pagination.totals).reduce((a, b) => a + b, 0);
      if (total >= portfolios + 3) break;
      if (Date.now() > deadline) throw new Error(`only ${total} of ${portfolios + 3} portfolios reached the community`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // the setup's saves start background work (valuations, net-worth recomputes): let it finish first
    await new Promise((r) => setTimeout(r, settleMs));
    const base = app.url;
    await load(() => `${base}/v1/get/communityportfolios`, inFlight, 0.5);
    const list = await load(() => `${base}/v1/get/communityportfolios`, inFlight, seconds);
    await load((i) => `${base}/cachable/get/portfolio/${slugs[i % slugs.length]}`, inFlight, 0.5);
    const read = await load((i) => `${base}/cachable/get/portfolio/${slugs[i % slugs.length]}`, inFlight, seconds);
    const on = `${portfolios} public portfolios + 3 samples, ${inFlight} in flight, ${seconds} s, embedded app, client on the same machine`;
    console.log(describeResult(`community list (GET /v1/get/communityportfolios; ${on})`, list));
    console.log(describeResult(`cachable read (GET /cachable/get/portfolio/{slug} over ${slugs.length} slugs; ${on})`, read));
  } finally {
    await app.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await communityBench();
