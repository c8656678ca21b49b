/**
 * The chat use cases behind the routes: admit the caller (configured model, their limits, their chat), then
 * answer. `prepare*` throws the refusals a client must see as they are (404, 429, 503) before any answer
 * starts, so a streamed reply never has to turn into an error status halfway; the returned `run` does the
 * model work and always resolves to a ChatReply (result 'nok' when the model gave nothing usable).
 *
 * Private data stays out of logs: a log line carries the user id, the model choice, rounds, tokens, time and
 * a failure's kind, never a message, a tool result or a name.
 */

import { publishOp } from "@folio/platform/events";
import { HttpError, notConfigured } from "@folio/platform/http/errors";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, type WriteOp } from "@folio/platform/store/port";
import type { ChatReply, ChatTurn } from "@folio/proto/chat";
import { Messages } from "@folio/proto/constants";
import { ErrorCodes } from "@folio/proto/error-codes";
import { AssistantFeature, type ChatSettings, type ModelChoice, missingFor } from "./config.ts";
import type { Conversations } from "./conversations.ts";
import { answer, NoAnswer, responseOf } from "./engine.ts";
import { type ChatLimits, promptBound } from "./limits.ts";
import type { ChatModel, ModelMessage } from "./model.ts";
import { moversPrompt, v1Prompt, v2Prompt } from "./prompts.ts";
import { type ChatCollections, TALKERS, type TalkerDoc } from "./store.ts";
import { type ToolClients, toolDefinitions } from "./tools.ts";

/** The movers view waits for its report: a slow model leaves the factual one. */
const MOVERS_TIMEOUT_MS = 15_000;

export type Run = (onText?: (text: string) => void, cancelled?: AbortSignal) => Promise<ChatReply>;

export const nokReply = (): ChatReply => ({ result: "nok", response: "", cards: [], portfolio_table: null });

export interface AssistantParts {
  deps: ServiceDeps;
  settings: ChatSettings;
  model: ChatModel | null;
  limits: ChatLimits;
  conversations: Conversations;
  collections: ChatCollections;
  clients: ToolClients;
}

export function createAssistant(p: AssistantParts) {
  const { deps, settings } = p;
  const today = () => new Date(deps.clock.now()).toISOString().slice(0, 10);

  async function admit(uid: string, choice: ModelChoice): Promise<{ model: ChatModel; name: string }> {
    const missing = missingFor(settings, choice);
    if (missing.length > 0 || !p.model) throw notConfigured(AssistantFeature, missing);
    await p.limits.admit(uid);
    return { model: p.model, name: settings.models[choice] as string };
  }

  /**
   * The tokens of an answer's first model call, reserved before the answer starts (a 429 when the day's budget
   * cannot pay for it), and the reservation of each later call (limits.ts).
   */
  async function budget(uid: string, messages: ModelMessage[], tools: boolean, maxTokens = settings.maxTokens) {
    const reserve = (prompt: number, max: number) => p.limits.reserve(uid, prompt, max);
    const first = await reserve(promptBound({ messages, tools: tools ? toolDefinitions : undefined }), maxTokens);
    if (!first) throw p.limits.outOfTokens();
    return { first, reserve };
  }

  /** The achievement event, once per user: published with the first reply's commit. */
  async function firstReplyOps(uid: string, choice: ModelChoice): Promise<WriteOp[]> {
    if (await p.collections.talkers.get(uid)) return [];
    const now = deps.clock.now();
    return [
      { op: "insert", collection: TALKERS, doc: { _id: uid, at: new Date(now).toISOString() } as TalkerDoc },
      publishOp("chat.replied", uid, { uid, model: choice }, now),
    ];
  }

  async function commit(ops: WriteOp[]): Promise<void> {
    try {
      await deps.store.commit(ops);
    } catch (err) {
      // two first replies at once: the other one recorded the talker and published the event
      if (!(err instanceof DuplicateKeyError && err.collection === TALKERS)) throw err;
      await deps.store.commit(ops.filter((o) => !(o.op === "publish" || ("collection" in o && o.collection === TALKERS))));
    }
  }

  function logFailure(uid: string, choice: ModelChoice, err: unknown, started: number): void {
    const reason = err instanceof NoAnswer ? err.reason : err instanceof Error ? err.name : "unknown";
    deps.log.warn({ uid, model: choice, reason, ms: deps.clock.now() - started }, "chat: no answer");
  }

  return {
    status() {
      const of = (choice: ModelChoice) => {
        const missing = missingFor(settings, choice);
        return { configured: missing.length === 0, missing, message: missing.length ? AssistantFeature.message(missing) : null };
      };
      return { v1: of("v1"), v2: of("v2") };
    },

    /**
     * The biggest-movers report written from networth's figures (movers.ts): the fast model when configured,
     * else V1's, without tools; the figures go in as data. Bounded tighter than a chat (the movers view waits).
     */
    async moversReport(uid: string, facts: string): Promise<string> {
      const choice: ModelChoice = missingFor(settings, "v2").length === 0 ? "v2" : "v1";
      const { model, name } = await admit(uid, choice);
      const bounded = {
        ...settings,
        timeoutMs: Math.min(settings.timeoutMs, MOVERS_TIMEOUT_MS),
        maxTokens: Math.min(settings.maxTokens, 400),
      };
      const messages: ModelMessage[] = [
        { role: "system", content: moversPrompt() },
        { role: "user", content: `Figures:\n${facts}` },
      ];
      const tokens = await budget(uid, messages, false, bounded.maxTokens);
      const started = deps.clock.now();
      try {
        const result = await answer(model, bounded, { model: name, messages, ...tokens });
        if (result.cut) throw new NoAnswer("empty");
        return result.text;
      } catch (err) {
        logFailure(uid, choice, err, started);
        if (err instanceof NoAnswer) throw failureOf(nokReply());
        throw err;
      }
    },

    /** POST /v1/chat: the caller's data through tools; the client sends the history. */
    async prepareV1(uid: string, token: string, message: string, history: ChatTurn[]): Promise<Run> {
      const { model, name } = await admit(uid, "v1");
      const messages: ModelMessage[] = [
        { role: "system", content: v1Prompt(today()) },
        ...history.slice(-settings.historyTurns).map((t) => ({ role: t.role, content: t.content })),
        { role: "user", content: message },
      ];
      const tokens = await budget(uid, messages, true);
      return async (onText, cancelled) => {
        const started = deps.clock.now();
        try {
          const result = await answer(model, settings, {
            model: name,
            messages,
            tools: { clients: p.clients, token },
            ...tokens,
            onText,
            cancelled,
          });
          await commit(await firstReplyOps(uid, "v1"));
          deps.log.info(
            { uid, model: "v1", rounds: result.rounds, tokens: result.tokens, cut: result.cut, toolFailures: result.ledger.failures },
            "chat: answered",
          );
          return {
            result: "ok",
            response: responseOf(result, settings),
            cards: result.ledger.cards(result.text),
            portfolio_table: result.ledger.table,
            ...(result.cut ? { cut: result.cut } : {}),
          };
        } catch (err) {
          logFailure(uid, "v1", err, started);
          if (!(err instanceof NoAnswer)) throw err;
          return nokReply();
        }
      };
    },

    /** POST /v2/chat: no data access; the history is the caller's chat on the server. */
    async prepareV2(uid: string, message: string, chatId: string | undefined): Promise<Run> {
      const { model, name } = await admit(uid, "v2");
      const { doc, created } = await p.conversations.open(uid, chatId);
      const messages: ModelMessage[] = [
        { role: "system", content: v2Prompt(today()) },
        ...doc.entries.map((e) => ({ role: e.role, content: e.content })),
        { role: "user", content: message },
      ];
      const tokens = await budget(uid, messages, false);
      return async (onText, cancelled) => {
        const started = deps.clock.now();
        try {
          const result = await answer(model, settings, { model: name, messages, ...tokens, onText, cancelled });
          const response = responseOf(result, settings);
          const kept = await p.conversations.keep(doc, created, [
            { role: "user", content: message },
            { role: "assistant", content: response, cards: [], portfolio_table: null },
          ]);
          await commit([...kept, ...(await firstReplyOps(uid, "v2"))]);
          deps.log.info({ uid, model: "v2", tokens: result.tokens, cut: result.cut, turns: doc.entries.length + 2 }, "chat: answered");
          return { result: "ok", response, cards: [], portfolio_table: null, chat_id: doc._id, ...(result.cut ? { cut: result.cut } : {}) };
        } catch (err) {
          logFailure(uid, "v2", err, started);
          if (!(err instanceof NoAnswer)) throw err;
          return { ...nokReply(), chat_id: doc._id };
        }
      };
    },
  };
}

export type Assistant = ReturnType<typeof createAssistant>;

/** A nok reply as an HTTP error for the JSON (non-streamed) form: 504 when out of time, else 503. */
export function failureOf(reply: ChatReply): HttpError {
  return new HttpError(503, ErrorCodes.unavailable, Messages.chatFailed, { ...reply });
}
