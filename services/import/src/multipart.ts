/**
 * multipart/form-data (RFC 7578) without a plugin, the one reader of the import's uploads: the screenshot
 * routes read it here on the service's thread, the broker-file task on its file thread (file-task.ts).
 *
 * The body arrives as one buffer (bounded by the route's bodyLimit: the calls whose contract
 * `accepts: 'multipart'`, platform/src/http/route.ts). The parts are found with `Buffer.indexOf` (native code)
 * and each file's bytes are a view of the body, not a copy: a 9 MB screenshot costs the event loop about a
 * millisecond, where undici's `Response.formData` (the WHATWG algorithm in JavaScript, and a copy of every
 * file) cost it 25–150 ms.
 *
 * What it reads: the boundary of the content type (quoted or not), an optional preamble, each part's headers
 * (Content-Disposition `form-data` with `name` and, for a file, `filename`; Content-Type), the parts up to
 * the closing delimiter. A part with a `filename` (even empty) is a file; one without is a text field (UTF-8).
 * Anything else (no boundary, no closing delimiter, a part without a name) is a 400 naming the problem.
 */
import { HttpError } from "@folio/platform/http/errors";
import { ErrorCodes } from "@folio/proto/errors";
import type { FastifyRequest } from "fastify";

export interface UploadedFile {
  /** a view of the request's body */
  bytes: Uint8Array;
  name: string;
  type: string;
}

/** Why a form could not be read (the reply's words: always a 400). */
export class FormUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FormUnreadable";
  }
}

const UNREADABLE = "the multipart form could not be read";
const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

/** the boundary parameter of a multipart/form-data content type, or null */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/** a parameter of a Content-Disposition value (`name="x"`, quoted-string with backslash escapes, or a token) */
function parameter(disposition: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, "i").exec(disposition);
  if (!match) return undefined;
  const value = match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2];
  // the HTML serialiser writes a name's `"`, CR and LF as %22, %0D and %0A (as undici's reader, undone)
  return value.replace(/%0A/gi, "\n").replace(/%0D/gi, "\r").replace(/%22/g, '"');
}

interface Part {
  name: string;
  filename?: string;
  type: string;
  bytes: Uint8Array;
}

/** Every part of a multipart/form-data body, in order. Throws FormUnreadable. */
export function multipartParts(body: Uint8Array, contentType: string): Part[] {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new FormUnreadable(UNREADABLE);
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const dash = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // the first delimiter opens the body or follows the preamble's CRLF
  let at = buffer.subarray(0, dash.length).equals(dash) ? 0 : buffer.indexOf(delimiter);
  if (at < 0) throw new FormUnreadable(UNREADABLE);
  at += at === 0 && buffer[0] === 0x2d ? dash.length : delimiter.length;
  const parts: Part[] = [];
  for (;;) {
    // "--" after a delimiter closes the body
    if (buffer[at] === 0x2d && buffer[at + 1] === 0x2d) return parts;
    // transport padding, then the CRLF ending the delimiter's line
    while (buffer[at] === 0x20 || buffer[at] === 0x09) at++;
    if (buffer.indexOf(CRLF, at) !== at) throw new FormUnreadable(UNREADABLE);
    const headersStart = at + 2;
    const headersEnd = buffer.indexOf(HEADERS_END, headersStart - 2);
    if (headersEnd < 0) throw new FormUnreadable(UNREADABLE);
    const contentStart = headersEnd + HEADERS_END.length;
    const next = buffer.indexOf(delimiter, contentStart);
    if (next < 0) throw new FormUnreadable(UNREADABLE);
    const headers = new Map<string, string>();
    const block = headersEnd > headersStart ? buffer.toString("utf8", headersStart, headersEnd) : "";
    for (const line of block.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get("content-disposition") ?? "";
    const name = parameter(disposition, "name");
    if (!/^form-data\b/i.test(disposition) || name === undefined) throw new FormUnreadable(UNREADABLE);
    const filename = parameter(disposition, "filename");
    parts.push({ name, filename, type: headers.get("content-type") ?? "", bytes: buffer.subarray(contentStart, next) });
    at = next + delimiter.length;
  }
}

/** Every file in `field` (at most `max`) and the form's text fields. Throws FormUnreadable with the reply's words. */
export function formFiles(
  body: Uint8Array,
  contentType: string,
  field: string,
  max: number,
): { files: UploadedFile[]; fields: Map<string, string> } {
  if (!contentType.startsWith("multipart/form-data"))
    throw new FormUnreadable(`send the file as multipart/form-data in the field '${field}'`);
  const parts = multipartParts(body, contentType);
  const files: UploadedFile[] = [];
  const fields = new Map<string, string>();
  for (const part of parts) {
    if (part.filename === undefined) fields.set(part.name, Buffer.from(part.bytes).toString("utf8"));
    else if (part.name === field) files.push({ bytes: part.bytes, name: part.filename, type: part.type });
  }
  if (files.length === 0) throw new FormUnreadable(`body/${field} is required: attach the file in the field '${field}'`);
  if (files.length > max) throw new FormUnreadable(`body/${field}: at most ${max} files at once`);
  return { files, fields };
}

function requestForm(request: FastifyRequest, field: string, max: number) {
  const contentType = request.headers["content-type"] ?? "";
  if (!Buffer.isBuffer(request.body)) {
    throw new HttpError(400, ErrorCodes.validation, `send the file as multipart/form-data in the field '${field}'`);
  }
  try {
    return formFiles(request.body, contentType, field, max);
  } catch (err) {
    if (err instanceof FormUnreadable) throw new HttpError(400, ErrorCodes.validation, err.message);
    throw err;
  }
}

/** Every file in `field` (at most `max`) and the form's text fields; a 400 naming the field when there is none. */
export async function readFormFiles(
  request: FastifyRequest,
  field: string,
  max: number,
): Promise<{ files: UploadedFile[]; fields: Map<string, string> }> {
  return requestForm(request, field, max);
}

/** The form's file in `field` and its text fields; a 400 naming the field when there is none. */
export async function readForm(request: FastifyRequest, field: string): Promise<{ file: UploadedFile; fields: Map<string, string> }> {
  const { files, fields } = requestForm(request, field, Number.POSITIVE_INFINITY);
  return { file: files[0], fields };
}
