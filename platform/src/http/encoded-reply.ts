/**
 * Replies sent as bytes encoded ahead of time: a read that many clients repeat keeps its JSON body (and the
 * body gzipped, for clients that accept it) so that serving it is neither a parse nor a serialisation, and
 * answers a matching If-None-Match with a bodyless 304.
 */
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A JSON body as bytes, gzipped once, the first time a client accepts gzip: a few kilobytes become a third. */
export class EncodedJson {
  readonly plain: Buffer;
  private zipped: Buffer | undefined;

  constructor(json: string) {
    this.plain = Buffer.from(json);
  }

  body(gzip: boolean): Buffer {
    if (!gzip) return this.plain;
    this.zipped ??= gzipSync(this.plain);
    return this.zipped;
  }
}

/** Whether an Accept-Encoding header accepts gzip (a `gzip;q=0` refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
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
  body: Buffer,
  gzip: boolean,
): FastifyReply {
  reply.headers(headers);
  // not part of the typed replies: a 304 has no body at all, not even a serialized null
  if (headers.etag && etagMatches(request.headers["if-none-match"], headers.etag)) return reply.code(304).send();
  if (gzip) reply.header("content-encoding", "gzip");
  return reply.type("application/json; charset=utf-8").send(body);
}
