/**
 * Queue workers start once the server listens, `afterMs` later (platform/src/host.ts startWorkers): a job
 * added at start waits in its queue until then, and a process stopped before never runs it.
 */
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock.ts";
import { loadConfig } from "../src/config.ts";
import { type Hosted, hostServices } from "../src/host.ts";
import { job } from "../src/jobs.ts";
import { FolderMailer } from "../src/mail.ts";
import { inMemoryDeps } from "../src/memory-deps.ts";
import type { ServiceModule } from "../src/service.ts";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

let hosted: Hosted | undefined;
afterEach(async () => {
  await hosted?.stop();
  hosted = undefined;
});

async function host() {
  const clock = new ManualClock(Date.UTC(2026, 10, 26, 12, 0, 0));
  const deps = inMemoryDeps(
    loadConfig({ DATA_DIR: "/nonexistent", LOG_LEVEL: "silent" }),
    clock,
    new FolderMailer("/nonexistent", "folio@example.com"),
  );
  const ran: string[] = [];
  const networth: ServiceModule = {
    name: "networth",
    routes: async () => {},
    jobs: [
      job("networth.recompute", async ({ data }) => {
        ran.push(data.uid);
        return null;
      }),
    ],
  };
  hosted = await hostServices(Fastify({ logger: false }), [networth], deps);
  // what a start queues, before the server listens
  await deps.queue.add("networth.recompute", "networth.recompute", { uid: "ann" });
  return { clock, deps, ran, hosted };
}

describe("queue workers after the server listens", () => {
  it("run the jobs queued at start only once the delay has passed", async () => {
    const { clock, deps, ran, hosted } = await host();
    await turn();
    expect(ran).toEqual([]);
    hosted.startWorkers(1000);
    clock.set(clock.now() + 999);
    await turn();
    expect(ran).toEqual([]);
    clock.set(clock.now() + 1);
    await deps.queue.drain("networth.recompute");
    expect(ran).toEqual(["ann"]);
    // a second call starts nothing twice
    hosted.startWorkers(0);
    await deps.queue.add("networth.recompute", "networth.recompute", { uid: "bob" });
    await deps.queue.drain("networth.recompute");
    expect(ran).toEqual(["ann", "bob"]);
  });

  it("never start in a process stopped during the delay", async () => {
    const { clock, ran, hosted: h } = await host();
    h.startWorkers(1000);
    await h.stop();
    hosted = undefined;
    clock.set(clock.now() + 5000);
    await turn();
    expect(ran).toEqual([]);
  });
});
