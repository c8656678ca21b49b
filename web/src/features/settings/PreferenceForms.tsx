import { DEFAULT_BASE_CURRENCY, SUPPORTED_CURRENCIES } from "@folio/proto/constants";
import type { SettingsReply } from "@folio/proto/settings";
import { type FormEvent, useState } from "react";
import { useSettingsSave } from "./useSettingsSave.ts";

/** The currency every amount is shown in: portfolios and net worth are valued in it (docs/numbers.md "Base currency"). */
export function BaseCurrencyForm({ settings }: { settings: SettingsReply }) {
  const current = settings.account.baseCurrency ?? DEFAULT_BASE_CURRENCY;
  const [currency, setCurrency] = useState(current);
  const { save, saving, error } = useSettingsSave();
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

export function NotificationsForm({ settings }: { settings: SettingsReply }) {
  const [enabled, setEnabled] = useState(settings.notifications.enabled);
  const { save, saving, error } = useSettingsSave();
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
