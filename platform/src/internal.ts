/**
 * The typed internal client a service uses to ask another service a query (ARCHITECTURE.md "Data
 * ownership"): over HTTP to `<NAME>_URL` (default `http://<name>:8080`) in the cluster, and by
 * `inject` into the one shared server in the embedded app, so the same call works in both modes.
 */
import type { FastifyInstance } from "fastify";
import { INTERNAL_CLIENT } from "./http/rate-limit.ts";
import { DependencyUnavailableError } from "./unavailable.ts";

export interface InternalReply<T> {
  status: number;
  body: T;
}

export interface InternalRequest {
  method: "GET" | "POST";
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
