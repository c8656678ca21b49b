import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../app/api.ts";
import type { Suggestion } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { replyError } from "../../app/replyError.ts";
import { showError } from "../toasts/toastsSlice.ts";
import { acquisitionPresets, localIsoDate } from "./acquisition.ts";
import { type AssetField, checkNewAsset, purchaseDateProblem } from "./assetValidation.ts";
import type { AssetQuote } from "./portfolioModel.ts";
import { assetAdded } from "./portfolioSlice.ts";
import { useLazyGetPriceQuery } from "./pricingApi.ts";
import { useSuggestedClose } from "./useSuggestedClose.ts";

export interface Chosen {
  ticker: string;
  quote: AssetQuote | null;
}

/**
 * The add-asset form's state and steps: the ticker looked up (the latest look-up wins), the purchase date
 * whose as-traded close becomes the suggested price (until the user types one), and the server's asset
 * rules checked on adding, whose message stands next to its field (toasts are for outcomes).
 */
export function useAddAsset(onClose: () => void) {
  const dispatch = useAppDispatch();
  const [fetchPrice, { isFetching }] = useLazyGetPriceQuery();
  const [searchText, setSearchText] = useState("");
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [quantity, setQuantity] = useState("");
  const [date, setDate] = useState("");
  const { price, note: priceNote, suggest, type: typePrice } = useSuggestedClose();
  // read after an awaited look-up, so refs rather than the state of the render that started it
  const dateRef = useRef("");
  const latestLookup = useRef("");
  const ids = { quantity: useId(), date: useId(), price: useId(), presets: useId(), error: useId(), priceNote: useId() };
  // a check's message stands next to its field (toasts are for outcomes); it goes when the field changes
  const [problem, setProblem] = useState<{ field: AssetField; message: string } | null>(null);
  const errorFor = (field: AssetField) => (problem?.field === field ? problem.message : null);
  const clear = (field: AssetField) => setProblem((p) => (p?.field === field ? null : p));
  const invalid = (field: AssetField) => (problem?.field === field ? { "aria-invalid": true as const, "aria-describedby": ids.error } : {});
  const today = useMemo(() => new Date(), []);
  const todayIso = localIsoDate(today);
  const presets = useMemo(() => acquisitionPresets(today), [today]);

  /** The close the share traded at on `forDate` (or the last trading day before), to the cent, as the price. */
  const suggestPrice = (ticker: string | undefined, forDate: string) => suggest(ticker, forDate, () => clear("price"));

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
        currency: reply.currency ?? "USD",
      };
      const known = reply.ticker || ticker;
      setChosen({ ticker: known, quote });
      void suggestPrice(known, dateRef.current);
      return;
    }
    const status = replyError(result.error)?.status;
    // an unknown ticker is named by the server; any other failure is the spec's price-fetch message
    dispatch(showError(status === 404 ? errorMessage(result.error, Messages.priceFailed) : Messages.priceFailed));
    if (status === 404) setChosen(null);
  };

  const chooseDate = (next: string) => {
    clear("date");
    setDate(next);
    dateRef.current = next;
    if (!next) return;
    // a date the rules refuse (in the future, before 1970) is said at once, and no close is asked for it
    const refused = purchaseDateProblem(next, todayIso);
    if (refused) {
      setProblem({ field: "date", message: refused });
      return;
    }
    if (chosen?.quote) void suggestPrice(chosen.ticker, next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ticker = chosen?.ticker ?? searchText;
    const check = checkNewAsset({ ticker, quantity, price, date }, todayIso);
    if (!check.ok) {
      setProblem({ field: check.field, message: check.message });
      const focus = { ticker: null, quantity: ids.quantity, date: ids.date, price: ids.price, fee: ids.price }[check.field];
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
    typePrice(text);
  };

  return {
    ids,
    today: todayIso,
    searchText,
    chosen,
    isFetching,
    quantity,
    date,
    price,
    priceNote,
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
