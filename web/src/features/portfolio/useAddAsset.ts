import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../app/api.ts";
import type { Suggestion } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { showError } from "../toasts/toastsSlice.ts";
import { acquisitionPresets, localIsoDate, purchasePriceOn } from "./acquisition.ts";
import { type AssetField, checkNewAsset } from "./assetValidation.ts";
import type { AssetQuote } from "./portfolioModel.ts";
import { assetAdded } from "./portfolioSlice.ts";
import { useLazyGetPriceQuery } from "./pricingApi.ts";

export interface Chosen {
  ticker: string;
  quote: AssetQuote | null;
}

/**
 * The add-asset form's state and steps: the ticker looked up (the latest look-up wins), the purchase date
 * whose month's close becomes the suggested price (until the user types one), and the spec's checks on
 * adding, whose message stands next to its field (toasts are for outcomes).
 */
export function useAddAsset(onClose: () => void) {
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

  /** the search box changed: a chosen ticker that no longer matches it is dropped */
  const changeSearch = (text: string) => {
    clear("ticker");
    setSearchText(text);
    if (chosen && text.trim().toUpperCase() !== chosen.ticker) setChosen(null);
  };
  const changeQuantity = (text: string) => {
    clear("quantity");
    setQuantity(text);
  };
  const changePrice = (text: string) => {
    clear("price");
    setPrice(text);
    priceTyped.current = text !== "";
  };

  return {
    ids,
    searchText,
    chosen,
    isFetching,
    quantity,
    date,
    price,
    presets,
    problem,
    errorFor,
    invalid,
    lookUp,
    chooseDate,
    changeSearch,
    changeQuantity,
    changePrice,
    submit,
  };
}
