import type { SettingsReply } from "@folio/proto/settings";
import { useProfileForm } from "./useProfileForm.ts";

export function ProfileForm({ settings }: { settings: SettingsReply }) {
  const { username, setUsername, displayName, setDisplayName, submit, saving, error, usernameError } = useProfileForm(settings);
  return (
    <form className="form settings-form" onSubmit={submit} noValidate>
      <h2>Profile</h2>
      <p className="muted">Signed in as {settings.account.email}</p>
      <label htmlFor="settings-username">Username</label>
      <input
        id="settings-username"
        value={username}
        autoComplete="username"
        aria-invalid={usernameError ? true : undefined}
        aria-describedby={usernameError ? "settings-username-error" : "settings-username-rule"}
        onChange={(e) => setUsername(e.target.value)}
      />
      {/* a username's problem stands under the username, in place of the rule it breaks */}
      {usernameError ? (
        <p id="settings-username-error" className="field-error" role="alert">
          {usernameError}
        </p>
      ) : (
        <p id="settings-username-rule" className="muted small">
          3 to 15 characters: letters, numbers and underscores.
        </p>
      )}
      <label htmlFor="settings-display-name">Display name</label>
      <input id="settings-display-name" value={displayName} autoComplete="name" onChange={(e) => setDisplayName(e.target.value)} />
      {error && !usernameError && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="button primary" disabled={saving}>
          Save
        </button>
      </div>
    </form>
  );
}
