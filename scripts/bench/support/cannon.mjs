// autocannon in a process of its own (throughput.ts): the JSON spec in argv[2] is autocannon's options (url,
// connections, duration, headers, requests: the paths sent in turn on every connection); prints the result as
// one JSON line, and fails when any answer is not a 2xx or 304.
//
// A request may also carry, as plain JSON (a connection's context lives for one pass over `requests`):
// - `keep: true`: the `slug` of its 2xx answer is kept by the connection (a portfolio it created);
// - `kept: "forget" | "use"`: `{kept}` in its path is that slug ("forget": and the connection no longer keeps it,
//   as after a delete); with none kept (the create failed), `fallback` (a request) is sent instead.
import autocannon from "autocannon";

function withContext(request) {
  const { keep, kept, fallback, ...plain } = request;
  if (keep)
    plain.onResponse = (status, body, context) => {
      if (status >= 200 && status < 300) context.kept = JSON.parse(body).slug;
    };
  if (kept)
    plain.setupRequest = (req, context) => {
      const slug = context.kept;
      if (kept === "forget") context.kept = undefined;
      return slug ? { ...req, path: req.path.replace("{kept}", encodeURIComponent(slug)) } : { ...req, ...fallback };
    };
  return plain;
}

const options = JSON.parse(process.argv[2]);
if (options.requests) options.requests = options.requests.map(withContext);
const result = await autocannon({ ...options, expectBody: undefined });
const ok = (result.non2xx ?? 0) - (result.statusCodeStats?.["304"]?.count ?? 0);
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerReply: result.requests.total ? result.throughput.total / result.requests.total : 0,
    bad: ok,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodeStats: result.statusCodeStats,
  })}\n`,
);
