import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

// Resolved from this file, so the project works both from web/ and as a project of the root config.
const root = fileURLToPath(new URL(".", import.meta.url));

export default defineProject({
  root,
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
    // a bound against hangs, not a speed check: a component test that types and waits for replies ran past
    // vitest's 5 s default when the machine was busy (CI runs the e2e browsers and the cluster beside it)
    testTimeout: 20_000,
  },
});
