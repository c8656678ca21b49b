/**
 * Route schemas compiled on first use instead of at start. Fastify compiles every route's validators (Ajv)
 * and reply serializers (fast-json-stringify) when the server becomes ready: with every service in one
 * process that was most of the embedded app's start (about a second of CPU). Each is now compiled by the
 * first request that needs it, with the same compilers and options, and kept. A schema that cannot compile
 * fails that request (a 500) instead of the start; the service API tests send every route's requests, so
 * they still catch it.
 */
import SerializerSelector from "@fastify/fast-json-stringify-compiler";
import type { FastifySchemaValidationError, FastifyServerOptions } from "fastify";

type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

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
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc: unknown) => {
        serialize ??= build(route as Parameters<typeof build>[0]);
        return serialize(doc);
      };
    };
  },
};
