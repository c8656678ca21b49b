import "./portfolio.css";
import { useDeferredValue, useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { NEW_SLUG } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { PageLoading } from "../../app/Layout.tsx";
import { Messages } from "../../app/messages.ts";
import { forgetPrerendered, PrerenderedPortfolioView, prerenderedPortfolio } from "../../app/prerendered.tsx";
import { ConfirmDeleteModal } from "../../components/ConfirmDeleteModal.tsx";
import { SharingSettings } from "../community/SharingSettings.tsx";
import { useDeletePortfolio } from "../dashboard/useDeletePortfolio.ts";
import { ModerationPanel } from "../moderation/ModerationPanel.tsx";
import { PortfolioCardSettings } from "../playground/PortfolioCardSettings.tsx";
import { AddAssetModal } from "./AddAssetModal.tsx";
import { AssetTable } from "./AssetTable.tsx";
import { portfolioFigures, sharesByTicker, weightedFees } from "./assetFigures.ts";
import { HistoricalPeriods } from "./HistoricalPeriods.tsx";
import { NewPortfolioModal } from "./NewPortfolioModal.tsx";
import { ProfitLossChart, SharesChart, ValueChart } from "./PortfolioCharts.tsx";
import { PortfolioHeader } from "./PortfolioHeader.tsx";
import { FiguresLeftOut, PortfolioSummary, ReturnsPanel, ValuationGaps } from "./PortfolioSummary.tsx";
import { formatGainsChanged, removalUndone } from "./portfolioSlice.ts";
import { ReturnReceipt } from "./ReturnReceipt.tsx";
import { useChangeBenchmark } from "./useChangeBenchmark.ts";
import { usePortfolioPage } from "./usePortfolioPage.ts";

/**
 * /p/:slug — one portfolio; /p/new is a new one that is not saved yet; /playground (`playground`) is an
 * unsaved playground draft anyone can try, valued by the server without an account.
 */
export function PortfolioPage({ playground = false }: { playground?: boolean }) {
  const { slug, copyRequested, state, current, ready, canEdit, figures, save, saveNow, askingName, cancelNaming, leaving } =
    usePortfolioPage(playground);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { deletePortfolio, deleting } = useDeletePortfolio();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [adding, setAdding] = useState(false);
  const benchmark = useChangeBenchmark(slug);
  // the charts and the historical periods draw in a second, interruptible render, so the figures and the
  // table show first and the main thread is not held by one long task when the data arrives
  const later = useDeferredValue(state.valuation);
  // the whole page's first drawing, when its data arrives, is such a render too: the loading state stays on
  // screen until it is done, and the work comes in slices instead of one task of a few hundred milliseconds
  // on a phone (Lighthouse's total blocking time)
  const shown = useDeferredValue(ready);
  const drawn = ready && shown;
  useEffect(() => {
    if (drawn) forgetPrerendered();
  }, [drawn]);

  if (current && state.status === "missing") {
    return (
      <p className="card empty" role="status">
        {Messages.portfolioMissing}
      </p>
    );
  }
  if (current && state.status === "failed") return <p role="alert">{Messages.loadFailed}</p>;
  if (!drawn || !state.data) return <PortfolioLoading slug={slug} />;

  const portfolio = state.data;
  const valuation = state.valuation;
  const totals = portfolioFigures(portfolio.assets, figures);
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
      <PortfolioHeader
        portfolio={portfolio}
        name={name}
        slug={slug}
        playground={playground}
        currency={valuation?.baseCurrency}
        cost={totals.cost}
        gains={totals.hasSales ? { unrealized: totals.unrealizedProfitLoss, realized: totals.realizedProfitLoss } : undefined}
        canEdit={canEdit}
        hasChanges={state.hasChanges}
        saving={state.saving}
        copyRequested={copyRequested}
        onSave={saveNow}
        onDelete={() => setConfirmingDelete(true)}
      />
      {canEdit && state.refused && (
        <p className="save-refused" role="alert">
          Not saved: {state.refused.message.replace(/\.$/, "")}
          {state.refused.restored ? ". The page shows your portfolio as it is saved." : "."}
        </p>
      )}
      {portfolio.pDescription && <p>{portfolio.pDescription}</p>}
      <PortfolioSummary
        figures={totals}
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
      {canEdit && state.removed && state.removed.seq === state.editSeq && (
        <p className="undo-note" role="status">
          {state.removed.asset.ticker} removed.{" "}
          <button type="button" className="link" onClick={() => dispatch(removalUndone())}>
            Undo
          </button>
        </p>
      )}
      <FiguresLeftOut
        totals={totals}
        valuation={valuation}
        valuedBy={playground && slug === NEW_SLUG ? "playground" : portfolio.autoSave && slug !== NEW_SLUG ? "autosave" : "save"}
      />
      <ValuationGaps valuation={valuation} />
      <AssetTable
        assets={portfolio.assets}
        figures={figures}
        formatGains={portfolio.formatGains}
        editable={canEdit}
        currency={valuation?.baseCurrency}
        pricesAsOf={valuation?.pricesAsOf}
        totalValue={portfolio.totalValue}
      />
      {portfolio.assets.length > 0 && (
        <div className="charts">
          <ValueChart
            valuation={later}
            portfolioName={name}
            indexTicker={portfolio.indexTicker}
            onPickBenchmark={canEdit && slug !== NEW_SLUG ? benchmark.change : undefined}
            pickingBenchmark={benchmark.busy}
          />
          <SharesChart shares={sharesByTicker(portfolio.assets, figures)} />
          <ProfitLossChart valuation={later} formatGains={portfolio.formatGains} />
          <ReturnReceipt valuation={later} />
        </div>
      )}
      {later && <HistoricalPeriods periods={later.periods} currency={later.baseCurrency} />}
      <ModerationPanel />
      <SharingSettings />
      <PortfolioCardSettings />
      {adding && <AddAssetModal onClose={() => setAdding(false)} />}
      {askingName && (
        <NewPortfolioModal
          busy={state.saving}
          onCreate={(newName) => save(newName)}
          onCancel={cancelNaming}
          copyOf={state.notOwner ? portfolio.pName || "Untitled portfolio" : undefined}
        />
      )}
      {leaving.prompt}
      {confirmingDelete && (
        <ConfirmDeleteModal name={name} busy={deleting} onConfirm={confirmDelete} onCancel={() => setConfirmingDelete(false)} />
      )}
    </section>
  );
}

/** While the portfolio loads: its name and description when the page arrived with them (app/prerendered.tsx). */
function PortfolioLoading({ slug }: { slug: string }) {
  const early = prerenderedPortfolio(slug);
  return early ? (
    <PrerenderedPortfolioView portfolio={early}>
      <PageLoading />
    </PrerenderedPortfolioView>
  ) : (
    <PageLoading />
  );
}
