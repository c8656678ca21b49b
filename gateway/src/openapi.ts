/**
 * The OpenAPI document of the public API, generated from the routes' TypeBox schemas. The services' route
 * plugins are mounted on a throwaway app with in-process adapters (nothing is started), so the cluster
 * gateway, which proxies and holds no routes of its own, documents exactly what the embedded app serves.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { systemClock } from "@folio/platform/clock";
import type { Config } from "@folio/platform/config";
import { authPlugin } from "@folio/platform/http/auth";
import { FolderMailer } from "@folio/platform/mail";
import { inMemoryDeps } from "@folio/platform/memory-deps";
import { forService } from "@folio/platform/service";
import Fastify from "fastify";
import { serviceFactories } from "./registry.ts";

export async function buildOpenApiDocument(config: Config): Promise<Record<string, unknown>> {
  // loaded here, not with the module: a compiled server reads the prebuilt document and never needs it
  const { default: swagger } = await import("@fastify/swagger");
  const deps = inMemoryDeps(config, systemClock, new FolderMailer("/nonexistent", config.mailFrom));
  const app = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>();
  // this app never answers a request: its schemas are documented, not compiled (compiling them all took as
  // long as the rest of the embedded app's start)
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      info: { title: "Folio API", version: "1", description: "The public API of the Folio portfolio tracker." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT (ID token)" } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret, cache: deps.cache });
  for (const [name, create] of Object.entries(serviceFactories)) await app.register(create(forService(deps, name)).routes);
  await app.ready();
  const document = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  await deps.store.close();
  return document;
}

/** Written by scripts/build-server.mjs beside the compiled entries (dist/server); absent beside the sources. */
export const PREBUILT_OPENAPI = "openapi.json";

/**
 * The document a process serves: the compiled server reads the one generated at build time (generating it
 * mounts every service's routes a second time, a sizeable part of the start); from the sources it is
 * generated now.
 */
export async function openApiDocument(config: Config): Promise<Record<string, unknown>> {
  const prebuilt = join(import.meta.dirname, PREBUILT_OPENAPI);
  if (existsSync(prebuilt)) return JSON.parse(readFileSync(prebuilt, "utf8")) as Record<string, unknown>;
  return buildOpenApiDocument(config);
}
