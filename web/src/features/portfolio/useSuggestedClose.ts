import { useRef, useState } from "react";
import { replyError } from "../../app/replyError.ts";
import { closeFailureNote, closeNote, priceText } from "./acquisition.ts";
import { useLazyGetCloseQuery } from "./pricingApi.ts";

/** What stands under the purchase price: where the suggested price comes from, or why there is none. */
export type PriceNote = { kind: "loading" | "close" | "failed"; text: string } | null;

/**
 * The purchase price field of the Add and Edit windows: the as-traded close of the chosen day (or the last
 * trading day before it) is suggested, to the cent and labelled, until the user types a price, which is
 * theirs from then on. When there is no close the field is left empty with a note: no other price (a
 * monthly or adjusted close) is put in its place.
 */
export function useSuggestedClose(initial = "") {
  const [fetchClose] = useLazyGetCloseQuery();
  const [price, setPrice] = useState(initial);
  const [note, setNote] = useState<PriceNote>(null);
  /** a price the user typed is theirs: a date change no longer replaces it */
  const typed = useRef(false);
  /** the ticker and date of the close asked last: an older answer is dropped */
  const latest = useRef("");

  /** Asks for the close of `ticker` on `date`; `onPrice` hears of the price it set. */
  const suggest = async (ticker: string | undefined, date: string, onPrice?: (price: string) => void) => {
    if (!ticker || !date || typed.current) return;
    const key = `${ticker}|${date}`;
    latest.current = key;
    setPrice("");
    setNote({ kind: "loading", text: "Looking up that day's close…" });
    const result = await fetchClose({ ticker, date }, true);
    if (latest.current !== key || typed.current) return;
    if (result.data && result.data.close > 0) {
      const text = priceText(result.data.close);
      setPrice(text);
      setNote({ kind: "close", text: closeNote(result.data, date) });
      onPrice?.(text);
      return;
    }
    const status = replyError(result.error)?.status ?? undefined;
    setNote({ kind: "failed", text: closeFailureNote(status, ticker, date) });
  };

  const type = (text: string) => {
    setPrice(text);
    typed.current = text !== "";
    // what the user typed is theirs: the note about a suggestion no longer applies
    setNote(null);
    latest.current = "";
  };

  return { price, note, suggest, type };
}
