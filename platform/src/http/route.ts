/**
 * The one way a service registers a public call: `route(app, contract, handler)` with the call's contract
 * (@folio/proto/contracts/<service>). From the contract come the method and path, the schemas the request is
 * checked against and the replies serialised (and stripped) by, the caller check, how the body is read and
 * the public caching of its reply (server.ts); the handler is the service's. What differs between calls and
 * is not the wire's (a limit read from configuration) is given as options.
 *
 * - `auth: 'required'`: the caller is checked on the request line (`onRequest`), before any body is read or
 *   checked: a visitor gets 401 `{ result: 'nouser' }` whatever they sent, and no visitor's upload is read.
 * - `accepts: 'multipart'`: the body arrives as one buffer (bounded by `bodyLimit`) for the handler to read;
 *   `accepts: 'raw'`: a JSON body arrives as its exact bytes (a Buffer), for a signature over them.
 * - `beforeBody` (an option): a check between the caller's and the body, such as a quota already used up; its
 *   refusal is answered before the body is gathered, so a flood of uploads it refuses is drained, not read.
 * - `internal: true`: a query between services, answered to no client outside (server.ts).
 * - The contract rides on the route's config (`config.contract`): the server's caching (server.ts) and the
 *   test kit's check of the error codes answered (testing.ts) read it there.
 */
import type { AnyContract, BodyOf, ParamsOf, QueryOf, SuccessOf } from "@folio/proto/contract";
import { ErrorCodes } from "@folio/proto/error-codes";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** the call's contract, for the route registered from it */
    contract?: AnyContract;
  }
}

export interface RouteOptions {
  /** a rule per client address for this call, replacing the edge's ceiling (rate-limit.ts) */
  rateLimit?: { max: number; timeWindow: number };
  /** the largest body accepted, in bytes (uploads, webhooks); the server's default otherwise */
  bodyLimit?: number;
  /** what the 413 says when a body is over `bodyLimit` */
  tooLarge?: string;
  /**
   * a check on the request line, after the caller's, before the body is read (a quota already used up): what
   * it throws is answered at once, and the upload it refuses is discarded as it arrives (Node drains it to
   * keep the connection) rather than gathered, parsed and read
   */
  beforeBody?: (request: FastifyRequest) => Promise<void>;
}

export type ContractRequest<C extends AnyContract> = FastifyRequest<{ Params: ParamsOf<C>; Querystring: QueryOf<C>; Body: BodyOf<C> }>;

/** A call's handler: it returns a success reply of the contract's, or sends one itself. */
export type ContractHandler<C extends AnyContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<SuccessOf<C> | FastifyReply> | SuccessOf<C> | FastifyReply;

/** The contract a request's route was registered with (null for the platform's own: probes, metrics, docs). */
export function contractOf(request: FastifyRequest): AnyContract | null {
  return request.routeOptions.config?.contract ?? null;
}

/**
 * The Fastify schema of a contract: what the server validates and serialises with, and what the OpenAPI
 * document says (gateway/src/openapi.ts builds it from this too).
 */
export function schemaOf(c: AnyContract): FastifySchema {
  const security = c.auth === "none" ? { security: [] } : c.auth === "optional" ? { security: [{ bearer: [] }, {}] } : {};
  return {
    tags: [c.service],
    operationId: `${c.service}.${c.name}`,
    ...security,
    ...(c.params ? { params: c.params } : {}),
    ...(c.query ? { querystring: c.query } : {}),
    ...(c.body && !c.accepts ? { body: c.body } : {}),
    response: c.reply,
  } as FastifySchema;
}

/** Registers one call from its contract. */
export function route<C extends AnyContract>(
  app: FastifyInstance,
  c: C,
  ...args: [handler: ContractHandler<C>] | [options: RouteOptions, handler: ContractHandler<C>]
): void {
  const [options, handler] = args.length === 1 ? [{} as RouteOptions, args[0]] : args;
  const register = (scope: FastifyInstance) => {
    scope.route({
      method: c.method,
      url: c.path,
      schema: schemaOf(c),
      config: { contract: c, ...(c.internal ? { internal: true } : {}), ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
      ...(c.auth === "required" ? { onRequest: scope.requireUser } : {}),
      ...(options.beforeBody ? { preParsing: beforeBody(options.beforeBody) } : {}),
      ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
      ...(options.tooLarge !== undefined ? { errorHandler: tooLarge(options.tooLarge) } : {}),
      handler: handler as never,
    });
  };
  if (!c.accepts || c.accepts === "json") {
    register(app);
    return;
  }
  // the parser applies to this call only: a scope of its own
  void app.register(async (scope) => {
    if (c.accepts === "multipart") {
      scope.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    } else {
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    }
    register(scope);
  });
}

/** RouteOptions.beforeBody as a preParsing hook: a refusal is answered before the body is gathered. */
function beforeBody(check: (request: FastifyRequest) => Promise<void>) {
  // the connection is kept: closing it made some clients report a broken pipe instead of the 429's words,
  // and draining a refused body costs the loop less than the reconnections (attacks bench, manual uploads)
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    await check(request);
    return payload;
  };
}

/** A body over the call's limit: 413 with the words that say which limit; anything else as the server answers it. */
function tooLarge(message: string) {
  return (error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return reply.code(413).send({ error: message, code: ErrorCodes.payloadTooLarge });
    throw error;
  };
}

/** The bytes of a raw body (`accepts: 'raw'`): what a webhook's signature covers. Empty for any other. */
export function rawBody(request: FastifyRequest): Buffer {
  const body = request.body;
  if (Buffer.isBuffer(body)) return body;
  return typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.alloc(0);
}
