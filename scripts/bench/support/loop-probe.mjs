// Loaded into a server process by the benches (`node --import <this file> dist/server/embedded.js`): measures how
// late the event loop runs (monitorEventLoopDelay: a timer due every RESOLUTION_MS, each interval recorded; the
// delay is the interval less RESOLUTION_MS) and answers the bench over the IPC channel: "reset" starts a new
// window, "read" sends the window's delay percentiles (ms), CPU and memory. Nothing of the app is changed;
// without an IPC channel (started by hand) it does nothing.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { writeHeapSnapshot } from "node:v8";

if (process.send) {
  const RESOLUTION_MS = 5;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let cpu = process.cpuUsage();
  let since = performance.now();
  process.on("message", (message) => {
    if (message === "reset") {
      delay.reset();
      cpu = process.cpuUsage();
      since = performance.now();
      process.send({ reset: true });
    } else if (message === "read") {
      const used = process.cpuUsage(cpu);
      const memory = process.memoryUsage();
      const ms = (ns) => Math.round(ns / 1e4) / 100;
      const late = (ns) => Math.max(0, ms(ns) - RESOLUTION_MS);
      process.send({
        loop: { p50: late(delay.percentile(50)), p99: late(delay.percentile(99)), max: late(delay.max), mean: late(delay.mean) },
        cpuMs: Math.round((used.user + used.system) / 1000),
        wallMs: Math.round(performance.now() - since),
        rssMiB: Math.round(memory.rss / 1048576),
        // the highest resident memory since the process started (getrusage's maxrss, KiB)
        peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
        heapMiB: Math.round(memory.heapUsed / 1048576),
        heapTotalMiB: Math.round(memory.heapTotal / 1048576),
        externalMiB: Math.round(memory.external / 1048576),
        arrayBuffersMiB: Math.round(memory.arrayBuffers / 1048576),
      });
    } else if (typeof message === "object" && message?.snapshot) {
      // a heap snapshot of the main thread, for finding what memory holds (BENCH diagnostics)
      const file = writeHeapSnapshot(message.snapshot);
      process.send({ snapshot: file });
    } else if (message === "gc") {
      if (typeof globalThis.gc === "function") globalThis.gc();
      process.send({ gc: typeof globalThis.gc === "function" });
    }
  });
  process.channel?.unref();
}
