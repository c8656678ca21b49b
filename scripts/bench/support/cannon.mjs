// autocannon in a process of its own (throughput.ts): the JSON spec in argv[2] is autocannon's options (url,
// connections, duration, headers, requests: the paths sent in turn on every connection); prints the result as
// one JSON line, and fails when any answer is not a 2xx or 304.
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2]);
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
