import { Modal } from "../../components/Modal.tsx";
import type { AssetField } from "./assetValidation.ts";
import { ChosenQuote } from "./ChosenQuote.tsx";
import { CurrencyInput } from "./CurrencyInput.tsx";
import { TickerSearch } from "./TickerSearch.tsx";
import { useAddAsset } from "./useAddAsset.ts";

/** Spec §2: an S&P 500 ETF, Bitcoin, a total stock market ETF, a Nasdaq 100 trust, Tesla, Alphabet, Nvidia. */
export const POPULAR_TICKERS = ["SPY", "BTC-USD", "VTI", "QQQ", "TSLA", "GOOGL", "NVDA"] as const;

/**
 * The add-asset search modal: find a ticker (autocomplete, Search, or a popular shortcut), look up its
 * price, choose a purchase date (picker or preset) whose as-traded close becomes the suggested purchase
 * price (to the cent, labelled with its day; typing replaces it), and add it once it passes the server's
 * asset rules.
 */
export function AddAssetModal({ onClose }: { onClose: () => void }) {
  const form = useAddAsset(onClose);
  const { ids, chosen, isFetching, problem } = form;
  const fieldError = (field: AssetField) =>
    problem?.field === field && (
      <p id={ids.error} className="field-error" role="alert">
        {problem.message}
      </p>
    );
  return (
    <Modal title="Add asset" onClose={onClose}>
      <div className="add-asset-modal">
        <TickerSearch
          text={form.searchText}
          error={form.errorFor("ticker")}
          onTextChange={form.changeSearch}
          onPick={(ticker, suggestion) => void form.lookUp(ticker, suggestion)}
          busy={isFetching}
        />
        <fieldset className="shortcuts" aria-label="Popular">
          {POPULAR_TICKERS.map((ticker) => (
            <button
              key={ticker}
              type="button"
              className="chip"
              aria-pressed={chosen?.ticker === ticker}
              onClick={() => void form.lookUp(ticker)}
            >
              {ticker}
            </button>
          ))}
        </fieldset>
        {chosen && <ChosenQuote chosen={chosen} isFetching={isFetching} />}
        <form className="form add-asset-form" onSubmit={form.submit} noValidate>
          <label htmlFor={ids.quantity}>Quantity</label>
          <input
            id={ids.quantity}
            inputMode="decimal"
            autoComplete="off"
            value={form.quantity}
            {...form.invalid("quantity")}
            onChange={(e) => form.changeQuantity(e.target.value)}
          />
          {fieldError("quantity")}
          <label htmlFor={ids.date}>Purchase date</label>
          <input
            id={ids.date}
            type="date"
            max={form.today}
            value={form.date}
            {...form.invalid("date")}
            onChange={(e) => form.chooseDate(e.target.value)}
          />
          {fieldError("date")}
          <fieldset className="presets" aria-label="Acquisition presets">
            {form.presets.map((preset) => (
              <button
                key={preset.label}
                type="button"
                className="chip"
                aria-pressed={form.date === preset.date}
                onClick={() => form.chooseDate(preset.date)}
              >
                {preset.label}
              </button>
            ))}
          </fieldset>
          <label htmlFor={ids.price}>Purchase price</label>
          <CurrencyInput
            id={ids.price}
            value={form.price}
            currency={chosen?.quote?.currency}
            errorId={problem?.field === "price" ? ids.error : undefined}
            noteId={form.priceNote ? ids.priceNote : undefined}
            onChange={form.changePrice}
          />
          {fieldError("price")}
          {form.priceNote && (
            <p id={ids.priceNote} className={`muted small price-note ${form.priceNote.kind}`} role="status">
              {form.priceNote.text}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="button secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button primary">
              Add to portfolio
            </button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
