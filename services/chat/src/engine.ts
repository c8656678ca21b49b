/**
 * The answer loop. V1 asks the model with its tools, runs the tool calls it makes (as the caller) and asks
 * again, for at most CHAT_MAX_TOOL_ROUNDS rounds, then makes it answer in words; V2 asks once with no tools.
 * Bounded three ways, each said in the reply when it cuts the answer: tool rounds, tokens (the per-call
 * max_tokens and the user's daily budget, reserved before each call: limits.ts) and time (one deadline for the
 * whole answer).
 */

import type { ChatReply } from "@folio/proto/chat";
import { ChatMessages } from "@folio/proto/constants";
import type { ChatSettings } from "./config.ts";
import { Ledger } from "./ledger.ts";
import { promptBound, type TokenGrant } from "./limits.ts";
import { type ChatModel, ModelFailure, type ModelMessage } from "./model.ts";
import { runTool, type ToolClients, toolDefinitions } from "./tools.ts";

export type Cut = NonNullable<ChatReply["cut"]>;

export interface Answer {
  text: string;
  cut?: Cut;
  ledger: Ledger;
  tokens: number;
  rounds: number;
}

export interface AnswerRequest {
  model: string;
  messages: ModelMessage[];
  /** V1: the tools and the caller's token they run with */
  tools?: { clients: ToolClients; token: string };
  /** the first call's tokens, reserved before the answer started (so a spent budget is a 429, not a cut answer) */
  first: TokenGrant;
  /** reserves each later call's tokens (limits.ts ChatLimits.reserve); null when the day's budget cannot pay for it */
  reserve: (prompt: number, maxTokens: number) => Promise<TokenGrant | null>;
  onText?: (text: string) => void;
  /** the client went away: stop asking the model */
  cancelled?: AbortSignal;
}

/** The model gave nothing usable: the route answers `result: 'nok'`. */
export class NoAnswer extends Error {
  constructor(readonly reason: "unavailable" | "timeout" | "garbage" | "empty" | "cancelled") {
    super(`no answer: ${reason}`);
    this.name = "NoAnswer";
  }
}

export async function answer(model: ChatModel, settings: ChatSettings, request: AnswerRequest): Promise<Answer> {
  const ledger = new Ledger();
  const messages = [...request.messages];
  const deadline = AbortSignal.timeout(settings.timeoutMs);
  const signal = request.cancelled ? AbortSignal.any([deadline, request.cancelled]) : deadline;
  const rounds = request.tools ? settings.maxToolRounds : 0;
  let tokens = 0;
  let cut: Cut | undefined;
  let text = "";
  let round = 0;
  for (; ; round++) {
    const last = round >= rounds;
    let streamed = "";
    let reply: Awaited<ReturnType<ChatModel["complete"]>>;
    const tools = request.tools ? toolDefinitions : undefined;
    const grant = round === 0 ? request.first : await request.reserve(promptBound({ messages, tools }), settings.maxTokens);
    if (!grant) {
      cut = "tokens";
      break;
    }
    try {
      reply = await model.complete({
        model: request.model,
        messages,
        tools,
        toolChoice: last ? "none" : "auto",
        maxTokens: grant.maxTokens,
        signal,
        onText: request.onText
          ? (piece) => {
              streamed += piece;
              request.onText?.(piece);
            }
          : undefined,
      });
    } catch (err) {
      // a call cut off after it wrote something was paid for: the reservation stands; otherwise it is given back
      await grant.settle(streamed ? Number.POSITIVE_INFINITY : 0);
      if (!(err instanceof ModelFailure)) throw err;
      if (request.cancelled?.aborted) throw new NoAnswer("cancelled");
      // out of time with part of an answer written: keep what was said, and say it was cut
      if (err.reason === "timeout" && streamed.trim()) {
        text = streamed;
        cut = "time";
        break;
      }
      throw new NoAnswer(err.reason);
    }
    await grant.settle(reply.tokens);
    tokens += reply.tokens;
    if (reply.toolCalls.length > 0 && request.tools) {
      if (last) {
        cut = "rounds";
        text = reply.text;
        break;
      }
      messages.push({
        role: "assistant",
        content: reply.text || null,
        tool_calls: reply.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })),
      });
      for (const call of reply.toolCalls) {
        const content = await runTool(call.name, call.arguments, request.tools.token, request.tools.clients, ledger);
        messages.push({ role: "tool", tool_call_id: call.id, content });
      }
      if (signal.aborted) {
        cut = "time";
        break;
      }
      continue;
    }
    text = reply.text;
    if (reply.finishReason === "length") cut = "tokens";
    break;
  }
  if (!text.trim() && !cut) throw new NoAnswer("empty");
  return { text: text.trim(), cut, ledger, tokens, rounds: round };
}

/** The reply's words: the answer, then the reason it was cut when it was. */
export function responseOf(result: Answer, settings: ChatSettings): string {
  if (!result.cut) return result.text;
  const note =
    result.cut === "rounds"
      ? ChatMessages.cutRounds(settings.maxToolRounds)
      : result.cut === "tokens"
        ? ChatMessages.cutTokens
        : ChatMessages.cutTime(Math.round(settings.timeoutMs / 1000));
  return result.text ? `${result.text}\n\n${note}` : note;
}
