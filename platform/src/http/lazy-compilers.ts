/**
 * Route schemas compiled on first use instead of at start. Fastify compiles every route's validators (Ajv)
 * and reply serializers (fast-json-stringify) when the server becomes ready: with every service in one
 * process that was most of the embedded app's start (about a second of CPU). Each is now compiled by the
 * first request that needs it, with the same compilers and options, and kept. A schema that cannot compile
 * fails that request (a 500) instead of the start; the service API tests send every route's requests, so
 * they still catch it.
 *
 * Compiled code is also shared between the servers of one process: a validator or serializer depends only on
 * its schema and the compiler's options, so one compiled for an equal schema (same JSON) is reused. A process
 * runs one server in production; the service API tests build one per test, and compiling every route's
 * schemas again each time was most of their CPU.
 */
import SerializerSelector from "@fastify/fast-json-stringify-compiler";
import type { FastifySchemaValidationError, FastifyServerOptions } from "fastify";

type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/** The process's compiled validators and serializers, by compiler options and schema JSON. */
const compiled = new Map<string, unknown>();

function shared<T>(key: string, compile: () => T): T {
  let hit = compiled.get(key) as T | undefined;
  if (hit === undefined) {
    hit = compile();
    compiled.set(key, hit);
  }
  return hit;
}

/**
 * A validator compiled once per process for each equal schema under the named compiler (`variant` names the
 * compiler's options: callers with different options must pass different variants).
 */
export function sharedValidator(variant: string, schema: unknown, compile: () => Validate): Validate {
  return shared(`validator:${variant}:${JSON.stringify(schema)}`, compile);
}

/** A validator that compiles on its first call; Fastify reads `errors` off the function after a false. */
export function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data: unknown) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

/** Fastify's default serializer factory, each route's serializer built on its first reply. */
export const lazySerializers: NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]> = {
  buildSerializer: (externalSchemas, serializerOptions) => {
    const build = SerializerSelector()(externalSchemas, serializerOptions as Parameters<ReturnType<typeof SerializerSelector>>[1]);
    const options = JSON.stringify([externalSchemas, serializerOptions]);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc: unknown) => {
        serialize ??= shared(`serializer:${options}:${JSON.stringify(route.schema)}`, () => build(route as Parameters<typeof build>[0]));
        return serialize(doc);
      };
    };
  },
};
