import { MODERATION_REASON_MAX, MODERATION_REASON_MIN } from "@folio/proto/moderation";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../app/api.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { refreshPortfolio } from "../portfolio/portfolioThunks.ts";
import { showError, showSuccess } from "../toasts/toastsSlice.ts";
import { useModerateMutation } from "./moderationApi.ts";
import "./moderation.css";

export const ModerationTexts = {
  unlisted: "Unlisted from the community",
  restored: "Restored to the community",
} as const;

export const formatModerationDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "2-digit" }) : "";

/**
 * On the portfolio page. Its owner sees why an admin unlisted it from the community; an admin sees whether
 * a public portfolio is listed and can unlist it, or restore it, with a reason. Both come from the server's
 * load (`moderation`, sent to the owner and admins only; a private portfolio never reaches an admin).
 */
export function ModerationPanel() {
  const { status, data, notOwner, isAdmin, moderation } = useAppSelector((s) => s.portfolio);
  if (status !== "ready" || !data || !moderation) return null;
  const owner = !notOwner;
  return (
    <>
      {owner && moderation.unlisted && (
        <section className="card moderation-notice" role="alert">
          <h2>{ModerationTexts.unlisted}</h2>
          <p>
            An admin took this portfolio out of the community on {formatModerationDate(moderation.at)}. Reason: <q>{moderation.reason}</q>
          </p>
          <p className="muted">It is still yours and still opens by its link; only the community list leaves it out.</p>
        </section>
      )}
      {isAdmin && !data.privateMode && <AdminModeration slug={moderation.slug} unlisted={moderation.unlisted} reason={moderation.reason} />}
    </>
  );
}

function AdminModeration({ slug, unlisted, reason }: { slug: string; unlisted: boolean; reason: string | null }) {
  const dispatch = useAppDispatch();
  const [moderate, { isLoading }] = useModerateMutation();
  const [text, setText] = useState("");
  const ids = { heading: useId(), reason: useId() };
  const action = unlisted ? "restore" : "unlist";
  const valid = text.trim().length >= MODERATION_REASON_MIN;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await moderate({ action, slug, reason: text });
    if (result.error) {
      dispatch(showError(errorMessage(result.error, Messages.somethingWrong)));
      return;
    }
    setText("");
    dispatch(showSuccess(action === "unlist" ? ModerationTexts.unlisted : ModerationTexts.restored));
    void dispatch(refreshPortfolio());
  };

  return (
    <section className="card moderation-admin" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Moderation</h2>
      <p>{unlisted ? `Unlisted from the community. Reason: ${reason ?? ""}` : "Listed in the community."}</p>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.reason}>{unlisted ? "Reason to restore" : "Reason to unlist (the owner sees it)"}</label>
          <textarea id={ids.reason} rows={2} maxLength={MODERATION_REASON_MAX} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <button
          type="submit"
          className={`button ${unlisted ? "primary" : "danger-outline"}`}
          disabled={!valid || isLoading}
          aria-busy={isLoading}
        >
          {unlisted ? "Restore to the community" : "Unlist from the community"}
        </button>
      </form>
    </section>
  );
}
