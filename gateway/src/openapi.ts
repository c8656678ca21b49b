/**
 * The OpenAPI document of the public API, generated from the calls' contracts (@folio/proto/contracts) with
 * the schemas the servers register them with (platform/src/http/route.ts schemaOf): each call is mounted as a
 * stub on a throwaway app that @fastify/swagger documents (nothing is started), so the cluster gateway, which
 * proxies and holds no routes of its own, documents exactly what the embedded app serves.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { schemaOf } from "@folio/platform/http/route";
import { allContracts } from "@folio/proto/contracts";
import Fastify from "fastify";

export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  // loaded here, not with the module: a compiled server reads the prebuilt document and never needs it
  const { default: swagger } = await import("@fastify/swagger");
  const app = Fastify({ logger: false });
  // this app never answers a request: its schemas are documented, not compiled
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      info: { title: "Folio API", version: "1", description: "The public API of the Folio portfolio tracker." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT (ID token)" } } },
      security: [{ bearer: [] }],
    },
  });
  for (const c of allContracts) app.route({ method: c.method, url: c.path, schema: schemaOf(c), handler: async () => null });
  await app.ready();
  const document = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  return document;
}

/** Written by scripts/build-server.mjs beside the compiled entries (dist/server); absent beside the sources. */
export const PREBUILT_OPENAPI = "openapi.json";

/**
 * The document a process serves: the compiled server reads the one generated at build time; from the sources
 * it is generated now.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const prebuilt = join(import.meta.dirname, PREBUILT_OPENAPI);
  if (existsSync(prebuilt)) return JSON.parse(readFileSync(prebuilt, "utf8")) as Record<string, unknown>;
  return buildOpenApiDocument();
}
