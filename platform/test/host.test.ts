import { describe, expect, it } from "vitest";
import { checkEventHandlers, checkJobHandlers } from "../src/host.ts";
import type { ServiceModule } from "../src/service.ts";

const handle = async () => {};
const job = async () => null;
const mod = (m: Partial<ServiceModule>): ServiceModule => ({ name: "svc", routes: async () => {}, ...m });

describe("start-up checks", () => {
  it("refuses a job queue with two handlers", () => {
    const a = mod({ name: "a", jobs: [{ queue: "q", handler: job }] });
    const b = mod({ name: "b", jobs: [{ queue: "q", handler: job }] });
    expect(() => checkJobHandlers([a, b])).toThrow("Job queue 'q' has 2 handlers (a, b)");
    expect(() => checkJobHandlers([a], ["q", "other"])).toThrow("Job queue 'other' has no handler");
    expect(() => checkJobHandlers([a], ["q"])).not.toThrow();
  });

  it("refuses an event a service handles twice, or an event nobody publishes", () => {
    const twice = mod({
      consumers: [
        { types: ["portfolio.saved"], handle },
        { types: ["portfolio.saved"], handle },
      ],
    });
    expect(() => checkEventHandlers([twice], ["portfolio.saved"])).toThrow("two handlers for 'portfolio.saved'");
    const unknown = mod({ consumers: [{ types: ["portfolio.saveed"], handle }] });
    expect(() => checkEventHandlers([unknown], ["portfolio.saved"])).toThrow("unknown event 'portfolio.saveed'");
    const ok = mod({ consumers: [{ types: ["portfolio.saved", "portfolio.saved.dlq"], handle }] });
    expect(() => checkEventHandlers([ok], ["portfolio.saved"])).not.toThrow();
  });
});
