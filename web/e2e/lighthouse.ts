/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone on slow 4G, simulated)
 * of the built web app served by the real embedded app, in the local Chromium, on the visitor's pages:
 * /, /dashboard, a sample portfolio and /community, each LIGHTHOUSE_RUNS times (default 3). Prints the median
 * performance, accessibility and best practices per page and fails (exit code 1) when one is below MIN_SCORE. Figures, with the date, go in docs/web.md (Lighthouse).
 *
 * Options (environment): LIGHTHOUSE_URL=http://host:port audits a running Folio instead of starting one;
 * LIGHTHOUSE_REPORTS=<dir> keeps each page's HTML report; LIGHTHOUSE_PAGES=/,/community picks the pages;
 * CHROMIUM_PATH as for the e2e tests.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { type AppProcess, freePort, repoRoot, startApp } from "../../test/support/app-process.ts";
import { CHROMIUM } from "./browser.ts";

const MARKET_DATA = process.env.MARKET_DATA_DIR ?? resolve(repoRoot, "../shared/market-data");

const MIN_SCORE = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
/** Lighthouse's advice for a noisy machine: several runs, the median reported */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/dashboard", "/p/sample-three-fund", "/community"];

async function main() {
  // the machine's load moves the scores (blocking time above all): the figures say how busy it was
  const startLoad = loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  let app: AppProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "folio-lighthouse-"));
  let base = process.env.LIGHTHOUSE_URL;
  if (!base) {
    app = await startApp({ DATA_DIR: dataDir, MARKET_DATA_DIR: MARKET_DATA, MARKET_DATA_PROVIDERS: "csv", LOG_LEVEL: "error" });
    base = app.url;
    // the samples are seeded at start; wait until the sample portfolio answers
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${base}/cachable/get/portfolio/sample-three-fund`);
      if (res.ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const port = await freePort();
  // Lighthouse drives the browser over the DevTools port; playwright-core only starts it (no download)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [`--remote-debugging-port=${port}`, "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  const rows: { page: string; scores: Record<string, number>; runs: number[] }[] = [];
  try {
    for (const page of PAGES) {
      const runs: Record<string, number>[] = [];
      for (let run = 0; run < RUNS; run++) {
        let result: Awaited<ReturnType<typeof lighthouse>>;
        // a run whose trace Lighthouse could not record (NO_NAVSTART and the like) has no scores: run it again
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(
            `${base}${page}`,
            { port, output: reports ? "html" : "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
            // the default config: mobile form factor, simulated slow 4G and 4× CPU slowdown
            undefined,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
          if (!result.lhr.runtimeError) break;
          console.log(`  ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
          if (attempt === 3) break;
        }
        const scores: Record<string, number> = {};
        for (const category of CATEGORIES) scores[category] = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
        runs.push(scores);
        if (reports) {
          const name = page === "/" ? "landing" : page.replaceAll("/", "_").replace(/^_/, "");
          writeFileSync(join(reports, `${name}-${run + 1}.html`), String(result.report));
        }
        const failing = result.lhr.audits;
        for (const category of CATEGORIES) {
          if (scores[category] === 100) continue;
          // name what cost points, so a low score says where to look
          const refs = result.lhr.categories[category]?.auditRefs ?? [];
          const lost = refs
            .filter((ref) => ref.weight > 0 && (failing[ref.id]?.score ?? 1) < 1)
            .map((ref) => {
              const audit = failing[ref.id];
              // which elements, for the audits that name them (contrast, names, targets)
              const items = (audit?.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
              const nodes = items.flatMap((item) => (item.node?.selector ? [item.node.selector] : [])).slice(0, 3);
              return `${ref.id} (${audit?.displayValue || audit?.score}${nodes.length ? `: ${nodes.join(" | ")}` : ""})`;
            });
          console.log(`  ${page} run ${run + 1} ${category} ${scores[category]}: ${lost.join(", ")}`);
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
      const scores: Record<string, number> = {};
      for (const category of CATEGORIES) scores[category] = median(runs.map((r) => r[category] as number));
      rows.push({ page, scores, runs: runs.map((r) => r.performance as number) });
    }
  } finally {
    await browser.close();
    await app?.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  console.log(`\nLighthouse (mobile) on ${base}, ${new Date().toISOString().slice(0, 10)}, median of ${RUNS} run(s)`);
  console.log(`load average at the start ${startLoad}, at the end ${load} (1, 5, 15 min; ${cpus().length} cores)\n`);
  console.log(`| page | ${CATEGORIES.join(" | ")} | performance per run |\n|---|${CATEGORIES.map(() => "---").join("|")}|---|`);
  for (const row of rows) console.log(`| \`${row.page}\` | ${CATEGORIES.map((c) => row.scores[c]).join(" | ")} | ${row.runs.join(", ")} |`);
  const low = rows.filter((row) => CATEGORIES.some((c) => (row.scores[c] ?? 0) < MIN_SCORE));
  if (low.length > 0) {
    console.error(`\nbelow ${MIN_SCORE}: ${low.map((r) => r.page).join(", ")}`);
    process.exitCode = 1;
  }
}

await main();
