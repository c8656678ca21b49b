import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { LazyChildLogger, redactPaths } from "../src/log.ts";

function captured(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const logger = pino({ level, redact: { paths: redactPaths, censor: "[redacted]" } }, stream);
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => {
    children++;
    return child(...args);
  }) as typeof logger.child;
  return { logger, lines, children: () => children };
}

describe("LazyChildLogger (a request's logger)", () => {
  it("makes the child only when a line is written, and writes it as the child would: its bindings, redaction, levels", async () => {
    const log = captured("info");
    const quiet = new LazyChildLogger(log.logger, { reqId: "req-1" }, {});
    quiet.debug({ a: 1 }, "not at info");
    expect(quiet.isLevelEnabled("debug")).toBe(false);
    expect(log.children()).toBe(0);
    const loud = new LazyChildLogger(log.logger, { reqId: "req-2" }, {});
    loud.warn({ password: "hunter2", status: 503 }, "a dependency is unavailable");
    loud.info("second");
    await new Promise((r) => setImmediate(r));
    expect(log.children()).toBe(1);
    expect(log.lines).toEqual([
      expect.objectContaining({ reqId: "req-2", level: 40, password: "[redacted]", status: 503, msg: "a dependency is unavailable" }),
      expect.objectContaining({ reqId: "req-2", level: 30, msg: "second" }),
    ]);
  });
});
