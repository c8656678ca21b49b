/**
 * Cold start of the embedded app (spawn → /healthz answers) and its resident memory right after start
 * and after a short burst of requests, on a fresh DATA_DIR each run.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { api, startApp } from "../../test/support/app-process.ts";

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function coldStart(runs = 5) {
  const starts: number[] = [];
  const idle: number[] = [];
  const busy: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), "folio-bench-"));
    const app = await startApp({ DATA_DIR: dir, LOG_LEVEL: "warn" });
    starts.push(app.startMs);
    const pid = app.child.pid as number;
    idle.push(rssMb(pid));
    const reg = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/register", {
      email: `b${i}@example.com`,
      password: "bench-pass",
    });
    const token = reg.body.idToken;
    const save = await api<{ slug: string }>(
      app.url,
      "POST",
      "/v1/save/portfolio/new",
      { portfolio: { assets: [] }, newPortfolioName: "Bench" },
      token,
    );
    for (let j = 0; j < 200; j++) await api(app.url, "POST", `/v1/get/portfolio/${save.body.slug}`, undefined, token);
    busy.push(rssMb(pid));
    await app.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `embedded cold start (spawn → /healthz, ${runs} runs): median ${Math.round(median(starts))} ms, min ${Math.round(Math.min(...starts))} ms, max ${Math.round(Math.max(...starts))} ms`,
  );
  console.log(
    `embedded RSS after start: median ${median(idle).toFixed(0)} MiB; after register + 200 portfolio reads: ${median(busy).toFixed(0)} MiB`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await coldStart();
