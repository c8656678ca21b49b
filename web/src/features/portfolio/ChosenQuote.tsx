import { formatCurrencyOrNA } from "../../lib/format.ts";
import type { Chosen } from "./useAddAsset.ts";
import { formatFees } from "./valuationView.ts";

/** The ticker chosen in the add-asset modal: its name, latest price, class and fee, or why they are missing. */
export function ChosenQuote({ chosen, isFetching }: { chosen: Chosen; isFetching: boolean }) {
  const quote = chosen.quote;
  return (
    <section className="quote" aria-label="Chosen asset" aria-busy={isFetching && !quote}>
      <strong className="ticker">{chosen.ticker}</strong> {quote?.name && <span>{quote.name}</span>}
      {quote ? (
        <dl className="quote-facts">
          <div>
            <dt>Latest price</dt>
            <dd className="money">{formatCurrencyOrNA(quote.latestPrice, quote.currency)}</dd>
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
  );
}
