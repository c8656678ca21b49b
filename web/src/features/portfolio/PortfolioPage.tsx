import "./portfolio.css";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { NEW_SLUG } from "../../app/apiTypes.ts";
import { useAppDispatch, useAppSelector, useAppStore } from "../../app/hooks.ts";
import { PageLoading } from "../../app/Layout.tsx";
import { Messages } from "../../app/messages.ts";
import { ConfirmDeleteModal } from "../../components/ConfirmDeleteModal.tsx";
import { formatMoney } from "../../lib/format.ts";
import { loginRequired, selectSignedIn } from "../auth/authSlice.ts";
import { SharingSettings } from "../community/SharingSettings.tsx";
import { useDeletePortfolio } from "../dashboard/useDeletePortfolio.ts";
import { ModerationPanel } from "../moderation/ModerationPanel.tsx";
import { PlaygroundBadge } from "../playground/PlaygroundBadge.tsx";
import { PortfolioCardSettings } from "../playground/PortfolioCardSettings.tsx";
import { forgetDraft, readDraft } from "../playground/playgroundDraft.ts";
import { usePlayground } from "../playground/usePlayground.ts";
import { AddAssetModal } from "./AddAssetModal.tsx";
import { AssetTable } from "./AssetTable.tsx";
import { assetFigures, portfolioFigures, sharesByTicker, weightedFees } from "./assetFigures.ts";
import { HistoricalPeriods } from "./HistoricalPeriods.tsx";
import { NewPortfolioModal } from "./NewPortfolioModal.tsx";
import { ProfitLossChart, SharesChart, ValueChart } from "./PortfolioCharts.tsx";
import { PortfolioSummary, ReturnsPanel, ValuationGaps } from "./PortfolioSummary.tsx";
import { autoSaveChanged, formatGainsChanged, newPortfolioStarted, playgroundStarted } from "./portfolioSlice.ts";
import { loadPortfolio } from "./portfolioThunks.ts";
import { useUnsavedChangesPrompt } from "./UnsavedChangesPrompt.tsx";
import { useAutosave } from "./useAutosave.ts";
import { useChangeBenchmark } from "./useChangeBenchmark.ts";
import { usePortfolioSave } from "./usePortfolioSave.ts";

/**
 * /p/:slug — one portfolio; /p/new is a new one that is not saved yet; /playground (`playground`) is an
 * unsaved playground draft anyone can try, valued by the server without an account.
 */
export function PortfolioPage({ playground = false }: { playground?: boolean }) {
  const { slug = NEW_SLUG } = useParams();
  const [params] = useSearchParams();
  const copyRequested = params.has("copy");
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectSignedIn);
  const state = useAppSelector((s) => s.portfolio);
  const { save, askingName, cancelNaming } = usePortfolioSave(playground ? forgetDraft : undefined);
  // a visitor who pressed Save on the playground is asked to log in; once in, the save goes on by itself
  const saveAfterLogin = useRef(false);
  const { deletePortfolio, deleting } = useDeletePortfolio();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [adding, setAdding] = useState(false);
  const benchmark = useChangeBenchmark(slug);
  const copyAttempt = useRef<string | null>(null);
  const autoSaveId = useId();

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
  const leaving = useUnsavedChangesPrompt({ active: canEdit, onSave: slug === NEW_SLUG ? undefined : () => save() });

  const assets = state.data?.assets;
  const figures = useMemo(() => assetFigures(assets ?? []), [assets]);

  // Spec §4/§6: a non-owner arriving with ?copy gets an automatic save, which the server answers with a copy
  useEffect(() => {
    const attempt = `${slug}|${signedIn}`;
    // only once the copy on screen was loaded as the current user (after a login it reloads first)
    if (!ready || state.loadedSignedIn !== signedIn || !state.notOwner || !copyRequested || copyAttempt.current === attempt) return;
    copyAttempt.current = attempt;
    if (signedIn) void save();
    else dispatch(loginRequired());
  }, [ready, state.loadedSignedIn, state.notOwner, copyRequested, signedIn, slug, save, dispatch]);

  if (current && state.status === "missing") {
    return (
      <p className="card empty" role="status">
        {Messages.portfolioMissing}
      </p>
    );
  }
  if (current && state.status === "failed") return <p role="alert">{Messages.loadFailed}</p>;
  if (!ready || !state.data) return <PageLoading />;

  const portfolio = state.data;
  const valuation = state.valuation;
  const name = portfolio.pName || (playground ? "Playground" : "Untitled portfolio");
  const confirmDelete = async () => {
    const deleted = await deletePortfolio(slug);
    setConfirmingDelete(false);
    if (deleted) {
      leaving.allowLeaving();
      navigate("/dashboard");
    }
  };

  return (
    <section className="portfolio">
      <div className="section-header">
        <div>
          <h1>
            {name}
            {portfolio.playGround && (
              <>
                {" "}
                <PlaygroundBadge />
              </>
            )}
          </h1>
          {playground && slug === NEW_SLUG && (
            <p className="muted">
              Try ideas here: add assets and see every figure and chart. Nothing counts in net worth, the community or achievements. Save it
              to keep it (you will be asked to log in).
            </p>
          )}
          <p className="muted">
            {portfolio.assets.length} {portfolio.assets.length === 1 ? "asset" : "assets"} · cost value{" "}
            <span className="money">{formatMoney(portfolioFigures(portfolio.assets).cost, valuation?.baseCurrency)}</span>
          </p>
        </div>
        {canEdit ? (
          <div className="toolbar">
            <label className="toggle" htmlFor={autoSaveId}>
              <input
                id={autoSaveId}
                type="checkbox"
                checked={portfolio.autoSave}
                onChange={(e) => dispatch(autoSaveChanged(e.target.checked))}
              />
              Autosave
            </label>
            <button type="button" className="button primary" disabled={!state.hasChanges} aria-busy={state.saving} onClick={saveNow}>
              Save
            </button>
            {slug !== NEW_SLUG && (
              <button type="button" className="button danger-outline" onClick={() => setConfirmingDelete(true)}>
                Delete
              </button>
            )}
          </div>
        ) : (
          <div className="toolbar">
            <span className="badge">Read-only</span>
            {!copyRequested && (
              <button type="button" className="button secondary" onClick={() => navigate("?copy")}>
                Copy to my portfolios
              </button>
            )}
          </div>
        )}
      </div>
      {portfolio.pDescription && <p>{portfolio.pDescription}</p>}
      <PortfolioSummary
        figures={portfolioFigures(portfolio.assets)}
        fees={weightedFees(portfolio.assets, figures)}
        formatGains={portfolio.formatGains}
        onFormatGains={canEdit ? (f) => dispatch(formatGainsChanged(f)) : undefined}
        lastRefreshed={portfolio.lastRefreshed}
        currency={valuation?.baseCurrency}
        pricesAsOf={valuation?.pricesAsOf}
        basis={valuation?.definitions.basis}
      />
      <ReturnsPanel valuation={valuation} />
      <div className="section-header assets-header">
        <h2>Assets</h2>
        {canEdit && (
          <button type="button" className="button primary" onClick={() => setAdding(true)}>
            Add asset
          </button>
        )}
      </div>
      {valuation && valuation.unpriced.length > 0 && (
        <p className="muted" role="note">
          No price found for {valuation.unpriced.join(", ")}: {valuation.unpriced.length === 1 ? "its" : "their"} live figures show NA.
        </p>
      )}
      <ValuationGaps valuation={valuation} />
      <AssetTable
        assets={portfolio.assets}
        figures={figures}
        formatGains={portfolio.formatGains}
        editable={canEdit}
        currency={valuation?.baseCurrency}
        pricesAsOf={valuation?.pricesAsOf}
      />
      {portfolio.assets.length > 0 && (
        <div className="charts">
          <ValueChart
            valuation={valuation}
            portfolioName={name}
            indexTicker={portfolio.indexTicker}
            onPickBenchmark={canEdit && slug !== NEW_SLUG ? benchmark.change : undefined}
            pickingBenchmark={benchmark.busy}
          />
          <SharesChart shares={sharesByTicker(portfolio.assets, figures)} />
          <ProfitLossChart valuation={valuation} formatGains={portfolio.formatGains} />
        </div>
      )}
      {valuation && <HistoricalPeriods periods={valuation.periods} />}
      <ModerationPanel />
      <SharingSettings />
      <PortfolioCardSettings />
      {adding && <AddAssetModal onClose={() => setAdding(false)} />}
      {askingName && <NewPortfolioModal busy={state.saving} onCreate={(newName) => save(newName)} onCancel={cancelNaming} />}
      {leaving.prompt}
      {confirmingDelete && (
        <ConfirmDeleteModal name={name} busy={deleting} onConfirm={confirmDelete} onCancel={() => setConfirmingDelete(false)} />
      )}
    </section>
  );
}
