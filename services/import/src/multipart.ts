/**
 * multipart/form-data without a plugin: the body arrives as one buffer (bounded by the route's bodyLimit: the
 * calls whose contract `accepts: 'multipart'`, platform/src/http/route.ts) and is read with the platform's own
 * parser (undici's `Response.formData`, the WHATWG algorithm).
 */
import { HttpError } from "@folio/platform/http/errors";
import { ErrorCodes } from "@folio/proto/errors";
import type { FastifyRequest } from "fastify";

export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
  type: string;
}

async function formOf(request: FastifyRequest, field: string): Promise<FormData> {
  const contentType = request.headers["content-type"] ?? "";
  if (!contentType.startsWith("multipart/form-data") || !Buffer.isBuffer(request.body)) {
    throw new HttpError(400, ErrorCodes.validation, `send the file as multipart/form-data in the field '${field}'`);
  }
  try {
    return await new Response(request.body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new HttpError(400, ErrorCodes.validation, "the multipart form could not be read");
  }
}

/** Every file in `field` (at most `max`) and the form's text fields; a 400 naming the field when there is none. */
export async function readFormFiles(
  request: FastifyRequest,
  field: string,
  max: number,
): Promise<{ files: UploadedFile[]; fields: Map<string, string> }> {
  const form = await formOf(request, field);
  const values = form.getAll(field).filter((v): v is File => typeof v !== "string");
  if (values.length === 0)
    throw new HttpError(400, ErrorCodes.validation, `body/${field} is required: attach the file in the field '${field}'`);
  if (values.length > max) throw new HttpError(400, ErrorCodes.validation, `body/${field}: at most ${max} files at once`);
  const fields = new Map<string, string>();
  for (const [k, v] of form.entries()) if (typeof v === "string") fields.set(k, v);
  const files: UploadedFile[] = [];
  for (const v of values) files.push({ bytes: new Uint8Array(await v.arrayBuffer()), name: v.name, type: v.type });
  return { files, fields };
}

/** The form's file in `field` and its text fields; a 400 naming the field when there is none. */
export async function readForm(request: FastifyRequest, field: string): Promise<{ file: UploadedFile; fields: Map<string, string> }> {
  const form = await formOf(request, field);
  const value = form.get(field);
  if (!value || typeof value === "string") {
    throw new HttpError(400, ErrorCodes.validation, `body/${field} is required: attach the file in the field '${field}'`);
  }
  const fields = new Map<string, string>();
  for (const [k, v] of form.entries()) if (typeof v === "string") fields.set(k, v);
  return { file: { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name, type: value.type }, fields };
}
