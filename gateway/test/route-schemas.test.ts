/**
 * Every route's schemas (body, query, params, headers and replies, of every service) are valid JSON Schema.
 * The servers compile them without checking them against Ajv's meta-schema (platform/src/http/server.ts: that
 * check cost ~150 ms of the first request after each start), so the check is made here, once, for all.
 */
import { systemClock } from "@folio/platform/clock";
import { loadConfig } from "@folio/platform/config";
import { authPlugin } from "@folio/platform/http/auth";
import { FolderMailer } from "@folio/platform/mail";
import { inMemoryDeps } from "@folio/platform/memory-deps";
import { forService } from "@folio/platform/service";
import { Ajv } from "ajv";
import Fastify from "fastify";
import { expect, it } from "vitest";
import { serviceFactories } from "../src/registry.ts";

it("every service's route schemas pass Ajv's meta-schema", async () => {
  const config = loadConfig({ DATA_DIR: "/nonexistent", LOG_LEVEL: "silent" });
  const deps = inMemoryDeps(config, systemClock, new FolderMailer("/nonexistent", config.mailFrom));
  const ajv = new Ajv({ strict: false });
  const invalid: string[] = [];
  let checked = 0;
  const check = (what: string, schema: unknown) => {
    checked++;
    if (!ajv.validateSchema(schema as object)) invalid.push(`${what}: ${ajv.errorsText()}`);
  };
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
    check(`${method} ${url} ${httpPart}`, schema);
    return () => true;
  });
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    check(`${method} ${url} reply ${httpStatus}`, schema);
    return (data) => JSON.stringify(data);
  });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret, cache: deps.cache });
  for (const [name, create] of Object.entries(serviceFactories)) await app.register(create(forService(deps, name)).routes);
  await app.ready();
  await app.close();
  await deps.store.close();
  expect(invalid).toEqual([]);
  expect(checked).toBeGreaterThan(100);
});
