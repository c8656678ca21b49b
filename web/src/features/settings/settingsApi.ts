import { Routes } from "@folio/proto/routes";
import type { SettingsReply, SettingsUpdateBody } from "@folio/proto/settings";
import { api } from "../../app/api.ts";
import { request } from "../../app/endpoint.ts";
import { errorMessage } from "../../app/replyError.ts";

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<SettingsReply, void>({
      query: () => request(Routes.accounts.settings),
    }),
    updateSettings: build.mutation<{ status: "ok" }, SettingsUpdateBody["settings"]>({
      query: (settings) => request(Routes.accounts.updateSettings, { body: { settings } }),
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingsMutation } = settingsApi;

/** A refused update's words: the server's `message` (spec §8; its `error` says the same), replyError.ts. */
export const settingsErrorMessage = errorMessage;
