import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { afterAll } from "vitest";

const s = new Session();
s.connect();
await s.post("Profiler.enable");
await s.post("Profiler.setSamplingInterval", { interval: 200 });
await s.post("Profiler.start");
afterAll(async () => {
  const { profile } = await s.post("Profiler.stop");
  writeFileSync(`/tmp/fl2/prof/${Date.now()}-${Math.random().toString(36).slice(2, 6)}.cpuprofile`, JSON.stringify(profile));
  s.disconnect();
});
