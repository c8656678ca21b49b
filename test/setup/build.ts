/**
 * vitest globalSetup of the projects that start the app as a process (server: the system tests; e2e): the
 * compiled app (dist/server, web/dist) is what they run, as `npm start` and the image do, so it is built first
 * when it is missing or older than its sources (scripts/ensure-build.mjs). Before any test file starts, so no
 * file sees the build half written.
 */
import { ensureBuild } from "../../scripts/ensure-build.mjs";

export default function setup(): void {
  const started = performance.now();
  const built = ensureBuild({ log: (line) => console.log(line) });
  if (built.length > 0) console.log(`built ${built.join(" and ")} for the tests in ${Math.round(performance.now() - started)} ms`);
}
