/**
 * The AI assistant's calls (spec §7): POST /v1/chat (FireEngineV1: slower, reads the caller's data through
 * tools; the client sends the history) and POST /v2/chat (FireEngineV2: fast, no data access; the history is
 * kept on the server by `chat_id`). Both reply `{result, response, cards, portfolio_table}`; V2 adds the
 * `chat_id` it kept the exchange under. Limits live in constants.ts (CHAT_LIMITS), which the web reads too.
 */
import { type Static, Type } from "typebox";
import { CHAT_LIMITS } from "./constants.ts";

export { CHAT_LIMITS, ChatMessages } from "./constants.ts";

/** One turn of a conversation as the client sends it: only the user's and the assistant's words. */
export const ChatTurn = Type.Object(
  {
    role: Type.Union([Type.Literal("user"), Type.Literal("assistant")]),
    content: Type.String({ maxLength: CHAT_LIMITS.historyContentMaxLength }),
  },
  { additionalProperties: false },
);
export type ChatTurn = Static<typeof ChatTurn>;

const Message = Type.String({ minLength: 1, maxLength: CHAT_LIMITS.messageMaxLength });

/** POST /v1/chat: the message and the conversation so far (an array, or the same as a JSON string). */
export const ChatV1Body = Type.Object({
  message: Message,
  history: Type.Optional(
    Type.Union([
      Type.Array(ChatTurn, { maxItems: CHAT_LIMITS.historyMaxTurns }),
      Type.String({ maxLength: CHAT_LIMITS.historyMaxTurns * (CHAT_LIMITS.historyContentMaxLength + 64) }),
    ]),
  ),
});
export type ChatV1Body = Static<typeof ChatV1Body>;

/** A chat id as the server generates it (a UUID). */
export const ChatId = Type.String({ pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", maxLength: 36 });

/** POST /v2/chat: the message and the chat it continues; without `chat_id` (or with "") a new chat starts. */
export const ChatV2Body = Type.Object({
  message: Message,
  chat_id: Type.Optional(Type.Union([ChatId, Type.Literal("")])),
});
export type ChatV2Body = Static<typeof ChatV2Body>;

/** A portfolio the answer refers to; `value` is its market value from the portfolio service, never the model's. */
export const ChatCard = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  value: Type.Union([Type.Number(), Type.Null()]),
  /** the currency of `value`: the owner's base currency, as the portfolio's page shows it (absent: USD) */
  currency: Type.Optional(Type.String()),
});
export type ChatCard = Static<typeof ChatCard>;

/** A table the answer shows, filled from what the tools returned (the model only chooses which). */
export const PortfolioTable = Type.Object({
  title: Type.String(),
  columns: Type.Array(Type.String()),
  rows: Type.Array(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Null()]))),
  /** the currency of its market values and profits/losses: the owner's base currency (absent: USD) */
  currency: Type.Optional(Type.String()),
  /** a holdings table: the currency each row's Price is quoted in (the instrument's), one per row; null when not known (absent: USD) */
  priceCurrencies: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Null()]))),
});
export type PortfolioTable = Static<typeof PortfolioTable>;

export const ChatReply = Type.Object({
  result: Type.Union([Type.Literal("ok"), Type.Literal("nok")]),
  /** the assistant's answer (plain text); "" with result nok */
  response: Type.String(),
  cards: Type.Array(ChatCard),
  portfolio_table: Type.Union([PortfolioTable, Type.Null()]),
  /** V2: the chat this exchange was kept under (send it back to continue) */
  chat_id: Type.Optional(Type.String()),
  /** why the answer stopped early (tool rounds, tokens or time), when it did; also said in `response` */
  cut: Type.Optional(Type.Union([Type.Literal("rounds"), Type.Literal("tokens"), Type.Literal("time")])),
});
export type ChatReply = Static<typeof ChatReply>;

/** A refused or failed chat call: `result: 'nok'` (the web shows the spec's message) with the common fields. */
export const ChatFailure = Type.Object({
  result: Type.Literal("nok"),
  error: Type.String(),
  code: Type.String(),
  /** 503 not configured: the variables to set */
  missing: Type.Optional(Type.Array(Type.String())),
});
export type ChatFailure = Static<typeof ChatFailure>;

/** A stored exchange of a V2 chat (spec §3 "Chat history entry"). */
export const ChatHistoryEntry = Type.Object({
  role: Type.Union([Type.Literal("user"), Type.Literal("assistant")]),
  content: Type.String(),
  cards: Type.Optional(Type.Array(ChatCard)),
  portfolio_table: Type.Optional(Type.Union([PortfolioTable, Type.Null()])),
});
export type ChatHistoryEntry = Static<typeof ChatHistoryEntry>;

/**
 * The streamed form of both calls (request header `Accept: text/event-stream`): server-sent events
 * `event: delta` with `{text}` as the model writes, then one `event: reply` with the ChatReply (always last;
 * its `response` is the whole answer). Refusals before the model is asked (401, 404, 429, 503) stay JSON.
 */
export const ChatDelta = Type.Object({ text: Type.String() });
export type ChatDelta = Static<typeof ChatDelta>;

/** GET /v1/chat/status: whether each model can answer, and otherwise what to set (the panel says so before a message is sent). */
const ModelStatus = Type.Object({
  configured: Type.Boolean(),
  missing: Type.Array(Type.String()),
  message: Type.Union([Type.String(), Type.Null()]),
});
export const ChatStatusReply = Type.Object({ v1: ModelStatus, v2: ModelStatus });
export type ChatStatusReply = Static<typeof ChatStatusReply>;
