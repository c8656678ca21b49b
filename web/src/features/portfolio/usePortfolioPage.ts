import { useEffect, useMemo, useRef } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { NEW_SLUG } from "../../app/apiTypes.ts";
import { useAppDispatch, useAppSelector, useAppStore } from "../../app/hooks.ts";
import { loginRequired, selectSignedIn } from "../auth/authSlice.ts";
import { forgetDraft, readDraft } from "../playground/playgroundDraft.ts";
import { usePlayground } from "../playground/usePlayground.ts";
import { assetFigures } from "./assetFigures.ts";
import { newPortfolioStarted, playgroundStarted } from "./portfolioSlice.ts";
import { loadPortfolio } from "./portfolioThunks.ts";
import { useUnsavedChangesPrompt } from "./UnsavedChangesPrompt.tsx";
import { useAutosave } from "./useAutosave.ts";
import { usePortfolioSave } from "./usePortfolioSave.ts";

/**
 * What the portfolio screen does besides drawing: loads the portfolio of the route (again when the session
 * changes, unless it has unsaved edits), starts /p/new and the playground, saves (by hand, by autosave,
 * after a login the playground asked for, and the automatic copy of ?copy), and asks before leaving unsaved
 * edits.
 */
export function usePortfolioPage(playground: boolean) {
  const { slug = NEW_SLUG } = useParams();
  const [params] = useSearchParams();
  const copyRequested = params.has("copy");
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const signedIn = useAppSelector(selectSignedIn);
  const state = useAppSelector((s) => s.portfolio);
  const { save, askingName, cancelNaming } = usePortfolioSave(playground ? forgetDraft : undefined);
  // a visitor who pressed Save on the playground is asked to log in; once in, the save goes on by itself
  const saveAfterLogin = useRef(false);
  const copyAttempt = useRef<string | null>(null);

  // The portfolio reloads when the session changes, since ownership depends on it, unless it has unsaved
  // edits: a user whose session ran out logs in again and saves them. /p/new is never loaded.
  const loadKey = slug === NEW_SLUG ? `${NEW_SLUG}|${playground}` : `${slug}|${signedIn}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadKey stands for slug and signedIn
  useEffect(() => {
    const shown = store.getState().portfolio;
    if (shown.slug === slug && shown.hasChanges) return;
    if (slug === NEW_SLUG) {
      dispatch(playground ? playgroundStarted(readDraft()) : newPortfolioStarted());
      return;
    }
    const loading = dispatch(loadPortfolio({ slug, signedIn }));
    return () => loading.abort();
  }, [dispatch, store, loadKey]);

  const current = state.slug === slug;
  const ready = current && state.status === "ready" && state.data !== null;
  const canEdit = ready && !state.notOwner;

  useAutosave(save, canEdit);
  usePlayground(playground);

  useEffect(() => {
    if (!signedIn || !saveAfterLogin.current) return;
    saveAfterLogin.current = false;
    void save();
  }, [signedIn, save]);
  const saveNow = () => {
    if (!signedIn && playground) saveAfterLogin.current = true;
    void save();
  };
  // the playground's draft is kept in this browser on every edit (playgroundDraft.ts): leaving or reloading loses
  // nothing, so nothing is asked
  const draftKept = playground && slug === NEW_SLUG;
  const leaving = useUnsavedChangesPrompt({ active: canEdit && !draftKept, onSave: slug === NEW_SLUG ? undefined : () => save() });

  const assets = state.data?.assets;
  const unpriced = state.valuation?.unpriced;
  const figures = useMemo(() => assetFigures(assets ?? [], new Set(unpriced ?? [])), [assets, unpriced]);

  // Spec §4/§6: a non-owner arriving with ?copy gets an automatic save, which the server answers with a copy
  useEffect(() => {
    const attempt = `${slug}|${signedIn}`;
    // only once the copy on screen was loaded as the current user (after a login it reloads first)
    if (!ready || state.loadedSignedIn !== signedIn || !state.notOwner || !copyRequested || copyAttempt.current === attempt) return;
    copyAttempt.current = attempt;
    if (signedIn) void save();
    else dispatch(loginRequired());
  }, [ready, state.loadedSignedIn, state.notOwner, copyRequested, signedIn, slug, save, dispatch]);

  return { slug, copyRequested, state, current, ready, canEdit, figures, save, saveNow, askingName, cancelNaming, leaving };
}
