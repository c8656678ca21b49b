import { useState } from "react";
import type { Asset } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { formatCurrencyOrNA, formatDate, formatMoney, formatQuantity } from "../../lib/format.ts";
import { VALUING } from "../holdings/valuingText.ts";
import { type AssetFigures, valuedAsEntered } from "./assetFigures.ts";
import { EditAssetModal } from "./EditAssetModal.tsx";
import { InitialPercentCell } from "./InitialPercentCell.tsx";
import { readInitialPercent } from "./initialPercentPreview.ts";
import { parseQuantity } from "./portfolioModel.ts";
import { assetInitialPercentChanged, assetQuantityChanged, assetRemoved } from "./portfolioSlice.ts";
import { SellModal } from "./SellModal.tsx";
import { tableOrder } from "./sales.ts";
import { type FormatGains, gainText, percentOrNA } from "./valuationView.ts";

interface AssetTableProps {
  assets: Asset[];
  figures: AssetFigures[];
  formatGains: FormatGains;
  editable: boolean;
  /** the currency of market values and gains (the owner's base currency) */
  currency?: string;
  /** the newest price's date (shown above the table); an asset priced on another date, or stale, says its own */
  pricesAsOf?: string | null;
  /** the portfolio's total value, which initial percents are shares of (default 10000) */
  totalValue?: number;
}

export function AssetTable({
  assets,
  figures,
  formatGains,
  editable,
  currency = "USD",
  pricesAsOf = null,
  totalValue = 10000,
}: AssetTableProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const [selling, setSelling] = useState<string | null>(null);
  if (assets.length === 0)
    return (
      <p className="muted empty">
        {editable
          ? "No assets yet. Add the ones you hold with “Add asset”: search a ticker, pick the purchase date, and that day's close is filled in as the price."
          : "No assets yet."}
      </p>
    );
  const editedAsset = editing === null ? undefined : assets[editing];
  const columns = editable ? 11 : 10;
  const currencyOf = (ticker: string) => assets.find((a) => a.ticker === ticker && a.currency)?.currency;
  return (
    <div className="table-wrap">
      <table className="assets stack">
        <caption className="visually-hidden">Assets</caption>
        <thead>
          <tr>
            <th scope="col">Ticker</th>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Initial %
            </th>
            <th scope="col" className="num">
              Purchase price
            </th>
            <th scope="col">Purchase date</th>
            <th scope="col" className="num">
              Latest price
            </th>
            <th scope="col" className="num">
              Market value
            </th>
            <th scope="col" className="num">
              Profit/loss
            </th>
            <th scope="col" className="num">
              Share
            </th>
            {editable && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {tableOrder(assets).map(({ index, sale }) => {
            const asset = assets[index];
            // the same ticker may appear twice (two purchases), so the position is part of the key
            return sale ? (
              <SaleRow
                key={`${asset.ticker}-${asset.index}-sale`}
                asset={asset}
                figures={figures[index]}
                currency={currency}
                columns={columns}
                index={index}
                editable={editable}
                onEdit={() => setEditing(index)}
              />
            ) : (
              <AssetRow
                key={`${asset.ticker}-${asset.index}`}
                asset={asset}
                figures={figures[index]}
                formatGains={formatGains}
                currency={currency}
                pricesAsOf={pricesAsOf}
                index={index}
                editable={editable}
                totalValue={totalValue}
                columns={columns}
                onEdit={() => setEditing(index)}
                onSell={() => setSelling(asset.ticker)}
              />
            );
          })}
        </tbody>
      </table>
      {editing !== null && editedAsset?.side === "sell" && (
        <SellModal
          assets={assets}
          ticker={editedAsset.ticker}
          currency={currencyOf(editedAsset.ticker)}
          editing={{ index: editing, sale: editedAsset }}
          onClose={() => setEditing(null)}
        />
      )}
      {editing !== null && editedAsset && editedAsset.side !== "sell" && (
        <EditAssetModal asset={editedAsset} index={editing} onClose={() => setEditing(null)} />
      )}
      {selling !== null && <SellModal assets={assets} ticker={selling} currency={currencyOf(selling)} onClose={() => setSelling(null)} />}
    </div>
  );
}

interface AssetRowProps {
  asset: Asset;
  figures: AssetFigures | undefined;
  formatGains: FormatGains;
  currency: string;
  pricesAsOf: string | null;
  index: number;
  editable: boolean;
  totalValue: number;
  columns: number;
  onEdit: () => void;
  onSell: () => void;
}

function AssetRow({
  asset,
  figures,
  formatGains,
  currency,
  pricesAsOf,
  index,
  editable,
  totalValue,
  columns,
  onEdit,
  onSell,
}: AssetRowProps) {
  const dispatch = useAppDispatch();
  const gain = gainText(figures?.profitLoss, figures?.profitLossPercent, formatGains, currency);
  // prices and the purchase price are in the instrument's own currency
  const own = asset.currency ?? currency;
  const gainSign = figures?.profitLoss ? Math.sign(figures.profitLoss) : 0;
  // added or changed since the server valued it: no figure until it has (assetFigures.ts)
  const valuing = figures?.status === "valuing";
  // "10 bought → 100 after the 10:1 split …" is the server's sentence about the quantity it valued: not shown
  // for an edited quantity until the save's valuation says it again
  const splitNote = asset.splitNote && valuedAsEntered(asset) ? asset.splitNote : null;
  // sales took some of this purchase (docs/numbers.md "Sales"): what is still held, in today's shares
  const sold = asset.soldShares && valuedAsEntered(asset) ? asset.soldShares : 0;
  const heldNote = sold > 0 ? `${formatQuantity(asset.shares ?? 0)} held · ${formatQuantity(sold)} sold` : null;
  return (
    <>
      <tr>
        <td className="ticker stack-title">{asset.ticker}</td>
        {/* a name that only repeats the ticker says nothing */}
        <td className="asset-name stack-wide">{asset.name && asset.name !== asset.ticker ? asset.name : "—"}</td>
        <td className="num" data-label="Quantity">
          {editable ? (
            <NumberCell
              label={`Quantity of ${asset.ticker}`}
              value={asset.quantity}
              parse={parseQuantity}
              onCommit={(quantity) => dispatch(assetQuantityChanged({ index, quantity: quantity ?? 0 }))}
            />
          ) : (
            formatQuantity(asset.quantity)
          )}
          {splitNote && <div className="muted small split-note">{splitNote}</div>}
          {heldNote && <div className="muted small held-note">{heldNote}</div>}
        </td>
        <td className="num" data-label="Initial %">
          {editable ? (
            <InitialPercentCell
              asset={asset}
              totalValue={totalValue}
              baseCurrency={currency}
              onCommit={(initialPercent) => dispatch(assetInitialPercentChanged({ index, initialPercent }))}
            />
          ) : asset.initialPercent === null ? (
            "—"
          ) : (
            percentOrNA(asset.initialPercent)
          )}
        </td>
        <td className="num" data-label="Purchase price">
          {formatCurrencyOrNA(asset.PoA, own)}
        </td>
        <td className="nowrap" data-label="Purchase date">
          {formatDate(asset.DoA)}
        </td>
        <td className="num" data-label="Latest price">
          {formatCurrencyOrNA(asset.latestPrice, own)}
          {asset.priceDate && (asset.stale || asset.priceDate !== pricesAsOf) && (
            <div className="muted small price-date">
              {asset.stale ? "last known, " : ""}as of {formatDate(asset.priceDate)}
            </div>
          )}
        </td>
        <td className="num" data-label="Market value">
          {valuing ? (
            <span className="muted">{VALUING}</span>
          ) : figures?.marketValue == null ? (
            "NA"
          ) : (
            formatMoney(figures.marketValue, currency)
          )}
        </td>
        <td className={`num ${gainSign > 0 ? "gain" : gainSign < 0 ? "loss" : ""}`} data-label="Profit/loss">
          {valuing ? "—" : gain}
          {figures && figures.dividends > 0 && (
            <div className="muted small dividends-note">incl. {formatMoney(figures.dividends, currency)} dividends received</div>
          )}
        </td>
        <td className="num" data-label="Share">
          {valuing ? "—" : percentOrNA(figures?.percent)}
        </td>
        {editable && (
          <td className="row-actions">
            <button type="button" className="button secondary small sell-button" aria-label={`Sell ${asset.ticker}`} onClick={onSell}>
              Sell
            </button>
            <button type="button" className="icon-button" aria-label={`Edit ${asset.ticker}`} onClick={onEdit}>
              ✎
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${asset.ticker}`}
              onClick={() => dispatch(assetRemoved(index))}
            >
              ×
            </button>
          </td>
        )}
      </tr>
      {splitNote && (
        // on a wide screen the note has the row's whole width, on one line (the quantity cell holds it on a phone)
        <tr className="split-row">
          <td colSpan={columns} className="muted small">
            {asset.ticker}: {splitNote}
          </td>
        </tr>
      )}
    </>
  );
}

interface SaleRowProps {
  asset: Asset;
  figures: AssetFigures | undefined;
  currency: string;
  columns: number;
  index: number;
  editable: boolean;
  onEdit: () => void;
}

/**
 * A sale, under its holding (docs/numbers.md "Sales"): how many, when, at what price and fee, and its realized gain
 * (proceeds − fee − the cost of the shares it took, first in, first out), in the base currency.
 */
function SaleRow({ asset, figures, currency, columns, index, editable, onEdit }: SaleRowProps) {
  const dispatch = useAppDispatch();
  const own = asset.currency ?? currency;
  const realized = figures?.realizedProfitLoss ?? null;
  const sign = realized ? Math.sign(realized) : 0;
  const fee = typeof asset.fee === "number" && asset.fee > 0 ? ` · fee ${formatMoney(asset.fee, own)}` : "";
  return (
    <tr className="sale-row">
      <td colSpan={editable ? columns - 1 : columns}>
        <div className="sale-line">
          <span className="sale-what">
            <span className="badge sale-badge">Sold</span> {formatQuantity(asset.quantity)} {asset.ticker} on {formatDate(asset.DoA)} at{" "}
            {formatMoney(asset.PoA, own)}
            {fee}
          </span>
          <span className={`sale-gain ${sign > 0 ? "gain" : sign < 0 ? "loss" : ""}`}>
            {figures?.status === "valuing" ? (
              <span className="muted">{VALUING}</span>
            ) : realized === null ? (
              <span className="muted">realized gain NA</span>
            ) : (
              <>
                realized {sign > 0 ? "+" : ""}
                {formatMoney(realized, currency)}
              </>
            )}
          </span>
        </div>
      </td>
      {editable && (
        <td className="row-actions">
          <button
            type="button"
            className="icon-button"
            aria-label={`Edit the sale of ${asset.ticker} on ${formatDate(asset.DoA)}`}
            onClick={onEdit}
          >
            ✎
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove the sale of ${asset.ticker} on ${formatDate(asset.DoA)}`}
            onClick={() => dispatch(assetRemoved(index))}
          >
            ×
          </button>
        </td>
      )}
    </tr>
  );
}

/** An initial percent is 0 to 100; empty means none. Out of range or not a number is none too. */
export function parseInitialPercent(text: string): number | null {
  const read = readInitialPercent(text);
  return read.ok ? read.value : null;
}

interface NumberCellProps {
  label: string;
  value: number | null;
  parse: (text: string) => number | null;
  onCommit: (value: number | null) => void;
}

/** Edited as text and committed on blur or Enter, so a half-typed number ("1.") is not cut short. */
function NumberCell({ label, value, parse, onCommit }: NumberCellProps) {
  const text0 = value === null ? "" : String(value);
  const [text, setText] = useState(text0);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // the stored value changed elsewhere (a save, a reload, the edit modal): show it
    setShown(value);
    setText(text0);
  }
  const commit = () => {
    const next = parse(text);
    setText(next === null ? "" : String(next));
    onCommit(next);
  };
  return (
    <input
      className="quantity-input"
      aria-label={label}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
      }}
    />
  );
}
