import { useState } from "react";
import type { Asset } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { formatCurrencyOrNA, formatDate, formatMoney, formatQuantity } from "../../lib/format.ts";
import { parseQuantity } from "./portfolioModel.ts";
import { assetQuantityChanged, assetRemoved } from "./portfolioSlice.ts";

export function AssetTable({ assets, editable }: { assets: Asset[]; editable: boolean }) {
  if (assets.length === 0) return <p className="muted empty">No assets yet.</p>;
  return (
    <div className="table-wrap">
      <table className="assets">
        <caption className="visually-hidden">Assets</caption>
        <thead>
          <tr>
            <th scope="col">Ticker</th>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Purchase price
            </th>
            <th scope="col">Purchase date</th>
            <th scope="col" className="num">
              Value
            </th>
            {editable && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {assets.map((asset, index) => (
            // the same ticker may appear twice (two purchases), so the position is part of the key
            <AssetRow key={`${asset.ticker}-${asset.index}`} asset={asset} index={index} editable={editable} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AssetRow({ asset, index, editable }: { asset: Asset; index: number; editable: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <tr>
      <td className="ticker">{asset.ticker}</td>
      {/* a name that only repeats the ticker says nothing */}
      <td>{asset.name && asset.name !== asset.ticker ? asset.name : "—"}</td>
      <td className="num">
        {editable ? (
          <QuantityInput
            ticker={asset.ticker}
            quantity={asset.quantity}
            onCommit={(quantity) => dispatch(assetQuantityChanged({ index, quantity }))}
          />
        ) : (
          formatQuantity(asset.quantity)
        )}
      </td>
      <td className="num">{formatCurrencyOrNA(asset.PoA)}</td>
      <td>{formatDate(asset.DoA)}</td>
      <td className="num">{formatMoney(asset.value)}</td>
      {editable && (
        <td>
          <button type="button" className="icon-button" aria-label={`Remove ${asset.ticker}`} onClick={() => dispatch(assetRemoved(index))}>
            ×
          </button>
        </td>
      )}
    </tr>
  );
}

/** Edited as text and committed on blur or Enter, so a half-typed number ("1.") is not cut short. */
function QuantityInput({ ticker, quantity, onCommit }: { ticker: string; quantity: number; onCommit: (quantity: number) => void }) {
  const [text, setText] = useState(String(quantity));
  const [shown, setShown] = useState(quantity);
  if (shown !== quantity) {
    // the stored quantity changed elsewhere (a save, a reload): show it
    setShown(quantity);
    setText(String(quantity));
  }
  const commit = () => {
    const next = parseQuantity(text);
    setText(String(next));
    onCommit(next);
  };
  return (
    <input
      className="quantity-input"
      aria-label={`Quantity of ${ticker}`}
      inputMode="decimal"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
      }}
    />
  );
}
