/**
 * The assistant's calls (spec §7): POST /v1/chat and /v2/chat (JSON, or streamed to a client that accepts
 * `text/event-stream`: proto chat.ts), what the panel needs to know before a message is sent, and the spec's
 * biggest movers: networth's figures (read as the caller) with the report the assistant writes from them.
 */
import { Type } from "typebox";
import { ChatFailure, ChatReply, ChatStatusReply, ChatV1Body, ChatV2Body } from "../chat.ts";
import { contract, type ServiceContracts } from "../contract.ts";
import { ChatErrorCodes, ErrorCodes } from "../error-codes.ts";
import { BiggestMoversReply } from "../networth.ts";
import { Routes } from "../routes.ts";

const routes = Routes.chat;

/** A message refused before a model is asked: a chat that is not the caller's (404), a limit reached (429). */
export const ChatRefused = Type.Object({
  result: Type.Optional(Type.Literal("nok")),
  error: Type.String(),
  code: Type.String(),
});
/** The spec's `result: 'nok'` when the model failed or none is configured (503), with what was answered so far. */
export const ChatFailed = Type.Object({
  ...ChatFailure.properties,
  response: Type.Optional(Type.String()),
  cards: Type.Optional(ChatReply.properties.cards),
  portfolio_table: Type.Optional(ChatReply.properties.portfolio_table),
  chat_id: Type.Optional(Type.String()),
});
const answers = { 200: ChatReply, 404: ChatRefused, 429: ChatRefused, 503: ChatFailed } as const;
const errors = [ErrorCodes.notFound, ChatErrorCodes.notConfigured];

export const ChatContracts = {
  v1: contract(routes.v1, { body: ChatV1Body, reply: answers, errors }),
  /** which model can answer, and otherwise what the server needs set */
  status: contract(routes.status, { reply: { 200: ChatStatusReply } }),
  biggestMovers: contract(routes.biggestMovers, {
    // `report=factual`: networth's report as it is; no assistant is asked to write it up
    query: Type.Object({ report: Type.Optional(Type.Literal("factual")) }),
    reply: { 200: BiggestMoversReply },
  }),
  v2: contract(routes.v2, { body: ChatV2Body, reply: answers, errors }),
} satisfies ServiceContracts<typeof routes>;
