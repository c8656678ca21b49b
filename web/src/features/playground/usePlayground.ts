import { useEffect } from "react";
import { NEW_SLUG } from "../../app/apiTypes.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { toPortfolioInput } from "../portfolio/portfolioModel.ts";
import { playgroundValued } from "../portfolio/portfolioSlice.ts";
import { useValuePlaygroundMutation } from "./playgroundApi.ts";
import { keepDraft } from "./playgroundDraft.ts";

/** Edits in a row are valued once, after the last. */
export const PLAYGROUND_VALUE_DELAY_MS = 500;

/**
 * While the playground's unsaved draft is on screen: keeps it (playgroundDraft.ts) and has the server value
 * it after each edit (POST /v1/playground/value: the same engine and prices as a saved portfolio), so every
 * figure and chart of the portfolio screen shows before anything is saved, without an account: the assets'
 * figures are the reply's, as a saved portfolio's are its save's.
 */
export function usePlayground(active: boolean) {
  const dispatch = useAppDispatch();
  const [value] = useValuePlaygroundMutation();
  const { slug, data, editSeq, applyInitialPercents } = useAppSelector((s) => s.portfolio);
  const draft = active && slug === NEW_SLUG && data?.playGround === true ? data : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one valuation per edit (editSeq), of the draft as it is then
  useEffect(() => {
    if (!draft) return;
    keepDraft(draft.assets);
    if (draft.assets.length === 0) {
      dispatch(playgroundValued({ seq: editSeq, valuation: null }));
      return;
    }
    const seq = editSeq;
    const timer = setTimeout(async () => {
      const result = await value(toPortfolioInput({ ...draft, rev: 0 }, { applyInitialPercents }));
      if ("data" in result && result.data) {
        dispatch(playgroundValued({ seq, valuation: result.data.valuation, assets: result.data.data.assets }));
      }
    }, PLAYGROUND_VALUE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft !== null, editSeq, dispatch, value]);
}
