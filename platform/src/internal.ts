/**
 * How a service asks another service a query (a synchronous read between services): `call(services,
 * contract, args)` or `read(...)` with the call's contract (@folio/proto/contracts/<service>), over the
 * process's ServiceClient: HTTP to `<NAME>_URL` (default `http://<name>:8080`) in the cluster, `inject` into the
 * one shared server in the embedded app, so the same call works in both modes.
 *
 * The one failure policy (docs/architecture.md "Calls between services"): a call answers with a reply its contract
 * declares, its body checked against that status's schema, or it throws ServiceUnavailableError (a
 * DependencyUnavailableError: 503 with Retry-After if nobody catches it) when
 * - no answer came within SERVICE_CALL_TIMEOUT_MS (down, restarting, unreachable, too slow), in either mode;
 * - the answer is a 5xx (the other service is unavailable itself, or not configured);
 * - its status is not one the contract declares (a missing route), or its body is not the declared shape.
 * Nothing is retried here. `read` asks for the 200 and throws the same error for any other answer; a caller
 * that can do without the answer catches ServiceUnavailableError and says what is missing.
 */
import type { AnswerOf, AnyContract, BodyOf, ParamsOf, ReplyOf } from "@folio/proto/contract";
import { type QueryValues, urlOf } from "@folio/proto/routes";
import type { FastifyInstance } from "fastify";
import type { TSchema } from "typebox";
import { type Check, lazyCheck } from "./check.ts";
import { INTERNAL_CLIENT } from "./http/rate-limit.ts";
import { DependencyUnavailableError } from "./unavailable.ts";

export interface InternalReply<T> {
  status: number;
  body: T;
}

export interface InternalRequest {
  method: "GET" | "POST" | "DELETE";
  /** path with query string */
  path: string;
  body?: unknown;
  /** a user's ID token, when the call is made on their behalf */
  token?: string;
}

export interface ServiceClient {
  call<T>(service: string, request: InternalRequest): Promise<InternalReply<T>>;
}

/** Another service did not answer (down, restarting, timed out): a dependency unavailable (unavailable.ts). */
export class ServiceUnavailableError extends DependencyUnavailableError {
  constructor(
    readonly service: string,
    cause: unknown,
  ) {
    super(service, cause, `service ${service} unavailable: ${(cause as Error)?.message ?? cause}`);
    this.name = "ServiceUnavailableError";
  }
}

const headersFor = (r: InternalRequest) => ({
  ...(r.body !== undefined ? { "content-type": "application/json" } : {}),
  ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
});

export class HttpServiceClient implements ServiceClient {
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly timeoutMs = 10_000,
  ) {}
  baseOf(service: string): string {
    return (this.env[`${service.toUpperCase()}_URL`] || `http://${service}:8080`).replace(/\/$/, "");
  }
  async call<T>(service: string, r: InternalRequest): Promise<InternalReply<T>> {
    try {
      const res = await fetch(`${this.baseOf(service)}${r.path}`, {
        method: r.method,
        headers: headersFor(r),
        body: r.body !== undefined ? JSON.stringify(r.body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    } catch (err) {
      throw new ServiceUnavailableError(service, err);
    }
  }
}

/** In the embedded app every service's routes sit on one server: calls go through `inject`, no socket. */
export class InjectServiceClient implements ServiceClient {
  private app: FastifyInstance | undefined;
  attach(app: FastifyInstance): void {
    this.app = app;
  }
  async call<T>(service: string, r: InternalRequest): Promise<InternalReply<T>> {
    if (!this.app) throw new ServiceUnavailableError(service, new Error("no server attached"));
    // the internal address marks the call as one between services: not counted by the edge's request limits
    const res = await this.app.inject({
      method: r.method,
      url: r.path,
      headers: headersFor(r),
      payload: r.body as never,
      remoteAddress: INTERNAL_CLIENT,
    });
    return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : null) as T };
  }
}

/** How long a call between services may take before it counts as unanswered (both modes). */
export const SERVICE_CALL_TIMEOUT_MS = 10_000;

export interface CallArgs<C extends AnyContract> {
  params?: ParamsOf<C>;
  query?: QueryValues;
  body?: BodyOf<C>;
  /** the user's ID token, when the call is made on their behalf (the other service checks it and ownership) */
  token?: string;
}

const checks = new WeakMap<TSchema, Check<unknown>>();
const checkOf = (schema: TSchema): Check<unknown> => {
  const known = checks.get(schema);
  if (known) return known;
  const check = lazyCheck(schema);
  checks.set(schema, check);
  return check;
};

/** Another service's answer was not one to read: ServiceUnavailableError naming the call and why. */
export const unanswered = (c: AnyContract, why: string) =>
  new ServiceUnavailableError(c.service, new Error(`${c.method} ${c.path} ${why}`));

/** One call to another service, answered with a reply its contract declares (the policy above). */
export async function call<C extends AnyContract>(services: ServiceClient, c: C, args: CallArgs<C> = {}): Promise<AnswerOf<C>> {
  const request: InternalRequest = {
    method: c.method,
    path: (urlOf as (route: { path: string }, params?: object, query?: QueryValues) => string)(c, args.params ?? {}, args.query),
    ...(args.body !== undefined ? { body: args.body } : {}),
    ...(args.token !== undefined ? { token: args.token } : {}),
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unanswered(c, `gave no answer within ${SERVICE_CALL_TIMEOUT_MS} ms`)), SERVICE_CALL_TIMEOUT_MS);
  });
  let answer: InternalReply<unknown>;
  try {
    answer = await Promise.race([services.call<unknown>(c.service, request), timeout]);
  } catch (err) {
    throw err instanceof ServiceUnavailableError ? err : new ServiceUnavailableError(c.service, err);
  } finally {
    clearTimeout(timer);
  }
  const { status, body } = answer;
  if (status >= 500) throw unanswered(c, `answered ${status}`);
  const schema = c.reply[status];
  if (!schema) throw unanswered(c, `answered ${status}, which its contract does not declare`);
  if (!checkOf(schema).Check(body)) throw unanswered(c, `answered ${status} with a body that is not what its contract says`);
  return { status, body } as AnswerOf<C>;
}

/** The 200 reply of a call to another service; any other answer is ServiceUnavailableError (the policy above). */
export async function read<C extends AnyContract>(
  services: ServiceClient,
  c: C,
  args: CallArgs<C> = {},
): Promise<ReplyOf<C, 200 & keyof C["reply"]>> {
  const answer = await call(services, c, args);
  if (answer.status !== 200) throw unanswered(c, `answered ${answer.status}`);
  return answer.body as ReplyOf<C, 200 & keyof C["reply"]>;
}
