import { type FormEvent, useEffect, useId, useState } from "react";
import { errorMessage, isNoUser } from "../../app/api.ts";
import { NEW_SLUG } from "../../app/apiTypes.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { GRADIENTS, gradientOf, gradientStyle } from "../gradients/CardBanner.tsx";
import { useUpdatePortfolioSettingsMutation } from "../portfolio/portfolioApi.ts";
import { refreshPortfolio } from "../portfolio/portfolioThunks.ts";
import { showError, showSuccess } from "../toasts/toastsSlice.ts";

export const CardSettingsMessages = {
  updated: "Updated!",
  saveFirst: "Save your changes first: these settings are saved on their own.",
} as const;

/** "auto": the gradient the slug chooses */
type Pick = number | "auto";

/**
 * The owner's card look and kind: the card gradient (one of eleven, or the one chosen from the slug) and
 * whether the portfolio is a playground (a sandbox left out of net worth, the community and achievements).
 * Saved with POST /v1/update/portfoliosettings/{slug}, like the sharing settings.
 */
export function PortfolioCardSettings() {
  const dispatch = useAppDispatch();
  const { slug, status, data, notOwner, hasChanges, saving } = useAppSelector((s) => s.portfolio);
  const [update, { isLoading }] = useUpdatePortfolioSettingsMutation();
  const ids = { heading: useId(), playground: useId(), legend: useId() };
  const [playGround, setPlayGround] = useState(false);
  const [pick, setPick] = useState<Pick>("auto");

  const stored = data ? `${data.slug}|${data.rev}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stored` stands for the portfolio's revision
  useEffect(() => {
    if (!data) return;
    setPlayGround(data.playGround);
    setPick(typeof data.gradient === "number" ? data.gradient : "auto");
  }, [stored]);

  if (!slug || slug === NEW_SLUG || status !== "ready" || !data || notOwner) return null;

  const storedPick: Pick = typeof data.gradient === "number" ? data.gradient : "auto";
  const unchanged = playGround === data.playGround && pick === storedPick;
  const busy = isLoading || saving;
  const automatic = gradientOf(slug, null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ slug, settings: { playGround, gradient: pick === "auto" ? null : pick } });
    if (result.error) {
      if (!isNoUser(result.error)) dispatch(showError(errorMessage(result.error, Messages.somethingWrong)));
      return;
    }
    dispatch(showSuccess(CardSettingsMessages.updated));
    void dispatch(refreshPortfolio());
  };

  return (
    <section className="card card-settings" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Card and playground</h2>
      <form onSubmit={submit}>
        <label className="toggle" htmlFor={ids.playground}>
          <input id={ids.playground} type="checkbox" checked={playGround} onChange={(e) => setPlayGround(e.target.checked)} />
          Playground: a sandbox, left out of net worth, the community and achievements
        </label>
        <fieldset className="gradient-picker" aria-labelledby={ids.legend}>
          <legend id={ids.legend}>Card gradient</legend>
          <label className="gradient-swatch automatic">
            <input type="radio" name="gradient" checked={pick === "auto"} onChange={() => setPick("auto")} />
            Automatic ({automatic})
          </label>
          {GRADIENTS.map((g) => (
            <label key={g.id} className="gradient-swatch" style={gradientStyle(g.id)} title={g.name}>
              <input
                type="radio"
                name="gradient"
                aria-label={`Gradient ${g.id}: ${g.name}`}
                checked={pick === g.id}
                onChange={() => setPick(g.id)}
              />
              {g.id}
            </label>
          ))}
        </fieldset>
        {hasChanges && <p className="muted">{CardSettingsMessages.saveFirst}</p>}
        <button type="submit" className="button primary" disabled={busy || hasChanges || unchanged} aria-busy={isLoading}>
          Update card
        </button>
      </form>
    </section>
  );
}
