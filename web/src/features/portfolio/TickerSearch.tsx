import { type KeyboardEvent, useId, useState } from "react";
import type { Suggestion } from "../../app/apiTypes.ts";
import { AUTOCOMPLETE_MIN_LENGTH, useAutocompleteQuery } from "./pricingApi.ts";
import { useDebounced } from "./timers.ts";

/** Typing pauses this long before the suggestions are asked for. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 250;

interface TickerSearchProps {
  text: string;
  onTextChange: (text: string) => void;
  /** a suggestion was chosen, or Search was pressed on the typed ticker */
  onPick: (ticker: string, suggestion?: Suggestion) => void;
  busy?: boolean;
  /** what is wrong with the ticker, shown under the field */
  error?: string | null;
}

/** The add-asset search: a combobox whose suggestions come from the autocomplete call (2+ characters). */
export function TickerSearch({ text, onTextChange, onPick, busy, error }: TickerSearchProps) {
  const inputId = useId();
  const errorId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  // spec §5: autocomplete starts only when the search text is longer than 1 character
  const asking = open && query.length >= AUTOCOMPLETE_MIN_LENGTH;
  const { data, isFetching, isError } = useAutocompleteQuery(query, { skip: !asking });
  const suggestions = asking ? (data?.suggestions ?? []) : [];
  const listed = asking && (suggestions.length > 0 || (!isFetching && !isError && data !== undefined));

  const pick = (suggestion: Suggestion) => {
    setOpen(false);
    setActive(-1);
    onTextChange(suggestion.ticker);
    onPick(suggestion.ticker, suggestion);
  };
  const search = () => {
    const ticker = text.trim().toUpperCase();
    if (!ticker) return;
    setOpen(false);
    onTextChange(ticker);
    onPick(ticker);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && suggestions.length > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && suggestions.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen) pick(chosen);
      else search();
    } else if (event.key === "Escape" && open) {
      // closes the list, not the dialog around it
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="ticker-search">
      <label htmlFor={inputId}>Search ticker</label>
      <div className="ticker-search-row">
        <input
          id={inputId}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={listId}
          aria-activedescendant={active >= 0 && suggestions[active] ? `${listId}-${active}` : undefined}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder="Ticker or name, e.g. NVDA"
          value={text}
          onChange={(e) => {
            onTextChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button secondary" onClick={search} disabled={busy || !text.trim()}>
          Search
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div id={listId} role="listbox" aria-label="Suggestions" className="suggestions" hidden={!listed}>
        {suggestions.map((s, i) => (
          <div
            key={s.ticker}
            id={`${listId}-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={i === active ? "option active" : "option"}
            // keeps the focus in the input, which handles the keys (arrows, Enter) for the list
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(s)}
            onKeyDown={(e) => {
              if (e.key === "Enter") pick(s);
            }}
          >
            <span className="ticker">{s.ticker}</span> <span className="suggestion-name">{s.name}</span>{" "}
            <span className="muted">{s.assetClass}</span>
          </div>
        ))}
        {listed && suggestions.length === 0 && (
          <div role="option" tabIndex={-1} aria-selected={false} aria-disabled="true" className="option muted">
            Nothing found for “{query}” that can be priced here
          </div>
        )}
      </div>
    </div>
  );
}
