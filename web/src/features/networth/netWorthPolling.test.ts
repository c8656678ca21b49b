import type { NetWorthReply } from "@folio/proto/networth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { browserTimers, type NetWorthStatus, pollNetWorth } from "./netWorthPolling.ts";

const calculating: NetWorthReply = { netWorth: 0, lastUpdated: null, calculating: true };
const done: NetWorthReply = { netWorth: 1234.5, lastUpdated: "2024-05-01T10:00:00.000Z", calculating: false };

/** A server stub that records when (fake ms since start) and with what force it was asked. */
function server(replies: (call: number) => NetWorthReply | Error) {
  const start = Date.now();
  const calls: { at: number; force: boolean }[] = [];
  const request = vi.fn(async (force: boolean) => {
    calls.push({ at: Date.now() - start, force });
    const reply = replies(calls.length);
    if (reply instanceof Error) throw reply;
    return reply;
  });
  return { request, calls, at: () => calls.map((call) => call.at) };
}

function recorder() {
  const statuses: NetWorthStatus[] = [];
  return { statuses, onStatus: (status: NetWorthStatus) => statuses.push(status), last: () => statuses.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2024-05-01T10:00:00.000Z") });
});

describe("net-worth polling (spec §4)", () => {
  it("asks once and stops when the value is ready", async () => {
    const api = server(() => done);
    const out = recorder();
    pollNetWorth({ request: api.request, force: false, onStatus: out.onStatus, timers: browserTimers });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.at()).toEqual([0]);
    expect(out.statuses.map((s) => s.state)).toEqual(["loading", "done"]);
    expect(out.last()).toEqual({ state: "done", reply: done });
  });

  it("while calculating, waits 2 s, then polls every 5 s until calculating is false", async () => {
    // calculating for the first three answers, done at the fourth
    const api = server((call) => (call < 4 ? calculating : done));
    const out = recorder();
    pollNetWorth({ request: api.request, force: true, onStatus: out.onStatus });

    await vi.advanceTimersByTimeAsync(1_999);
    expect(api.at()).toEqual([0]);
    expect(out.last().state).toBe("calculating");
    await vi.advanceTimersByTimeAsync(1);
    expect(api.at()).toEqual([0, 2_000]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(api.at()).toEqual([0, 2_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.at()).toEqual([0, 2_000, 7_000]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.at()).toEqual([0, 2_000, 7_000, 12_000]);
    expect(out.last()).toEqual({ state: "done", reply: done });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls).toHaveLength(4);
    // only the first request asks for a recompute; the polls ask how it is going
    expect(api.calls.map((call) => call.force)).toEqual([true, false, false, false]);
  });

  it("stops on an error", async () => {
    const failure = new Error("503");
    const api = server((call) => (call < 3 ? calculating : failure));
    const out = recorder();
    pollNetWorth({ request: api.request, force: false, onStatus: out.onStatus });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.at()).toEqual([0, 2_000, 7_000]);
    expect(out.last()).toEqual({ state: "error", error: failure });
  });

  it("gives up after 120 s of calculating", async () => {
    const api = server(() => calculating);
    const out = recorder();
    pollNetWorth({ request: api.request, force: false, onStatus: out.onStatus });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // 0, then 2 s, then every 5 s: 2, 7, …, 117; the next (122 s) would pass the 120 s cap
    const expected = [0, ...Array.from({ length: 24 }, (_, i) => 2_000 + i * 5_000)];
    expect(api.at()).toEqual(expected);
    expect(api.at().at(-1)).toBe(117_000);
    expect(out.last()).toEqual({ state: "timedOut", reply: calculating });
  });

  it("counts slow answers against the cap", async () => {
    // each answer takes 10 s: asked at 0 (answered 10), 12 (22), 27 (37), … the cap ends it sooner
    const api = server(() => calculating);
    const slow = (force: boolean) => new Promise<NetWorthReply>((resolve) => setTimeout(() => resolve(api.request(force)), 10_000));
    const out = recorder();
    pollNetWorth({ request: slow, force: false, onStatus: out.onStatus });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // times are when answers arrive. Calculating since the first answer (10 s); each poll goes out 2 s, then
    // 5 s, after an answer (12, 27, …, 117 s) and is answered 10 s later; after the answer at 127 s the next
    // poll (132 s) would be 122 s past 10 s, over the cap
    expect(api.at()).toEqual([10_000, 22_000, 37_000, 52_000, 67_000, 82_000, 97_000, 112_000, 127_000]);
    expect(out.last().state).toBe("timedOut");
  });

  it("cancelling stops further polls and reports", async () => {
    const api = server(() => calculating);
    const out = recorder();
    const cancel = pollNetWorth({ request: api.request, force: false, onStatus: out.onStatus });
    await vi.advanceTimersByTimeAsync(2_000);
    cancel();
    const reported = out.statuses.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.at()).toEqual([0, 2_000]);
    expect(out.statuses).toHaveLength(reported);
  });

  it("uses the timers it is given", async () => {
    vi.useRealTimers();
    const scheduled: number[] = [];
    const queue: (() => void)[] = [];
    let clock = 0;
    const timers = {
      setTimeout: (callback: () => void, ms: number) => {
        scheduled.push(ms);
        queue.push(() => {
          clock += ms;
          callback();
        });
        return queue.length;
      },
      clearTimeout: () => {},
      now: () => clock,
    };
    const request = vi.fn(async () => (request.mock.calls.length < 3 ? calculating : done));
    const out = recorder();
    pollNetWorth({ request, force: false, onStatus: out.onStatus, timers });
    for (let i = 0; i < 5; i++) {
      await Promise.resolve();
      await Promise.resolve();
      queue.shift()?.();
    }
    await vi.waitFor(() => expect(out.last().state).toBe("done"));
    expect(scheduled).toEqual([2_000, 5_000]);
  });
});
