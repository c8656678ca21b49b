/**
 * A build step (scripts/build-server.mjs runs its bundle): writes the OpenAPI document of the public API to
 * the path given, generated from the calls' contracts as at start, so the compiled entries read it instead of
 * generating it (openapi.ts: openApiDocument).
 */
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "./openapi.ts";

const target = process.argv[2];
if (!target) {
  console.error("usage: node openapi-json.js <file>");
  process.exit(2);
}
writeFileSync(target, JSON.stringify(await buildOpenApiDocument()));
