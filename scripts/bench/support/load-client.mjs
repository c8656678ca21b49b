// The benches' load generator, run as a process of its own (load.ts): keeps each client's connections busy,
// one request in flight per connection, from the client's own loopback address (so per-client limits count
// it as the server sees it), for the given time. Prints one JSON line: per group and in all, the answers by
// status, errors, latency percentiles and bytes. Spec: a JSON file named by the first argument.
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
const bodies = new Map();
const bodyOf = (r) => {
  if (r.bodyFile) {
    if (!bodies.has(r.bodyFile)) bodies.set(r.bodyFile, readFileSync(r.bodyFile));
    return bodies.get(r.bodyFile);
  }
  return r.body === undefined ? undefined : Buffer.from(typeof r.body === "string" ? r.body : JSON.stringify(r.body));
};

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);

function send(agent, base, r) {
  return new Promise((done) => {
    const started = performance.now();
    const body = bodyOf(r);
    const url = new URL(r.path, base);
    const req = request(
      url,
      {
        method: r.method ?? "GET",
        agent,
        headers: { ...(body ? { "content-length": body.length } : {}), ...(r.headers ?? {}) },
        timeout: spec.timeoutMs ?? 30_000,
      },
      (res) => {
        let bytes = 0;
        res.on("data", (d) => (bytes += d.length));
        res.on("end", () => done({ status: res.statusCode, ms: performance.now() - started, bytes }));
        res.on("error", (e) => done({ error: e.code ?? e.message, ms: performance.now() - started, bytes }));
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (e) => done({ error: e.code ?? e.message, ms: performance.now() - started, bytes: 0 }));
    req.end(body);
  });
}

async function group(g, until) {
  const agent = new Agent({ keepAlive: true, maxSockets: g.connections, localAddress: g.address });
  const stats = { name: g.name ?? g.address, requests: 0, byStatus: {}, errors: {}, times: [], bytes: 0 };
  let next = 0;
  const pace = g.perSecond ? 1000 / g.perSecond : 0;
  const connection = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const r = g.requests[next++ % g.requests.length];
      const out = await send(agent, spec.base, r);
      stats.requests++;
      stats.bytes += out.bytes;
      stats.times.push(out.ms);
      if (out.error) stats.errors[out.error] = (stats.errors[out.error] ?? 0) + 1;
      else stats.byStatus[out.status] = (stats.byStatus[out.status] ?? 0) + 1;
      if (pace) {
        const wait = pace * g.connections - (performance.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, until - performance.now())));
      }
    }
  };
  await Promise.all(Array.from({ length: g.connections }, connection));
  agent.destroy();
  return stats;
}

const started = performance.now();
const until = started + spec.durationMs;
const groups = await Promise.all(spec.clients.map((g) => group(g, until)));
const seconds = (performance.now() - started) / 1000;
const summary = (s) => {
  const sorted = s.times.sort((a, b) => a - b);
  return {
    name: s.name,
    requests: s.requests,
    perSecond: Math.round(s.requests / seconds),
    byStatus: s.byStatus,
    errors: s.errors,
    p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
    p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
    max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
    bytes: s.bytes,
  };
};
process.stdout.write(`${JSON.stringify({ seconds, groups: groups.map(summary) })}\n`);
