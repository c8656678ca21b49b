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
    const both = [job("brokerage.sync", work), job("brokerage.sync-all", work)];
    expect(() => checkJobHandlers([mod({ name: "brokerage", jobs: both })])).not.toThrow();
    expect(() => checkJobHandlers([mod({ name: "brokerage", jobs: [both[0]] })])).toThrow(
      "Job queue 'brokerage.sync-all' has 0 handlers in service 'brokerage'",
    );
    expect(() => checkJobHandlers([mod({ name: "brokerage", jobs: [...both, both[1]] })])).toThrow(
      "Job queue 'brokerage.sync-all' has 2 handlers in service 'brokerage'",
    );
    expect(() => checkJobHandlers([mod({ name: "pricing", jobs: [both[0]] })])).toThrow(
      "Service 'pricing' handles job queue 'brokerage.sync' of another service",
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
