import { DISPLAY_NAME_EMPTY, UsernameMessages, usernameFailure } from "@folio/proto/constants";
import type { SettingsReply } from "@folio/proto/settings";
import { type FormEvent, useState } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { selectUser, signedIn } from "../auth/authSlice.ts";
import { useSettingsSave } from "./useSettingsSave.ts";

/** The longest display name the accounts service takes (proto auth.ts, settings.ts). */
export const DISPLAY_NAME_MAX = 100;

/** The username rule's message (spec §5) for what was typed, or null when it passes. */
const usernameMessage = (raw: string): string | null => {
  const failure = usernameFailure(raw);
  return failure ? UsernameMessages[failure] : null;
};

/** The profile form's fields, its checks before saving and the session's display name after. */
export function useProfileForm(settings: SettingsReply) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const idToken = useAppSelector((state) => state.auth.idToken);
  const [username, setUsername] = useState(settings.account.username ?? "");
  const initialDisplayName = settings.account.displayName ?? user?.displayName ?? "";
  const [displayName, setDisplayName] = useState(initialDisplayName);
  const { save, saving, error, setError } = useSettingsSave();
  const usernameError = error && (Object.values(UsernameMessages) as string[]).includes(error) ? error : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = displayName.trim();
    // a display name may stay unset, but one that exists cannot be emptied
    const problem =
      usernameMessage(username) ??
      (name === "" && initialDisplayName !== ""
        ? DISPLAY_NAME_EMPTY
        : // the server's limit, in its words (platform/src/http/errors.ts), before the call
          [...name].length > DISPLAY_NAME_MAX
          ? `Display name must be at most ${DISPLAY_NAME_MAX} characters`
          : null);
    if (problem) {
      setError(problem);
      return;
    }
    const saved = await save({ account: { username: username.trim(), ...(name ? { displayName: name } : {}) } });
    // the top bar shows the display name from the session
    if (saved && user && idToken && name) dispatch(signedIn({ idToken, user: { ...user, displayName: name } }));
  };

  return { username, setUsername, displayName, setDisplayName, submit, saving, error, usernameError };
}
