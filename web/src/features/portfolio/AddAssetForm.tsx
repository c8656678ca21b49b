import { type FormEvent, useId, useState } from "react";
import { useAppDispatch } from "../../app/hooks.ts";
import { showError } from "../toasts/toastsSlice.ts";
import { type AssetForm, checkNewAsset } from "./assetValidation.ts";
import { assetAdded } from "./portfolioSlice.ts";

const EMPTY: AssetForm = { ticker: "", quantity: "", price: "", date: "" };

export function AddAssetForm() {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<AssetForm>(EMPTY);
  const headingId = useId();
  const ids = { ticker: useId(), quantity: useId(), price: useId(), date: useId() };
  const field = (name: keyof AssetForm) => ({
    id: ids[name],
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkNewAsset(form);
    if (!check.ok) {
      dispatch(showError(check.message));
      return;
    }
    dispatch(assetAdded(check.draft));
    setForm(EMPTY);
  };

  return (
    <form className="card add-asset" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId}>Add an asset</h2>
      <div className="add-asset-fields">
        <div className="field">
          <label htmlFor={ids.ticker}>Ticker</label>
          <input {...field("ticker")} placeholder="VTI" autoCapitalize="characters" maxLength={20} />
        </div>
        <div className="field">
          <label htmlFor={ids.quantity}>Quantity</label>
          <input {...field("quantity")} inputMode="decimal" placeholder="10" />
        </div>
        <div className="field">
          <label htmlFor={ids.price}>Purchase price</label>
          <input {...field("price")} inputMode="decimal" placeholder="250.00" />
        </div>
        <div className="field">
          <label htmlFor={ids.date}>Purchase date</label>
          <input {...field("date")} type="date" />
        </div>
        <button type="submit" className="button primary">
          Add asset
        </button>
      </div>
    </form>
  );
}
