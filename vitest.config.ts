import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { splitMocking, testFileMocks } from "./test/setup/mocking-files.ts";
import web from "./web/vitest.config.ts";

const serverTests = [
  "proto/**/*.test.ts",
  "platform/**/*.test.ts",
  "services/*/{src,test}/**/*.test.ts",
  "gateway/{src,test}/**/*.test.ts",
  "test/**/*.test.ts",
  "scripts/**/*.test.ts",
];

/**
 * What the fast inner loop (`npm run test:fast`) leaves to `npm test`: the suites that need real servers
 * (Redis, the Kafka-protocol broker, MongoDB) or start the app as processes (system), the SQLite store's
 * adapter suite, the fuzzing of the whole embedded app, the OCR engine over images, and the tests of the
 * scripts (the vendor fakes and the market-data fetcher, which serve over HTTP). What stays: domain, the
 * memory adapters' contract suites, the service APIs through `app.inject` and the web components.
 */
const leftToFullSuite = [
  "platform/test/bus/kafka.test.ts",
  "platform/test/cache/redis.test.ts",
  "platform/test/queue/bullmq.test.ts",
  "platform/test/store/mongo.test.ts",
  "platform/test/blobs/gridfs.test.ts",
  "platform/test/store/embedded.test.ts",
  "test/system/**",
  "gateway/test/fuzz.test.ts",
  "services/import/test/ocr-*.test.ts",
  "services/import/test/api-screenshot.test.ts",
  "scripts/**",
];

/**
 * The fast projects share one module graph and one jsdom per worker between files (`isolate: false`): most
 * of a file's cost was loading modules and building the environment again. A file that replaces modules with
 * `vi.mock` shares only with files that replace them the same way: in `fast-web` every file draws charts with
 * the stub (its setup, web/src/test-chart-stub.ts, mocks react-apexcharts as the chart tests do), so the files
 * whose one mock is that stub share it too; any other mocking file runs isolated (`fast-mocks`,
 * `fast-isolated-web`). Vitest runs the projects in the order of their names, each file group on workers of
 * its own: the isolated web files come before `fast-web`, beside its longest files, rather than last.
 */
const here = fileURLToPath(new URL(".", import.meta.url));
const serverMocks = splitMocking(testFileMocks(here, ["proto", "platform", "services", "gateway", "test", "scripts"]), () => false);
const webMocks = splitMocking(testFileMocks(join(here, "web"), ["src"]), (line) =>
  /^vi\.mock\("react-apexcharts", \(\) => import\("[./]+(?:components\/)?ApexChartStub\.tsx"\)\);$/.test(line.trim()),
);
const fastServer = { environment: "node", testTimeout: 30_000, hookTimeout: 60_000, pool: "forks" } as const;
const excluded = ["**/node_modules/**", ...leftToFullSuite];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: serverTests,
          exclude: ["**/node_modules/**"],
          globalSetup: ["test/setup/build.ts", "test/setup/redis.ts", "test/setup/kafka.ts", "test/setup/mongo.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { ...fastServer, name: "fast", include: serverTests, exclude: [...excluded, ...serverMocks.isolated], isolate: false },
      },
      ...(serverMocks.isolated.length > 0
        ? [{ test: { ...fastServer, name: "fast-mocks", include: serverMocks.isolated, exclude: excluded } }]
        : []),
      "web/vitest.config.ts",
      {
        ...web,
        test: {
          ...web.test,
          name: "fast-web",
          exclude: ["**/node_modules/**", ...webMocks.isolated],
          setupFiles: [...(web.test?.setupFiles ?? []), "src/test-chart-stub.ts"],
          pool: "threads",
          isolate: false,
        },
      },
      { ...web, test: { ...web.test, name: "fast-isolated-web", include: webMocks.isolated, pool: "threads" } },
      {
        test: {
          name: "e2e",
          environment: "node",
          globalSetup: ["test/setup/build.ts"],
          include: ["web/e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
