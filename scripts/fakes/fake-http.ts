/**
 * What the vendor fakes (Stripe, Plaid, OpenAI) share: a loopback HTTP server that tests start in-process
 * and close, a log of the requests it received, and scripted faults that make the next matching request
 * fail the way a real provider fails (an error status, slowness, no answer, a dropped connection, or a
 * body that is not the JSON the client expects). Each fake renders error statuses in its vendor's shape.
 */
import { randomInt } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Fault =
  /** answer this status; `body` defaults to the vendor's error object for it */
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** answer normally, but only after this delay (a slow provider) */
  | { delayMs: number }
  /** never answer: the request stays open until the client gives up or the fake closes */
  | { hang: true }
  /** drop the connection without an answer */
  | { close: true }
  /** answer 200 with this body, which is not the JSON the client expects */
  | { garbage: string };

export interface FaultOptions {
  /** only requests to this path take the fault (default: any request) */
  path?: string;
  /** how many matching requests take it (default 1) */
  times?: number;
}

interface QueuedFault {
  fault: Fault;
  path?: string;
  left: number;
}

/** Scripted faults, taken in order by the requests they match. */
export class FaultQueue {
  private readonly queued: QueuedFault[] = [];

  push(fault: Fault, options: FaultOptions = {}): void {
    this.queued.push({ fault, path: options.path, left: options.times ?? 1 });
  }

  take(path: string): Fault | undefined {
    const next = this.queued.find((q) => q.path === undefined || q.path === path);
    if (!next) return undefined;
    next.left--;
    if (next.left <= 0) this.queued.splice(this.queued.indexOf(next), 1);
    return next.fault;
  }

  get pending(): number {
    return this.queued.reduce((sum, q) => sum + q.left, 0);
  }

  clear(): void {
    this.queued.length = 0;
  }
}

/**
 * Plays a fault. Returns "answered" when the fault took the request over (answered, dropped or left
 * hanging), "continue" when the request should now be handled normally (after a delay).
 */
export async function playFault(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  errorBody: (status: number) => unknown,
): Promise<"answered" | "continue"> {
  if ("delayMs" in fault) {
    await new Promise((resolve) => setTimeout(resolve, fault.delayMs).unref());
    return "continue";
  }
  if ("hang" in fault) return "answered";
  if ("close" in fault) {
    req.socket.destroy();
    return "answered";
  }
  if ("garbage" in fault) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(fault.garbage);
    return "answered";
  }
  sendJson(res, fault.status, fault.body ?? errorBody(fault.status), fault.headers);
  return "answered";
}

export interface RecordedRequest<Body = unknown> {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** the raw body as received */
  raw: string;
  /** the body as the vendor parses it (JSON, or Stripe's form encoding) */
  body: Body;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export interface Listening {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

/** Starts a server on loopback (an ephemeral port unless one is given); close() drops open connections. */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  options: { port?: number; host?: string } = {},
): Promise<Listening> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      // a fake's own bug must be loud in the test that hit it, not a hung request
      sendJson(res, 500, { fake_error: error instanceof Error ? error.stack : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    host: address,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random letters and digits, the alphabet vendors use in their ids. */
export function randomId(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** For the fakes' stand-ins of vendor-hosted pages: user text reaches the page as text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
