/**
 * One embedded app (real process, fresh DATA_DIR, prices from the real market-data folder only, so no test
 * reaches the network) and one headless Chromium per e2e file, started before its tests and stopped after.
 * The app is the compiled one, as `npm start` and the image run it: `node dist/server/embedded.js` serving
 * web/dist (test/support/app-process.ts; the e2e project's setup builds both when they are out of date).
 * Users and sessions (register, log in, a signed-in context) come from session.ts, re-exported here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { marketDataDir, requireMarketData } from "../../scripts/market-data/location.ts";
import { type AppProcess, startApp } from "../../test/support/app-process.ts";
import { chromiumAvailable, launchChromium } from "./browser.ts";

export * from "./session.ts";

export const MARKET_DATA = marketDataDir();
const marketDataAvailable = () => requireMarketData("e2e tests");

export interface E2E {
  /** false when Chromium or the market data is missing (locally): the file's tests skip, saying why */
  readonly enabled: boolean;
  readonly app: AppProcess;
  readonly browser: Browser;
}

export function e2eApp(name: string, onReady?: (app: AppProcess) => Promise<void>): E2E {
  const enabled = chromiumAvailable() && marketDataAvailable();
  const dataDir = mkdtempSync(join(tmpdir(), `folio-e2e-${name}-`));
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!enabled) return;
    app = await startApp({ DATA_DIR: dataDir, MARKET_DATA_DIR: MARKET_DATA, MARKET_DATA_PROVIDERS: "csv" });
    browser = await launchChromium();
    await onReady?.(app);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    enabled,
    get app() {
      if (!app) throw new Error("the e2e app is not running");
      return app;
    },
    get browser() {
      if (!browser) throw new Error("Chromium is not running");
      return browser;
    },
  };
}
