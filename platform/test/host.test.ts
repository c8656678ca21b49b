import { describe, expect, it } from "vitest";
import { consumer } from "../src/events.ts";
import { checkEventHandlers, checkJobHandlers } from "../src/host.ts";
import { job } from "../src/jobs.ts";
import type { ServiceModule } from "../src/service.ts";

const handle = async () => {};
const work = async () => null;
const mod = (m: Partial<ServiceModule>): ServiceModule => ({ name: "svc", routes: async () => {}, ...m });

describe("start-up checks, derived from proto's event and job maps", () => {
  it("refuses a service without a handler for one of its queues, with two, or with another service's", () => {
    const both = [job("networth.recompute", work), job("networth.fanout", work)];
    expect(() => checkJobHandlers([mod({ name: "networth", jobs: both })])).not.toThrow();
    expect(() => checkJobHandlers([mod({ name: "networth", jobs: [both[0]] })])).toThrow(
      "Job queue 'networth.fanout' has 0 handlers in service 'networth'",
    );
    expect(() => checkJobHandlers([mod({ name: "networth", jobs: [...both, both[1]] })])).toThrow(
      "Job queue 'networth.fanout' has 2 handlers in service 'networth'",
    );
    expect(() => checkJobHandlers([mod({ name: "pricing", jobs: [both[0]] })])).toThrow(
      "Service 'pricing' handles job queue 'networth.recompute' of another service",
    );
    // a service that owns no queue needs no handler
    expect(() => checkJobHandlers([mod({ name: "chat" })], ["networth.recompute"])).not.toThrow();
  });

  it("refuses an event a service handles twice, or an event the map does not list", () => {
    const twice = mod({ consumers: [consumer(["portfolio.saved"], handle), consumer(["portfolio.saved"], handle)] });
    expect(() => checkEventHandlers([twice])).toThrow("two handlers for 'portfolio.saved'");
    expect(() => checkEventHandlers([mod({ consumers: [consumer(["portfolio.saved"], handle)] })], ["portfolio.deleted"])).toThrow(
      "unknown event 'portfolio.saved'",
    );
    expect(() => checkEventHandlers([mod({ consumers: [consumer(["portfolio.saved", "portfolio.deleted"], handle)] })])).not.toThrow();
  });
});
