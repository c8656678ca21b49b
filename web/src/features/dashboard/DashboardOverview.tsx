import "./dashboard.css";
import { useId } from "react";
import { Link } from "react-router-dom";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { AchievementsCard } from "../achievements/AchievementsCard.tsx";
import { AllAssetsTable } from "../holdings/AllAssetsTable.tsx";
import { HoldingsPie } from "../holdings/HoldingsPie.tsx";
import { holdingRows, type ListedPortfolio } from "../holdings/holdings.ts";
import { MoversView } from "../movers/Movers.tsx";
import { NetWorthChart } from "../networth/NetWorthChart.tsx";
import { netWorthBars } from "../networth/netWorthBars.ts";
import { useGetNetWorthHistoryQuery } from "../networth/networthApi.ts";

/**
 * Below the portfolio cards: net worth by week, holdings pie, every asset, movers and achievements. These
 * are the real picture, so playground portfolios (sandboxes, marked on their cards) are left out, as net
 * worth leaves them out.
 */
export function DashboardOverview({ portfolios: all }: { portfolios: PortfolioListItem[] }) {
  const portfolios = all.filter((p) => !p.playGround);
  const rows = holdingRows(portfolios);
  // every portfolio's figures are in the owner's base currency, which the list says with its totals
  const currency = portfolios.map((p: ListedPortfolio) => p.figures?.baseCurrency).find(Boolean) ?? "USD";
  const assetsId = useId();
  return (
    <>
      <div className="dashboard-grid">
        <NetWorthPanel currency={currency} />
        {rows.length > 0 && (
          <section className="card" aria-label="Holdings">
            <h2>Holdings</h2>
            <HoldingsPie rows={rows} currency={currency} />
          </section>
        )}
      </div>
      {rows.length > 0 && (
        <section className="dashboard-section" aria-labelledby={assetsId}>
          <h2 id={assetsId}>All assets</h2>
          <AllAssetsTable rows={rows} />
        </section>
      )}
      <div className="dashboard-grid">
        {rows.length > 0 && <MoversView compact />}
        <AchievementsCard />
      </div>
    </>
  );
}

function NetWorthPanel({ currency }: { currency: string }) {
  const titleId = useId();
  const { data, isError } = useGetNetWorthHistoryQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>Net worth</h2>
      {isError ? (
        <p className="muted">The net-worth history could not be loaded.</p>
      ) : (
        data && <NetWorthChart bars={netWorthBars(data.netWorthHistory, null, currency)} currency={currency} />
      )}
      <p>
        <Link to="/networth">See your net worth now</Link>
      </p>
    </section>
  );
}
