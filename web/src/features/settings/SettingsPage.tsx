import "./settings.css";
import { DEFAULT_BASE_CURRENCY, DISPLAY_NAME_EMPTY, SUPPORTED_CURRENCIES, UsernameMessages, usernameFailure } from "@folio/proto/constants";
import type { SettingsReply, SettingsUpdateBody } from "@folio/proto/settings";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { PageLoading } from "../../app/Layout.tsx";
import { Messages } from "../../app/messages.ts";
import { loginRequired, selectSignedIn, selectUser, signedIn } from "../auth/authSlice.ts";
import { PlanTab } from "../billing/PlanTab.tsx";
import { ConnectionsList } from "../brokerage/ConnectionsList.tsx";
import { showSuccess } from "../toasts/toastsSlice.ts";
import { settingsErrorMessage, useGetSettingsQuery, useUpdateSettingsMutation } from "./settingsApi.ts";

/** The username rule's message (spec §5) for what was typed, or null when it passes. */
const usernameMessage = (raw: string): string | null => {
  const failure = usernameFailure(raw);
  return failure ? UsernameMessages[failure] : null;
};

const TABS = [
  { id: "profile", label: "Profile" },
  { id: "notifications", label: "Notifications" },
  { id: "connections", label: "Connections" },
  { id: "plan", label: "Plan" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export const UPDATED = "Updated!";

/** Spec §2: the tab comes from ?t=, profile by default (and for anything unknown). */
export function tabFrom(param: string | null): TabId {
  return TABS.find((tab) => tab.id === param)?.id ?? "profile";
}

/** /settings?t=profile|notifications|connections|plan */
export function SettingsPage() {
  const dispatch = useAppDispatch();
  const signedInNow = useAppSelector(selectSignedIn);
  const [params] = useSearchParams();
  const tab = tabFrom(params.get("t"));
  const baseId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only (see DashboardPage)
  useEffect(() => {
    if (!signedInNow) dispatch(loginRequired());
  }, []);

  return (
    <section className="settings">
      <h1>Settings</h1>
      <div role="tablist" aria-label="Settings" className="tabs">
        {TABS.map(({ id, label }) => (
          <Link
            key={id}
            to={`?t=${id}`}
            role="tab"
            id={`${baseId}-${id}`}
            aria-selected={tab === id}
            aria-controls={`${baseId}-panel`}
            className={tab === id ? "tab active" : "tab"}
          >
            {label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${tab}`} className="card">
        {signedInNow ? <SettingsTab tab={tab} /> : <p className="muted">Log in to see your settings.</p>}
      </div>
    </section>
  );
}

function SettingsTab({ tab }: { tab: TabId }) {
  const { data, isLoading, isError, fulfilledTimeStamp } = useGetSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <PageLoading />;
  if (isError || !data) return <p role="alert">Your settings could not be loaded. Please try again.</p>;
  // a reload after a save starts the forms again from what the server now holds
  const key = fulfilledTimeStamp ?? 0;
  switch (tab) {
    case "profile":
      return (
        <>
          <ProfileForm key={key} settings={data} />
          <BaseCurrencyForm key={`currency-${key}`} settings={data} />
        </>
      );
    case "notifications":
      return <NotificationsForm key={key} settings={data} />;
    case "connections":
      return <ConnectionsList />;
    case "plan":
      return <PlanTab />;
  }
}

/** Saves, then says 'Updated!' and reloads the settings; a refusal shows the server's message. */
function useSave() {
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

function ProfileForm({ settings }: { settings: SettingsReply }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const idToken = useAppSelector((state) => state.auth.idToken);
  const [username, setUsername] = useState(settings.account.username ?? "");
  const initialDisplayName = settings.account.displayName ?? user?.displayName ?? "";
  const [displayName, setDisplayName] = useState(initialDisplayName);
  const { save, saving, error, setError } = useSave();
  const usernameError = error && (Object.values(UsernameMessages) as string[]).includes(error) ? error : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = displayName.trim();
    // a display name may stay unset, but one that exists cannot be emptied
    const problem = usernameMessage(username) ?? (name === "" && initialDisplayName !== "" ? DISPLAY_NAME_EMPTY : null);
    if (problem) {
      setError(problem);
      return;
    }
    const saved = await save({ account: { username: username.trim(), ...(name ? { displayName: name } : {}) } });
    // the top bar shows the display name from the session
    if (saved && user && idToken && name) dispatch(signedIn({ idToken, user: { ...user, displayName: name } }));
  };

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

/** The currency every amount is shown in: portfolios and net worth are valued in it (README "Base currency"). */
function BaseCurrencyForm({ settings }: { settings: SettingsReply }) {
  const current = settings.account.baseCurrency ?? DEFAULT_BASE_CURRENCY;
  const [currency, setCurrency] = useState(current);
  const { save, saving, error } = useSave();
  const offered = settings.currencies?.length ? settings.currencies : [...SUPPORTED_CURRENCIES];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ account: { baseCurrency: currency } });
  };
  return (
    <form className="form settings-form" onSubmit={submit}>
      <h2>Base currency</h2>
      <label htmlFor="settings-base-currency">Show amounts in</label>
      <select id="settings-base-currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
        {offered.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <p className="muted small">
        Portfolios and net worth are converted into it with each month's exchange rate; prices stay in their own currency.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="button primary" disabled={saving || currency === current}>
          Save base currency
        </button>
      </div>
    </form>
  );
}

function NotificationsForm({ settings }: { settings: SettingsReply }) {
  const [enabled, setEnabled] = useState(settings.notifications.enabled);
  const { save, saving, error } = useSave();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ notifications: { enabled } });
  };
  return (
    <form className="form settings-form" onSubmit={submit}>
      <h2>Notifications</h2>
      <label className="checkbox">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> E-mail me about my portfolios
      </label>
      {error && (
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
