/**
 * The import service's calls (spec §7 and the broker-file route of issue 12), each for the signed-in caller
 * only (checked on the request line, before any upload is read): a screenshot read (multipart `image`; 202
 * and a status to poll when the reading outlasts the server's wait), text already recognised, a screenshot
 * sent for manual processing, broker files, and the saved column mappings.
 */
import { Type } from "typebox";
import { contract, type ServiceContracts } from "../contract.ts";
import { ErrorCodes, ImportErrorCodes } from "../error-codes.ts";
import { ErrorReply } from "../errors.ts";
import {
  FileReply,
  FulltextBody,
  SavedMapping,
  SavedMappings,
  SaveMappingBody,
  ScreenshotAccepted,
  ScreenshotFailed,
  ScreenshotReply,
  ScreenshotStatus,
  UploadReply,
} from "../import.ts";
import { Routes } from "../routes.ts";

const routes = Routes.import;
const { noHoldings, blank, notAnImage, emptyImage, tooLarge, tooManyPixels, decompressionBomb } = ImportErrorCodes;
/** a screenshot refused before it is read: not an image, too large, too many pixels, a decompression bomb */
const imageRefusals = [notAnImage, emptyImage, tooLarge, tooManyPixels, decompressionBomb];
/** a screenshot read with nothing to import (422) */
const readingFailures = [noHoldings, blank, notAnImage];

export const ImportContracts = {
  screenshot: contract(routes.screenshot, {
    reply: {
      200: ScreenshotReply,
      202: ScreenshotAccepted,
      400: ErrorReply,
      413: ErrorReply,
      415: ErrorReply,
      422: ScreenshotFailed,
      429: ErrorReply,
      503: ErrorReply,
    },
    errors: [...imageRefusals, ...readingFailures],
  }),
  /** the owner's reading only: anyone else's id is a 404, as an id that does not exist */
  screenshotStatus: contract(routes.screenshotStatus, {
    params: Type.Object({ jobId: Type.String({ maxLength: 80 }) }),
    reply: { 200: ScreenshotStatus, 404: ErrorReply, 422: ScreenshotFailed, 503: ErrorReply },
    errors: [ErrorCodes.notFound, ...readingFailures],
  }),
  fulltext: contract(routes.fulltext, {
    body: FulltextBody,
    reply: { 200: ScreenshotReply, 400: ErrorReply, 422: ScreenshotFailed },
    errors: [noHoldings],
  }),
  upload: contract(routes.upload, {
    reply: { 200: UploadReply, 400: ErrorReply, 413: ErrorReply, 415: ErrorReply, 503: ErrorReply },
    errors: imageRefusals,
  }),
  file: contract(routes.file, {
    reply: { 200: FileReply, 400: ErrorReply, 404: ErrorReply, 413: ErrorReply, 415: ErrorReply, 422: ErrorReply },
    errors: [ImportErrorCodes.emptyFile, ImportErrorCodes.notABrokerFile, ImportErrorCodes.unreadableFile, noHoldings, ErrorCodes.notFound],
  }),
  mappings: contract(routes.mappings, { reply: { 200: SavedMappings } }),
  saveMapping: contract(routes.saveMapping, {
    body: SaveMappingBody,
    reply: { 201: SavedMapping, 400: ErrorReply, 409: ErrorReply },
    errors: [ImportErrorCodes.tooManyMappings],
  }),
  deleteMapping: contract(routes.deleteMapping, {
    params: Type.Object({ id: Type.String({ maxLength: 80 }) }),
    reply: { 204: Type.Null(), 404: ErrorReply },
    errors: [ErrorCodes.notFound],
  }),
} satisfies ServiceContracts<typeof routes>;
