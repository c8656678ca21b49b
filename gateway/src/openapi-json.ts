/**
 * A build step (scripts/build-server.mjs runs its bundle): writes the OpenAPI document of the public API to
 * the path given, generated as at start with the default configuration, so the compiled entries read it
 * instead of generating it (openapi.ts: openApiDocument).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@folio/platform/config";
import { buildOpenApiDocument } from "./openapi.ts";

const target = process.argv[2];
if (!target) {
  console.error("usage: node openapi-json.js <file>");
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), "folio-openapi-"));
try {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(36).toString("base64url"), LOG_LEVEL: "warn" });
  writeFileSync(target, JSON.stringify(await buildOpenApiDocument(config)));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
