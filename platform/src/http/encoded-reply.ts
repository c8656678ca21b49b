/**
 * Replies sent as bytes encoded ahead of time: a read that many clients repeat keeps its JSON body (and the
 * body gzipped, for clients that accept it) so that serving it is neither a parse nor a serialisation, and
 * answers a matching If-None-Match with a bodyless 304.
 */
import { promisify } from "node:util";
import { gzip as gzipAsync, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const gzipOffLoop = promisify(gzipAsync);
/** Bodies up to this are gzipped in place (well under a millisecond); larger ones on libuv's thread pool. */
export const GZIP_IN_PLACE_BYTES = 64 * 1024;

/**
 * A JSON body as bytes, gzipped once, the first time a client accepts gzip: a few kilobytes become a third.
 * A large body (a 500-asset portfolio is megabytes) is gzipped off the event loop; readers asking meanwhile
 * wait for the same compression.
 */
export class EncodedJson {
  readonly plain: Buffer;
  private zipped: Buffer | Promise<Buffer> | undefined;
  /** told once the gzipped copy is made (`bytes` grew): a cache bounded in bytes measures the entry again */
  onGrow?: () => void;

  constructor(json: string | Buffer) {
    this.plain = typeof json === "string" ? Buffer.from(json) : json;
  }

  body(gzip: boolean): Buffer | Promise<Buffer> {
    if (!gzip) return this.plain;
    if (this.zipped) return this.zipped;
    if (this.plain.length <= GZIP_IN_PLACE_BYTES) {
      const zipped = gzipSync(this.plain);
      this.zipped = zipped;
      this.onGrow?.();
      return zipped;
    }
    const zipping = gzipOffLoop(this.plain).then((z) => {
      this.zipped = z;
      this.onGrow?.();
      return z;
    });
    this.zipped = zipping;
    zipping.catch(() => {
      this.zipped = undefined;
    });
    return zipping;
  }

  /** bytes held (the body, and its gzipped copy once made) */
  get bytes(): number {
    return this.plain.length + (Buffer.isBuffer(this.zipped) ? this.zipped.length : 0);
  }
}

/** The last headers read: clients send a handful of different ones, each millions of times. */
const gzipAnswers = new Map<string, boolean>();

/** Whether an Accept-Encoding header accepts gzip (a `gzip;q=0` refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const known = gzipAnswers.get(value);
  if (known !== undefined) return known;
  const answer = readsGzip(value);
  if (gzipAnswers.size >= 64) gzipAnswers.clear();
  if (value.length <= 200) gzipAnswers.set(value, answer);
  return answer;
}

function readsGzip(value: string): boolean {
  return value.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** If-None-Match uses weak comparison (RFC 9110 §13.1.2): a list of tags, W/ ignored, or "*". */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === wanted);
}

/**
 * Sends an encoded JSON body with `headers`, or a 304 when they carry an ETag the client already holds.
 * `body` is gzipped exactly when `gzip` is set; when that follows Accept-Encoding, `headers` should say
 * `vary: Accept-Encoding` so that no cache hands the gzipped bytes to a client that did not ask for them.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
  body: Buffer | Promise<Buffer>,
  gzip: boolean,
): FastifyReply | Promise<FastifyReply> {
  reply.headers(headers);
  // not part of the typed replies: a 304 has no body at all, not even a serialized null
  if (headers.etag && etagMatches(request.headers["if-none-match"], headers.etag)) return reply.code(304).send();
  if (gzip) reply.header("content-encoding", "gzip");
  reply.type("application/json; charset=utf-8");
  return Buffer.isBuffer(body) ? reply.send(body) : body.then((b) => reply.send(b));
}

/**
 * A JSON body made of text already serialised (a reply assembled from cached parts), gzipped when the client
 * accepts it (off the event loop when large). For replies read once: a reply read again keeps its EncodedJson.
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply | Promise<FastifyReply> {
  const gzip = acceptsGzip(request.headers["accept-encoding"]);
  if (gzip) reply.header("vary", "Accept-Encoding");
  return sendEncoded(request, reply, {}, new EncodedJson(json).body(gzip), gzip);
}

/** `fields` as JSON with the members of `raw` (JSON text each) added at the end, unparsed. */
export function jsonWith(fields: Record<string, unknown>, raw: Record<string, string>): string {
  const head = JSON.stringify(fields);
  const tail = Object.entries(raw)
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(",");
  if (!tail) return head;
  return head === "{}" ? `{${tail}}` : `${head.slice(0, -1)},${tail}}`;
}
