import "./chat.css";
import type { ChatCard, PortfolioTable } from "@folio/proto/chat";
import { CHAT_LIMITS } from "@folio/proto/constants";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { formatMoney } from "../../lib/format.ts";
import { useGetChatStatusQuery } from "./chatApi.ts";
import { type ChatEntry, chatClosed, chatStarted, selectChat, sendChatMessage } from "./chatSlice.ts";
import type { ChatModelChoice } from "./chatStream.ts";

export const MODELS: Record<ChatModelChoice, { name: string; note: string }> = {
  v1: { name: "FireEngineV1", note: "slower, looks at your data" },
  v2: { name: "FireEngineV2", note: "fast, no access to your data" },
};

/** The chat panel (spec §2 "Chat panel with model choice"), opened from the top bar. */
export function ChatPanel() {
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const status = useGetChatStatusQuery();
  const [draft, setDraft] = useState("");
  const titleId = useId();
  const modelId = useId();
  const noteId = useId();
  const end = useRef<HTMLDivElement>(null);
  const lastContent = chat.entries.at(-1)?.content;

  // keep the newest words in view as they stream in
  useEffect(() => {
    if (lastContent !== undefined) end.current?.scrollIntoView?.({ block: "end" });
  }, [lastContent]);

  const missing = status.data?.[chat.model].configured === false ? status.data[chat.model].message : chat.notConfigured;

  function send(event: FormEvent) {
    event.preventDefault();
    const message = draft.trim();
    if (!message || chat.loading || missing) return;
    setDraft("");
    void dispatch(sendChatMessage(message));
  }

  return (
    <aside className="chat-panel" aria-labelledby={titleId}>
      <div className="chat-header">
        <h2 id={titleId}>Assistant</h2>
        <button type="button" className="icon-button" aria-label="Close the assistant" onClick={() => dispatch(chatClosed())}>
          ×
        </button>
      </div>
      <div className="chat-controls">
        <label htmlFor={modelId}>Model</label>
        <select
          id={modelId}
          value={chat.model}
          disabled={chat.loading}
          aria-describedby={noteId}
          onChange={(e) => dispatch(chatStarted(e.target.value as ChatModelChoice))}
        >
          {(Object.keys(MODELS) as ChatModelChoice[]).map((m) => (
            <option key={m} value={m}>
              {MODELS[m].name}
            </option>
          ))}
        </select>
        <button type="button" className="button secondary" disabled={chat.loading} onClick={() => dispatch(chatStarted(undefined))}>
          New chat
        </button>
      </div>
      {/* the chosen model's note in full under the picker: in the picker it would be cut off in a narrow panel */}
      <p id={noteId} className="chat-model-note muted small">
        {MODELS[chat.model].name}: {MODELS[chat.model].note}.
      </p>
      {missing && (
        <p className="chat-notice" role="alert">
          {missing}
        </p>
      )}
      <div className="chat-log" aria-live="polite" aria-busy={chat.loading}>
        {chat.entries.map((entry, position) => (
          // entries only grow at the end, so their position is a stable key
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <ChatMessage key={position} entry={entry} position={position} />
        ))}
        <div ref={end} />
      </div>
      <form className="chat-form" onSubmit={send}>
        <textarea
          aria-label="Message"
          value={draft}
          maxLength={CHAT_LIMITS.messageMaxLength}
          placeholder={missing ? "The assistant is not available" : "Ask about your portfolios…"}
          disabled={Boolean(missing)}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) send(e);
          }}
        />
        <button type="submit" className="button primary" disabled={chat.loading || !draft.trim() || Boolean(missing)}>
          {chat.loading ? "Thinking…" : "Send"}
        </button>
      </form>
    </aside>
  );
}

function ChatMessage({ entry, position }: { entry: ChatEntry; position: number }) {
  const className = `chat-message ${entry.role}${entry.error ? " error" : ""}`;
  return (
    <div className={className} data-testid={`chat-${entry.role}`}>
      {entry.pending && !entry.content ? (
        <p className="muted" role="status">
          Thinking…
        </p>
      ) : (
        <p className="chat-text">{entry.content}</p>
      )}
      {entry.portfolio_table && <ReplyTable table={entry.portfolio_table} />}
      {entry.cards && entry.cards.length > 0 && <ReplyCards cards={entry.cards} position={position} />}
    </div>
  );
}

/** Spec §4: the reply's cards render after 0.5 s, each slug suffixed by the reply's position. */
function ReplyCards({ cards, position }: { cards: ChatCard[]; position: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), CHAT_LIMITS.cardDelayMs);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <ul className="chat-cards" aria-label="Portfolios in this answer">
      {cards.map((card) => {
        const key = `${card.slug}-${position}`;
        return (
          <li key={key} id={`chat-card-${key}`} data-card={key} className="chat-card">
            <Link to={`/p/${encodeURIComponent(card.slug)}`}>{card.name}</Link>
            <span className="num">{card.value === null ? "NA" : formatMoney(card.value, card.currency ?? "USD")}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** amounts in the owner's base currency (the table's `currency`); a price is in its instrument's */
const MONEY_COLUMNS = new Set(["Market value", "Profit/loss"]);
const PERCENT_COLUMNS = new Set(["Profit/loss %", "Weight %"]);

/** `currency`: the owner's base currency; `priceCurrency`: the row's instrument's (a price is quoted in it) */
function cell(column: string, value: string | number | null, currency = "USD", priceCurrency: string | null = null): string {
  if (value === null) return "—";
  if (typeof value === "string") return value;
  if (MONEY_COLUMNS.has(column)) return formatMoney(value, currency);
  if (column === "Price") return formatMoney(value, priceCurrency ?? "USD");
  if (PERCENT_COLUMNS.has(column)) return `${Math.round(value * 100) / 100}%`;
  return String(value);
}

function ReplyTable({ table }: { table: PortfolioTable }) {
  return (
    <table className="assets chat-table">
      <caption>{table.title}</caption>
      <thead>
        <tr>
          {table.columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of one reply never change
          <tr key={i}>
            {row.map((value, j) => (
              <td key={table.columns[j] ?? j} className={typeof value === "number" ? "num" : undefined}>
                {cell(table.columns[j] ?? "", value, table.currency, table.priceCurrencies?.[i] ?? null)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
