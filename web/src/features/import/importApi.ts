/** The screenshot calls: its rows (or past the server's wait its status), manual upload (broker files: fileImportApi.ts). */
import type { ScreenshotAccepted, ScreenshotReply, ScreenshotStatus, UploadReply } from "@folio/proto/import";
import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import { request } from "../../app/endpoint.ts";
import { replyError } from "../../app/replyError.ts";

const form = (field: string, file: Blob, name: string, extra: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(extra)) body.set(k, v);
  body.set(field, file, name);
  return body;
};

export const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** spec §7: the reply is the rows themselves; a reading still running past the server's bound answers 202 */
    startScreenshot: build.mutation<ScreenshotReply | ScreenshotAccepted, File>({
      query: (file) => request(Routes.import.screenshot, { body: form("image", file, file.name) }),
    }),
    screenshotStatus: build.query<ScreenshotStatus, string>({
      query: (jobId) => request(Routes.import.screenshotStatus, { params: { jobId } }),
      keepUnusedDataFor: 0,
    }),
    uploadScreenshot: build.mutation<UploadReply, File>({
      query: (file) => request(Routes.import.upload, { body: form("image", file, file.name) }),
    }),
  }),
});

export const { useStartScreenshotMutation, useLazyScreenshotStatusQuery, useUploadScreenshotMutation } = importApi;

/** A failed import call's message and hint (422s carry one). */
export function importError(error: unknown, fallback: string): { message: string; hint?: string } {
  const reply = replyError(error);
  return reply?.message ? { message: reply.message, hint: reply.hint ?? undefined } : { message: fallback };
}
