/** The screenshot calls: its rows (or past the server's wait its status), manual upload (broker files: fileImportApi.ts). */
import type { ScreenshotAccepted, ScreenshotReply, ScreenshotStatus, UploadReply } from "@folio/proto/import";
import { api } from "../../app/api.ts";

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
      query: (file) => ({ url: "/v2/import/portfolio/screenshot", method: "POST", body: form("image", file, file.name) }),
    }),
    screenshotStatus: build.query<ScreenshotStatus, string>({
      query: (jobId) => `/v2/import/portfolio/screenshot/${encodeURIComponent(jobId)}`,
      keepUnusedDataFor: 0,
    }),
    uploadScreenshot: build.mutation<UploadReply, File>({
      query: (file) => ({ url: "/v1/upload/portfolio/screenshot", method: "POST", body: form("image", file, file.name) }),
    }),
  }),
});

export const { useStartScreenshotMutation, useLazyScreenshotStatusQuery, useUploadScreenshotMutation } = importApi;

/** A failed import call's message and hint (422s carry one). */
export function importError(error: unknown, fallback: string): { message: string; hint?: string } {
  if (typeof error === "object" && error !== null && "data" in error) {
    const data = (error as { data: unknown }).data;
    if (typeof data === "object" && data !== null) {
      const { error: text, hint } = data as { error?: unknown; hint?: unknown };
      if (typeof text === "string" && text) return { message: text, hint: typeof hint === "string" ? hint : undefined };
    }
  }
  return { message: fallback };
}
