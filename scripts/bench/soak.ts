/**
 * A soak (issue 23): the compiled embedded app with its default limits under a steady mix of ordinary users'
 * reads and writes for SOAK seconds (default 600), while the attacks of attacks.ts run in turn beside it, one
 * slice of the time each, and the bench asks /healthz every 100 ms. Printed: the ordinary users' answers (goal:
 * every one a 2xx), their latency, the health probe's p99 (goal ≤ 250 ms) and the event-loop delay's p99 (goal
 * ≤ 50 ms) over the whole soak and per slice, and RSS at the start and the end.
 *
 * Every limit is the default but registrations per client (the setup registers some twenty users from one
 * address). The ordinary users: USERS clients, each from its own loopback address (so each stays under the per-client
 * ceiling), at PER_SECOND requests a second each, going round: visitors' reads of 60 public portfolios, quotes,
 * the community list, their own portfolio's load and their list, an as-traded close, and a save of their own
 * portfolio (valued on the valuation thread).
 *
 *   node --import tsx scripts/bench/soak.ts [seconds, default 600]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { api } from "../../test/support/app-process.ts";
import { buildServer } from "../build-server.mjs";
import { marketDataAvailable, marketDataDir } from "../market-data/location.ts";
import { ATTACKS, attackContext, TICKERS } from "./attacks.ts";
import { clientAddress, type GroupStats, type LoadGroup, type LoadRequest, probeHealth, runLoad } from "./support/load.ts";
import { settled, startServer } from "./support/server.ts";
import { publicPortfolios, tenAssets } from "./throughput.ts";

const USERS = 12;
const PER_SECOND = 8;

/** One ordinary user's round of 20 requests. */
function ordinaryRound(slugs: string[], own: string, token: string, u: number): LoadRequest[] {
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json", "accept-encoding": "gzip, deflate, br" };
  const browser = { "accept-encoding": "gzip, deflate, br" };
  const out: LoadRequest[] = [];
  for (let i = 0; i < 20; i++) {
    const k = (i + u) % 20;
    if (k < 8) out.push({ path: `/cachable/get/portfolio/${slugs[(i * 7 + u) % slugs.length]}`, headers: browser });
    else if (k < 12) out.push({ path: `/v1/get/${TICKERS[(i * 3 + u) % TICKERS.length]}`, headers: browser });
    else if (k < 14) out.push({ path: "/v1/get/communityportfolios", headers: browser });
    else if (k < 16) out.push({ method: "POST", path: `/v1/get/portfolio/${own}`, headers: auth });
    else if (k < 18) out.push({ method: "POST", path: "/v1/get/portfolios-and-assets", headers: auth });
    else if (k < 19)
      out.push({ path: `/v1/get/${TICKERS[(i + u) % TICKERS.length]}/close?date=2020-0${1 + (i % 9)}-15`, headers: browser });
    else out.push({ method: "POST", path: `/v1/save/portfolio/${own}`, headers: auth, body: { portfolio: { assets: tenAssets(u + i) } } });
  }
  return out;
}

const merge = (into: Map<string, GroupStats[]>, groups: GroupStats[]) => {
  for (const g of groups) into.set(g.name, [...(into.get(g.name) ?? []), g]);
};

function summary(stats: GroupStats[]) {
  const byStatus: Record<string, number> = {};
  let requests = 0;
  let p99 = 0;
  for (const g of stats) {
    requests += g.requests;
    p99 = Math.max(p99, g.p99);
    for (const [k, v] of Object.entries(g.byStatus)) byStatus[k] = (byStatus[k] ?? 0) + v;
    for (const [k, v] of Object.entries(g.errors)) byStatus[k] = (byStatus[k] ?? 0) + v;
  }
  const bad = Object.entries(byStatus)
    .filter(([k]) => !/^2\d\d$/.test(k))
    .reduce((n, [, v]) => n + v, 0);
  return { requests, bad, p99, byStatus };
}

export async function soakBench(seconds = 600): Promise<void> {
  const marketData = marketDataDir();
  if (!marketDataAvailable(marketData)) {
    console.log(`soak: skipped, no market data at ${marketData} (set MARKET_DATA_DIR)`);
    return;
  }
  await buildServer({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), "folio-bench-soak-"));
  const app = await startServer({
    env: {
      DATA_DIR: join(dir, "data"),
      MARKET_DATA_DIR: marketData,
      MARKET_DATA_PROVIDERS: "csv",
      IMPORT_MANUAL_TO: "ops@example.com",
      // the setup registers some twenty users from the bench's one address; every other limit is the default
      RATE_LIMIT_REGISTER_PER_CLIENT: "100",
    },
  });
  try {
    const ctx = attackContext(app, dir);
    const slugs = await publicPortfolios(app.url, "visitors-see");
    const ordinary: LoadGroup[] = [];
    for (let u = 0; u < USERS; u++) {
      const token = await ctx.user(`user${u}`);
      const save = await api<{ slug: string }>(
        app.url,
        "POST",
        "/v1/save/portfolio/new",
        { portfolio: { assets: tenAssets(u) }, newPortfolioName: `Mine ${u}` },
        token,
      );
      ordinary.push({
        name: "ordinary",
        address: clientAddress(100 + u),
        connections: 1,
        perSecond: PER_SECOND,
        requests: ordinaryRound(slugs, save.body.slug, token, u),
      });
    }
    const attacks = ATTACKS.filter((a) => a.name !== "none");
    const prepared: { name: string; groups: LoadGroup[] }[] = [];
    for (const a of attacks) prepared.push({ name: a.name, groups: await a.prepare(ctx) });
    await settled(app);
    const start = await app.read();
    const slice = Math.max(5, Math.floor(seconds / prepared.length));
    console.log(
      `soak (the compiled app, default limits; ${USERS} ordinary users at ${PER_SECOND} requests/s each, the ${prepared.length} attacks in turn for ${slice} s each, ` +
        `${slice * prepared.length} s in all; /healthz probed every 100 ms; ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, load average ${loadavg()[0].toFixed(1)}):`,
    );
    const health = probeHealth(app.url);
    const all = new Map<string, GroupStats[]>();
    let worstLoop = 0;
    for (const p of prepared) {
      await app.reset();
      const groups = await runLoad(app.url, slice * 1000, [...ordinary, ...p.groups]);
      const probe = await app.read();
      worstLoop = Math.max(worstLoop, probe.loop.p99);
      merge(all, groups);
      const users = summary(groups.filter((g) => g.name === "ordinary"));
      const attackers = summary(groups.filter((g) => g.name !== "ordinary"));
      console.log(
        `  with ${p.name}: ordinary users ${users.requests} requests, ${users.bad} not 2xx, p99 ${users.p99} ms; ` +
          `attackers answered ${JSON.stringify(attackers.byStatus)}; loop delay p99 ${probe.loop.p99.toFixed(1)} ms (max ${probe.loop.max.toFixed(1)}); ` +
          `RSS ${probe.rssMiB} MiB; load average ${loadavg()[0].toFixed(1)}`,
      );
    }
    const h = await health.stop();
    const end = await app.read();
    const users = summary(all.get("ordinary") ?? []);
    const met = users.bad === 0 && h.p99 <= 250 && worstLoop <= 50;
    console.log(
      `  in all: ordinary users ${users.requests} requests, ${users.bad} not 2xx (${JSON.stringify(users.byStatus)}); /healthz p50 ${h.p50} ms, ` +
        `p99 ${h.p99} ms, max ${h.max} ms, ${h.failed} of ${h.probes} failed; worst slice's loop delay p99 ${worstLoop.toFixed(1)} ms; ` +
        `RSS ${start.rssMiB} → ${end.rssMiB} MiB; goals (0 errors, /healthz p99 ≤ 250 ms, loop p99 ≤ 50 ms) ${met ? "met" : "MISSED"}`,
    );
  } finally {
    await app.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? process.env.SOAK_SECONDS);
  await soakBench(Number.isFinite(seconds) && seconds > 0 ? seconds : 600);
}
