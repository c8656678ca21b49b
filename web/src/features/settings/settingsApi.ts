import type { SettingsReply, SettingsUpdateBody } from "@folio/proto/settings";
import { api } from "../../app/api.ts";

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SettingsReply, void>({
      query: () => ({ url: "/v1/get/settings", method: "POST" }),
    }),
    updateSettings: build.mutation<{ status: "ok" }, SettingsUpdateBody["settings"]>({
      query: (settings) => ({ url: "/v1/update/settings", method: "POST", body: { settings } }),
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingsMutation } = settingsApi;

/** A refused update's words: the server's `message` (spec §8), else its `error`. */
export function settingsErrorMessage(error: unknown, fallback: string): string {
  const data = typeof error === "object" && error !== null ? (error as { data?: unknown }).data : undefined;
  if (typeof data === "object" && data !== null) {
    const { message, error: text } = data as { message?: unknown; error?: unknown };
    if (typeof message === "string" && message) return message;
    if (typeof text === "string" && text) return text;
  }
  return fallback;
}
