import type { SettingsUpdateBody } from "@folio/proto/settings";
import { useState } from "react";
import { useAppDispatch } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { showSuccess } from "../toasts/toastsSlice.ts";
import { settingsErrorMessage, useGetSettingsQuery, useUpdateSettingsMutation } from "./settingsApi.ts";

export const UPDATED = "Updated!";

/** Saves, then says 'Updated!' and reloads the settings; a refusal shows the server's message. */
export function useSettingsSave() {
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateSettingsMutation();
  const { refetch } = useGetSettingsQuery();
  const [error, setError] = useState<string | null>(null);
  const save = async (settings: SettingsUpdateBody["settings"]) => {
    setError(null);
    const result = await update(settings);
    if (result.error) {
      setError(settingsErrorMessage(result.error, Messages.somethingWrong));
      return false;
    }
    dispatch(showSuccess(UPDATED));
    refetch();
    return true;
  };
  return { save, saving: isLoading, error, setError };
}
