import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../app/api.ts";
import type { Suggestion } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { Modal } from "../../components/Modal.tsx";
import { formatCurrencyOrNA } from "../../lib/format.ts";
import { showError } from "../toasts/toastsSlice.ts";
import { acquisitionPresets, localIsoDate, purchasePriceOn } from "./acquisition.ts";
import { type AssetField, checkNewAsset } from "./assetValidation.ts";
import { CurrencyInput } from "./CurrencyInput.tsx";
import type { AssetQuote } from "./portfolioModel.ts";
import { assetAdded } from "./portfolioSlice.ts";
import { useLazyGetPriceQuery } from "./pricingApi.ts";
import { TickerSearch } from "./TickerSearch.tsx";
import { formatFees } from "./valuationView.ts";

/** Spec §2: an S&P 500 ETF, Bitcoin, a total stock market ETF, a Nasdaq 100 trust, Tesla, Alphabet, Nvidia. */
export const POPULAR_TICKERS = ["SPY", "BTC-USD", "VTI", "QQQ", "TSLA", "GOOGL", "NVDA"] as const;

interface Chosen {
  ticker: string;
  quote: AssetQuote | null;
}

/**
 * The add-asset search modal: find a ticker (autocomplete, Search, or a popular shortcut), look up its
 * price, choose a purchase date (picker or preset) whose month's close becomes the suggested purchase
 * price, and add it once it passes the spec's checks.
 */
export function AddAssetModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [fetchPrice, { isFetching }] = useLazyGetPriceQuery();
  const [searchText, setSearchText] = useState("");
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [quantity, setQuantity] = useState("");
  const [date, setDate] = useState("");
  const [price, setPrice] = useState("");
  // read after an awaited look-up, so refs rather than the state of the render that started it
  const dateRef = useRef("");
  /** a price the user typed is theirs: a date change no longer replaces it */
  const priceTyped = useRef(false);
  const latestLookup = useRef("");
  const ids = { quantity: useId(), date: useId(), price: useId(), presets: useId(), error: useId() };
  // a check's message stands next to its field (toasts are for outcomes); it goes when the field changes
  const [problem, setProblem] = useState<{ field: AssetField; message: string } | null>(null);
  const errorFor = (field: AssetField) => (problem?.field === field ? problem.message : null);
  const clear = (field: AssetField) => setProblem((p) => (p?.field === field ? null : p));
  const fieldError = (field: AssetField) =>
    problem?.field === field && (
      <p id={ids.error} className="field-error" role="alert">
        {problem.message}
      </p>
    );
  const invalid = (field: AssetField) => (problem?.field === field ? { "aria-invalid": true as const, "aria-describedby": ids.error } : {});
  const today = useMemo(() => new Date(), []);
  const presets = useMemo(() => acquisitionPresets(today), [today]);

  const suggestPrice = (forDate: string, quote: AssetQuote | null) => {
    if (!quote || priceTyped.current) return;
    // with no price for that month the field empties rather than keep another month's price
    const suggested = purchasePriceOn(forDate, quote, localIsoDate(today));
    setPrice(suggested === null ? "" : String(suggested));
  };

  const lookUp = async (ticker: string, suggestion?: Suggestion) => {
    latestLookup.current = ticker;
    setSearchText(ticker);
    setChosen({ ticker, quote: null });
    const result = await fetchPrice(ticker);
    if (latestLookup.current !== ticker) return; // another ticker was chosen meanwhile
    if (result.data) {
      const reply = result.data;
      const quote: AssetQuote = {
        name: reply.name || suggestion?.name || "",
        assetClass: reply.assetClass,
        fee: reply.fee,
        latestPrice: reply.latestPrice,
        historical_data: reply.historical_data,
      };
      setChosen({ ticker: reply.ticker || ticker, quote });
      if (dateRef.current) suggestPrice(dateRef.current, quote);
      return;
    }
    const status = (result.error as FetchBaseQueryError | undefined)?.status;
    // an unknown ticker is named by the server; any other failure is the spec's price-fetch message
    dispatch(showError(status === 404 ? errorMessage(result.error, Messages.priceFailed) : Messages.priceFailed));
    if (status === 404) setChosen(null);
  };

  const chooseDate = (next: string) => {
    clear("date");
    if (next) clear("price");
    setDate(next);
    dateRef.current = next;
    suggestPrice(next, chosen?.quote ?? null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ticker = chosen?.ticker ?? searchText;
    const check = checkNewAsset({ ticker, quantity, price, date });
    if (!check.ok) {
      setProblem({ field: check.field, message: check.message });
      const focus = { ticker: null, quantity: ids.quantity, date: ids.date, price: ids.price }[check.field];
      if (focus) document.getElementById(focus)?.focus();
      return;
    }
    const quote = chosen && chosen.ticker === check.draft.ticker ? chosen.quote : null;
    dispatch(assetAdded(quote ? { ...check.draft, quote } : check.draft));
    onClose();
  };

  const quote = chosen?.quote ?? null;
  return (
    <Modal title="Add asset" onClose={onClose}>
      <div className="add-asset-modal">
        <TickerSearch
          text={searchText}
          error={errorFor("ticker")}
          onTextChange={(text) => {
            clear("ticker");
            setSearchText(text);
            if (chosen && text.trim().toUpperCase() !== chosen.ticker) setChosen(null);
          }}
          onPick={(ticker, suggestion) => void lookUp(ticker, suggestion)}
          busy={isFetching}
        />
        <fieldset className="shortcuts" aria-label="Popular">
          {POPULAR_TICKERS.map((ticker) => (
            <button
              key={ticker}
              type="button"
              className="chip"
              aria-pressed={chosen?.ticker === ticker}
              onClick={() => void lookUp(ticker)}
            >
              {ticker}
            </button>
          ))}
        </fieldset>
        {chosen && (
          <section className="quote" aria-label="Chosen asset" aria-busy={isFetching && !quote}>
            <strong className="ticker">{chosen.ticker}</strong> {quote?.name && <span>{quote.name}</span>}
            {quote ? (
              <dl className="quote-facts">
                <div>
                  <dt>Latest price</dt>
                  <dd className="money">{formatCurrencyOrNA(quote.latestPrice)}</dd>
                </div>
                <div>
                  <dt>Class</dt>
                  <dd>{quote.assetClass}</dd>
                </div>
                <div>
                  <dt>Fee</dt>
                  <dd>{quote.fee === null ? "NA" : formatFees(quote.fee)}</dd>
                </div>
              </dl>
            ) : (
              <span className="muted"> {isFetching ? "Looking up the price…" : "No price found"}</span>
            )}
          </section>
        )}
        <form className="form add-asset-form" onSubmit={submit} noValidate>
          <label htmlFor={ids.quantity}>Quantity</label>
          <input
            id={ids.quantity}
            inputMode="decimal"
            autoComplete="off"
            value={quantity}
            {...invalid("quantity")}
            onChange={(e) => {
              clear("quantity");
              setQuantity(e.target.value);
            }}
          />
          {fieldError("quantity")}
          <label htmlFor={ids.date}>Purchase date</label>
          <input id={ids.date} type="date" value={date} {...invalid("date")} onChange={(e) => chooseDate(e.target.value)} />
          {fieldError("date")}
          <fieldset className="presets" aria-label="Acquisition presets">
            {presets.map((preset) => (
              <button
                key={preset.label}
                type="button"
                className="chip"
                aria-pressed={date === preset.date}
                onClick={() => chooseDate(preset.date)}
              >
                {preset.label}
              </button>
            ))}
          </fieldset>
          <label htmlFor={ids.price}>Purchase price</label>
          <CurrencyInput
            id={ids.price}
            value={price}
            errorId={problem?.field === "price" ? ids.error : undefined}
            onChange={(text) => {
              clear("price");
              setPrice(text);
              priceTyped.current = text !== "";
            }}
          />
          {fieldError("price")}
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
