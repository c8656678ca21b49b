import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { errorMessage, isNoUser } from "../../app/api.ts";
import { NEW_SLUG, type PortfolioListItem } from "../../app/apiTypes.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { PageLoading } from "../../app/Layout.tsx";
import { Messages } from "../../app/messages.ts";
import { ConfirmDeleteModal } from "../../components/ConfirmDeleteModal.tsx";
import { AchievementsCard } from "../achievements/AchievementsCard.tsx";
import { authModalOpened, loginRequired, selectSignedIn, selectUser } from "../auth/authSlice.ts";
import { ConnectBrokerageButton } from "../brokerage/ConnectBrokerageButton.tsx";
import { useImportPolling } from "../brokerage/useImportPolling.ts";
import { NewPortfolioModal } from "../portfolio/NewPortfolioModal.tsx";
import { useSavePortfolioMutation } from "../portfolio/portfolioApi.ts";
import { VisitorSamples } from "../samples/VisitorSamples.tsx";
import { showError, showSuccess } from "../toasts/toastsSlice.ts";
import { useGetPortfoliosAndAssetsQuery } from "./dashboardApi.ts";
import { PortfolioCard } from "./PortfolioCard.tsx";
import { useDeletePortfolio } from "./useDeletePortfolio.ts";
import { useValuingPolling } from "./useValuingPolling.ts";

// the overview (charts, holdings, movers) is for signed-in users with portfolios: a visitor never loads it
const DashboardOverview = lazy(async () => ({ default: (await import("./DashboardOverview.tsx")).DashboardOverview }));

/** /dashboard, and /dashboard/first (after register) with a welcome. */
export function DashboardPage({ first = false }: { first?: boolean }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);

  return (
    <section>
      {first && <h1 className="welcome">Welcome to Folio{user?.displayName ? `, ${user.displayName}` : ""}!</h1>}
      {signedIn ? (
        <Portfolios first={first} />
      ) : (
        <>
          {/* a visitor is invited, not interrupted: the samples below are worth a look before any login */}
          <div className="card empty visitor-invite">
            {first ? <h2>Your portfolios live here</h2> : <h1>Your portfolios live here</h1>}
            <p className="muted">Log in to see yours, or register to start one. The sample portfolios below need no account.</p>
            <div className="hero-actions">
              <button type="button" className="button primary" onClick={() => dispatch(authModalOpened("register"))}>
                Register
              </button>
              <button type="button" className="button secondary" onClick={() => dispatch(loginRequired())}>
                Log in
              </button>
            </div>
          </div>
          <VisitorSamples />
        </>
      )}
    </section>
  );
}

export function FirstDashboardPage() {
  return <DashboardPage first />;
}

function byNewest(a: PortfolioListItem, b: PortfolioListItem) {
  return b.created_at.localeCompare(a.created_at);
}

function Portfolios({ first }: { first: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data, isLoading, isError } = useGetPortfoliosAndAssetsQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval });
  const listed = data ? Object.values(data.portfolios) : undefined;
  const importing = useImportPolling(listed);
  const valuing = useValuingPolling(listed);
  const interval = importing.pollingInterval || valuing.pollingInterval;
  if (interval !== pollingInterval) setPollingInterval(interval);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<PortfolioListItem | null>(null);
  const [save, { isLoading: saving }] = useSavePortfolioMutation();
  const { deletePortfolio, deleting } = useDeletePortfolio();

  const create = async (name: string) => {
    const result = await save({ slug: NEW_SLUG, body: { portfolio: { assets: [] }, newPortfolioName: name } });
    if (result.data?.message === "pcreated" && result.data.slug) {
      setCreating(false);
      dispatch(showSuccess(Messages.portfolioCreated));
      navigate(`/p/${result.data.slug}`);
    } else if (result.error && isNoUser(result.error)) {
      setCreating(false);
    } else {
      dispatch(showError(errorMessage(result.error ?? { data: result.data }, Messages.saveFailed)));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    await deletePortfolio(toDelete.slug);
    setToDelete(null);
  };

  const portfolios = listed ? [...listed].sort(byNewest) : [];
  return (
    <>
      <div className="section-header">
        <h2>Your portfolios</h2>
        <div className="section-actions">
          <Link to="/import" className="button secondary">
            Import
          </Link>
          <ConnectBrokerageButton />
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            New portfolio
          </button>
        </div>
      </div>
      {importing.importing && <p role="status">Importing your brokerage portfolios…</p>}
      {isLoading ? (
        <PageLoading />
      ) : isError ? (
        <p role="alert">Your portfolios could not be loaded. Please try again.</p>
      ) : portfolios.length === 0 ? (
        <>
          <div className="empty card">
            <p>You have no portfolios yet.</p>
            <p className="muted">Start one with “New portfolio”: give it a name, then add the assets you hold.</p>
          </div>
          {/* a new user's first steps, known from registering; the first advance is compared with it */}
          {first && <AchievementsCard fetchIfUnknown={false} />}
        </>
      ) : (
        <>
          <div className="cards">
            {portfolios.map((portfolio) => (
              <PortfolioCard
                key={portfolio.slug}
                portfolio={portfolio}
                gaveUpWaiting={valuing.gaveUp}
                onDelete={() => setToDelete(portfolio)}
              />
            ))}
          </div>
          <Suspense fallback={<PageLoading />}>
            <DashboardOverview portfolios={portfolios} />
          </Suspense>
        </>
      )}
      {creating && <NewPortfolioModal busy={saving} onCreate={create} onCancel={() => setCreating(false)} />}
      {toDelete && (
        <ConfirmDeleteModal
          name={toDelete.pname || "Untitled portfolio"}
          busy={deleting}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </>
  );
}
