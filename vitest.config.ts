import { defineConfig } from "vitest/config";

const serverTests = [
  "proto/**/*.test.ts",
  "platform/**/*.test.ts",
  "services/*/{src,test}/**/*.test.ts",
  "gateway/{src,test}/**/*.test.ts",
  "test/**/*.test.ts",
  "scripts/**/*.test.ts",
];

/**
 * What the fast inner loop (`npm run test:fast`) leaves out: the suites that need real servers (Redis,
 * the Kafka-protocol broker, MongoDB), start the app as processes, or run the OCR engine over images.
 * Everything else — domain, memory and embedded adapters, service APIs through `app.inject` — stays in.
 */
const needsInfrastructure = [
  "platform/test/bus/kafka.test.ts",
  "platform/test/cache/redis.test.ts",
  "platform/test/queue/bullmq.test.ts",
  "platform/test/store/mongo.test.ts",
  "test/system/**",
  "services/import/test/ocr-*.test.ts",
];

/**
 * Projects: `server` (domain, contract, service API and system tests, Node), `web` (components in jsdom),
 * `e2e` (headless Chromium through the real app; needs `npm run build` first) — these three are `npm test` —
 * and `fast`, the server project without the infrastructure suites, for `npm run test:fast` with `web`.
 * The server's global setups start the real infrastructure the contract suites need (redis-server, the
 * Kafka-protocol broker) on loopback; with CI=true a missing one fails the run instead of skipping.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: serverTests,
          exclude: ["**/node_modules/**"],
          globalSetup: ["test/setup/redis.ts", "test/setup/kafka.ts", "test/setup/mongo.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "fast",
          environment: "node",
          include: serverTests,
          exclude: ["**/node_modules/**", ...needsInfrastructure],
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
