import { COMMUNITY_CATEGORIES as CATEGORIES } from "@folio/proto/constants";
import { type FormEvent, useEffect, useId, useState } from "react";
import { errorMessage, isNoUser } from "../../app/api.ts";
import { NEW_SLUG } from "../../app/apiTypes.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { useUpdatePortfolioSettingsMutation } from "../portfolio/portfolioApi.ts";
import { refreshPortfolio } from "../portfolio/portfolioThunks.ts";
import { showError, showSuccess } from "../toasts/toastsSlice.ts";
import type { CommunityCategory } from "./communityApi.ts";
import "./community.css";

export const SharingMessages = {
  updated: "Updated!",
  saveFirst: "Save your changes first: sharing settings are saved on their own.",
} as const;

type Category = CommunityCategory | "";

/**
 * The owner's sharing settings on the portfolio page: public or private, the description and the community
 * category, saved with POST /v1/update/portfoliosettings/{slug}. Shown only to the owner of a saved
 * portfolio. The settings call makes a new revision, so the page re-reads the portfolio afterwards; while
 * the page has unsaved edits the panel waits (they would not be replaced by the re-read, and their save
 * would then name an old revision).
 */
export function SharingSettings() {
  const dispatch = useAppDispatch();
  const { slug, status, data, notOwner, hasChanges, saving } = useAppSelector((s) => s.portfolio);
  const [update, { isLoading }] = useUpdatePortfolioSettingsMutation();
  const ids = { public: useId(), description: useId(), category: useId(), heading: useId() };
  const [isPublic, setPublic] = useState(false);
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState<Category>("");

  // the form starts from the stored settings, and follows them when the portfolio is re-read
  const stored = data ? `${data.slug}|${data.rev}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stored` stands for the portfolio's revision
  useEffect(() => {
    if (!data) return;
    setPublic(!data.privateMode);
    setDescription(data.pDescription);
    setCategory((CATEGORIES as readonly string[]).includes(data.category) ? (data.category as CommunityCategory) : "");
  }, [stored]);

  if (!slug || slug === NEW_SLUG || status !== "ready" || !data || notOwner) return null;

  const busy = isLoading || saving;
  const unchanged = isPublic === !data.privateMode && description === data.pDescription && category === data.category;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ slug, settings: { privateMode: !isPublic, pDescription: description, category } });
    if (result.error) {
      // a missing session already opened the login window (the api's base query)
      if (!isNoUser(result.error)) dispatch(showError(errorMessage(result.error, Messages.somethingWrong)));
      return;
    }
    dispatch(showSuccess(SharingMessages.updated));
    void dispatch(refreshPortfolio());
  };

  return (
    <section className="card sharing-settings" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Sharing</h2>
      <form onSubmit={submit}>
        <label className="toggle" htmlFor={ids.public}>
          <input id={ids.public} type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
          Public: shown in the community, anyone can view and copy it
        </label>
        <div className="field">
          <label htmlFor={ids.description}>Description</label>
          <textarea id={ids.description} rows={3} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.category}>Category</label>
          <select id={ids.category} value={category} onChange={(e) => setCategory(e.target.value as Category)}>
            <option value="">None (listed under Other)</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        {hasChanges && <p className="muted">{SharingMessages.saveFirst}</p>}
        <button type="submit" className="button primary" disabled={busy || hasChanges || unchanged} aria-busy={isLoading}>
          Update sharing
        </button>
      </form>
    </section>
  );
}
