import { useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { NEW_SLUG, type Portfolio } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { formatMoney } from "../../lib/format.ts";
import { PlaygroundBadge } from "../playground/PlaygroundBadge.tsx";
import { autoSaveChanged } from "./portfolioSlice.ts";
import { RenamePortfolioModal } from "./RenamePortfolioModal.tsx";

interface PortfolioHeaderProps {
  portfolio: Portfolio;
  name: string;
  slug: string;
  playground: boolean;
  currency: string | undefined;
  /** the cost of the valued assets (assetFigures.ts portfolioFigures): with sales, of what is still held */
  cost: number;
  /** with sales (docs/numbers.md "Sales"): the gain on what is held and the sales' realized gains; absent without a sale */
  gains?: { unrealized: number | null; realized: number } | undefined;
  /** the owner's toolbar (autosave, save, delete); otherwise read-only, with the copy button */
  canEdit: boolean;
  hasChanges: boolean;
  saving: boolean;
  copyRequested: boolean;
  onSave: () => void;
  onDelete: () => void;
}

/** "3 assets", or with sales "2 assets · 1 sale". */
function count(assets: Portfolio["assets"]): string {
  const sales = assets.filter((a) => a.side === "sell").length;
  const buys = assets.length - sales;
  return `${buys} ${buys === 1 ? "asset" : "assets"}${sales > 0 ? ` · ${sales} ${sales === 1 ? "sale" : "sales"}` : ""}`;
}

const tone = (n: number | null) => (n === null || Math.abs(n) < 0.005 ? "" : n > 0 ? "gain" : "loss");
const signed = (n: number, currency: string | undefined) => `${n > 0.005 ? "+" : ""}${formatMoney(n, currency)}`;

/** The portfolio's name, asset count and cost (with sales: unrealized and realized gains), and its toolbar. */
export function PortfolioHeader({
  portfolio,
  name,
  slug,
  playground,
  currency,
  cost,
  gains,
  canEdit,
  hasChanges,
  saving,
  copyRequested,
  onSave,
  onDelete,
}: PortfolioHeaderProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const autoSaveId = useId();
  const [renaming, setRenaming] = useState(false);
  return (
    <div className="section-header">
      <div>
        <div className="title-row">
          <h1>
            {name}
            {portfolio.playGround && (
              <>
                {" "}
                <PlaygroundBadge />
              </>
            )}
          </h1>
          {canEdit && slug !== NEW_SLUG && (
            <button type="button" className="link rename-button" onClick={() => setRenaming(true)}>
              Rename
            </button>
          )}
        </div>
        {playground && slug === NEW_SLUG && (
          <p className="muted">
            Try ideas here: add assets and see every figure and chart. Nothing counts in net worth, the community or achievements. Save it
            to keep it (you will be asked to log in).
          </p>
        )}
        <p className="muted">
          {count(portfolio.assets)} · cost value{gains ? " of what is held" : ""}{" "}
          <span className="money">{formatMoney(cost, currency)}</span>
        </p>
        {gains && (
          <p className="header-gains">
            <span>
              Unrealized{" "}
              <span className={`money ${tone(gains.unrealized)}`}>
                {gains.unrealized === null ? "NA" : signed(gains.unrealized, currency)}
              </span>
            </span>
            <span>
              Realized <span className={`money ${tone(gains.realized)}`}>{signed(gains.realized, currency)}</span>
            </span>
          </p>
        )}
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
          <button type="button" className="button primary" disabled={!hasChanges} aria-busy={saving} onClick={onSave}>
            Save
          </button>
          {slug !== NEW_SLUG && (
            <button type="button" className="button danger-outline" onClick={onDelete}>
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
      {renaming && <RenamePortfolioModal slug={slug} name={portfolio.pName} onClose={() => setRenaming(false)} />}
    </div>
  );
}
