/** Headless Debian Chromium through playwright-core (no browser download). */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** With CI=true a missing browser fails the run; locally the e2e suite is skipped with a message. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === "true") throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  console.warn(`Chromium not found at ${CHROMIUM}: e2e tests skipped (apt-get install chromium)`);
  return false;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}
