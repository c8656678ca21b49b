import "./settings.css";
import { useEffect, useId } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { PageLoading } from "../../app/Layout.tsx";
import { loginRequired, selectSignedIn } from "../auth/authSlice.ts";
import { PlanTab } from "../billing/PlanTab.tsx";
import { ConnectionsList } from "../brokerage/ConnectionsList.tsx";
import { BaseCurrencyForm, NotificationsForm } from "./PreferenceForms.tsx";
import { ProfileForm } from "./ProfileForm.tsx";
import { useGetSettingsQuery } from "./settingsApi.ts";

const TABS = [
  { id: "profile", label: "Profile" },
  { id: "notifications", label: "Notifications" },
  { id: "connections", label: "Connections" },
  { id: "plan", label: "Plan" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export { UPDATED } from "./useSettingsSave.ts";

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
