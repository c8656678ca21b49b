import { defineConfig } from "vitest/config";

/**
 * Three projects: `server` (domain, contract, service API and system tests, Node), `web` (components in
 * jsdom) and `e2e` (headless Chromium through the real app; needs `npm run build` first).
 * Global setups start the real infrastructure the contract suites need (redis-server, the Kafka-protocol
 * broker) on loopback; with CI=true a missing one fails the run instead of skipping.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: [
            "proto/**/*.test.ts",
            "platform/**/*.test.ts",
            "services/*/{src,test}/**/*.test.ts",
            "gateway/{src,test}/**/*.test.ts",
            "test/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: ["**/node_modules/**"],
          globalSetup: ["test/setup/redis.ts", "test/setup/kafka.ts", "test/setup/mongo.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "web/vitest.config.ts",
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["web/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
