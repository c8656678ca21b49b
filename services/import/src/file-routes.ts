/**
 * The broker-file routes, each for the signed-in caller only (the check runs on the request line, before any
 * upload is read):
 * - POST /v1/import/portfolio/file (multipart: `file`, once or up to IMPORT_MAX_FILES times; optional text
 *   fields `mapping` (JSON column mapping), `mappingId` (a saved mapping of the caller's), `openings` (JSON
 *   answers to the reply's questions)): the files read on the import's file threads, off the event loop; the
 *   reply's rows, ledger, questions and checks (file-import.ts). A file that cannot be read answers 4xx with the
 *   reason, never 500.
 * - GET /v1/import/mappings: the caller's saved column mappings.
 * - POST /v1/import/mappings `{name, columns, mapping}`: saves one (a name the caller already used is
 *   replaced); at most IMPORT_MAX_MAPPINGS per user.
 * - DELETE /v1/import/mappings/{id}: the caller's own only (anyone else's id is a 404, as one that does not
 *   exist).
 */
import { callerOf } from "@folio/platform/http/auth";
import { sendJsonText } from "@folio/platform/http/encoded-reply";
import { conflict, HttpError, notFound } from "@folio/platform/http/errors";
import { route } from "@folio/platform/http/route";
import { newId } from "@folio/platform/ids";
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_MAPPINGS } from "@folio/proto/constants";
import { ImportContracts as calls } from "@folio/proto/contracts/import";
import { ErrorCodes, ImportErrorCodes } from "@folio/proto/error-codes";
import type { SavedMapping } from "@folio/proto/import";
import type { FastifyInstance } from "fastify";
import type { ImportContext } from "./context.ts";
import { headerKey } from "./domain/files/csv.ts";
import { importFiles } from "./file-import.ts";
import type { MappingRecord } from "./store.ts";

/** room for the multipart envelope around files at the limit */
const FORM_OVERHEAD = 64 * 1024;

const view = (r: MappingRecord): SavedMapping => ({
  id: r._id,
  name: r.name,
  columns: r.columns,
  mapping: r.mapping,
  createdAt: new Date(r.createdAt).toISOString(),
});

export function fileRoutes(app: FastifyInstance, ctx: ImportContext): void {
  const { deps, mappings } = ctx;

  const fileUpload = {
    bodyLimit: IMPORT_MAX_FILE_BYTES + FORM_OVERHEAD,
    tooLarge: "The file is larger than 5 MB. Export the positions or transactions only and try again.",
  };
  route(app, calls.file, fileUpload, async (request, reply) => {
    const { uid } = callerOf(request);
    if (!Buffer.isBuffer(request.body)) {
      throw new HttpError(400, ErrorCodes.validation, "send the file as multipart/form-data in the field 'file'");
    }
    const today = new Date(deps.clock.now()).toISOString().slice(0, 10);
    const json = await importFiles(ctx, uid, request.body, request.headers["content-type"] ?? "", today);
    // the ledger's JSON as the file thread wrote it: not parsed and serialised again here
    return sendJsonText(request, reply, json);
  });

  route(app, calls.mappings, async (request) => {
    const { uid } = callerOf(request);
    const mine = await mappings.find({ uid }, { sort: { createdAt: 1 }, limit: IMPORT_MAX_MAPPINGS });
    return { mappings: mine.map(view) };
  });

  route(app, calls.saveMapping, async (request, reply) => {
    const { uid } = callerOf(request);
    const { name, columns, mapping } = request.body;
    const keys = new Set(columns.map(headerKey));
    for (const field of ["ticker", "quantity", "name", "price", "date", "action", "account", "fee"] as const) {
      const column = mapping[field];
      if (column && !keys.has(headerKey(column))) {
        throw new HttpError(400, ErrorCodes.validation, `body/mapping/${field}: "${column}" is not one of the columns`);
      }
    }
    const mine = await mappings.find({ uid });
    const same = mine.find((m) => m.name.trim().toLowerCase() === name.trim().toLowerCase());
    if (!same && mine.length >= IMPORT_MAX_MAPPINGS) {
      throw conflict(ImportErrorCodes.tooManyMappings, `You have ${IMPORT_MAX_MAPPINGS} saved mappings: delete one to save another.`);
    }
    const record: MappingRecord = {
      _id: same?._id ?? newId(),
      uid,
      name: name.trim(),
      columns,
      mapping,
      createdAt: same?.createdAt ?? deps.clock.now(),
    };
    await deps.store.commit([
      same
        ? { op: "replace", collection: mappings.name, doc: { ...record, _v: same._v }, expectedVersion: same._v }
        : { op: "insert", collection: mappings.name, doc: record },
    ]);
    return reply.code(201).send(view(record));
  });

  route(app, calls.deleteMapping, async (request, reply) => {
    const { uid } = callerOf(request);
    const record = await mappings.get(request.params.id);
    if (!record || record.uid !== uid) throw notFound("No such saved mapping");
    await deps.store.commit([{ op: "delete", collection: mappings.name, id: record._id }]);
    return reply.code(204).send(null);
  });
}
