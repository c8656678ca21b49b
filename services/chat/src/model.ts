/**
 * One call to the model through the official openai SDK's Chat Completions API, the one every
 * OpenAI-compatible server speaks (OpenAI, Ollama, llama.cpp, vLLM): plain, or streamed as server-sent
 * events when the caller wants the words as they come. Either way the result is the same shape: the text,
 * the tool calls (arguments still as the model wrote them), why it stopped, and the tokens used.
 */
import type OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { ChatSettings } from "./config.ts";

export type { ChatCompletionMessageParam as ModelMessage, ChatCompletionTool as ModelTool };

export interface ModelToolCall {
  id: string;
  name: string;
  /** the JSON text the model wrote (may be invalid) */
  arguments: string;
}

export interface ModelAnswer {
  text: string;
  toolCalls: ModelToolCall[];
  finishReason: string | null;
  /** prompt + completion tokens, as the server reported them (estimated at 4 characters a token when it did not) */
  tokens: number;
}

export interface ModelRequest {
  model: string;
  messages: ChatCompletionMessageParam[];
  tools?: ChatCompletionTool[];
  /** "none": the model must answer in words now (the last round) */
  toolChoice?: "auto" | "none";
  maxTokens: number;
  signal: AbortSignal;
  /** given: the answer is streamed and each piece of text is handed over as it arrives */
  onText?: (text: string) => void;
}

/** The model could not give an answer (down, refused, timed out, or sent something that is not one). */
export class ModelFailure extends Error {
  constructor(
    readonly reason: "unavailable" | "timeout" | "garbage",
    detail: string,
  ) {
    super(`model ${reason}: ${detail}`);
    this.name = "ModelFailure";
  }
}

const estimate = (text: string) => Math.ceil(text.length / 4);

type OpenAIClass = typeof OpenAI;

export class ChatModel {
  private loaded?: Promise<{ client: OpenAI; SDK: OpenAIClass }>;

  constructor(private readonly settings: Pick<ChatSettings, "baseURL" | "apiKey" | "timeoutMs">) {}

  /** The SDK loads with the first question rather than at every start. */
  private sdk() {
    this.loaded ??= import("openai").then(({ default: SDK }) => ({
      SDK,
      client: new SDK({
        baseURL: this.settings.baseURL,
        // local servers (Ollama, llama.cpp) take no key, but the SDK wants one
        apiKey: this.settings.apiKey ?? "no-key",
        timeout: this.settings.timeoutMs,
        // a retry would spend the user's time budget twice; the caller decides
        maxRetries: 0,
      }),
    }));
    return this.loaded;
  }

  async complete(request: ModelRequest): Promise<ModelAnswer> {
    const body = {
      model: request.model,
      messages: request.messages,
      max_tokens: request.maxTokens,
      ...(request.tools?.length ? { tools: request.tools, tool_choice: request.toolChoice ?? "auto" } : {}),
    };
    const promptChars = JSON.stringify(request.messages).length;
    const { client, SDK } = await this.sdk();
    try {
      if (!request.onText) {
        const completion = await client.chat.completions.create(body, { signal: request.signal });
        const choice = completion.choices?.[0];
        if (!choice?.message) throw new ModelFailure("garbage", "no choice in the completion");
        const toolCalls = (choice.message.tool_calls ?? []).flatMap((c, i) =>
          c.type === "function" ? [{ id: c.id || `call_${i}`, name: c.function.name, arguments: c.function.arguments ?? "" }] : [],
        );
        const text = typeof choice.message.content === "string" ? choice.message.content : "";
        const tokens = completion.usage?.total_tokens ?? estimate(text) + Math.ceil(promptChars / 4);
        return { text, toolCalls, finishReason: choice.finish_reason ?? null, tokens };
      }
      const stream = await client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal: request.signal },
      );
      let text = "";
      let finishReason: string | null = null;
      let tokens: number | undefined;
      const calls = new Map<number, ModelToolCall>();
      for await (const chunk of stream) {
        if (chunk.usage?.total_tokens) tokens = chunk.usage.total_tokens;
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const piece = choice.delta?.content;
        if (typeof piece === "string" && piece) {
          text += piece;
          request.onText(piece);
        }
        for (const part of choice.delta?.tool_calls ?? []) {
          const call = calls.get(part.index) ?? { id: "", name: "", arguments: "" };
          if (part.id) call.id = part.id;
          if (part.function?.name) call.name += part.function.name;
          if (part.function?.arguments) call.arguments += part.function.arguments;
          calls.set(part.index, call);
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
      // an aborted stream ends its iteration quietly
      if (request.signal.aborted) throw new ModelFailure("timeout", "no answer in time");
      if (finishReason === null) throw new ModelFailure("garbage", "the stream ended without a finish reason");
      // some local servers stream a call without an id: the tool message still has to answer one
      const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([index, c]) => ({ ...c, id: c.id || `call_${index}` }));
      return { text, toolCalls, finishReason, tokens: tokens ?? estimate(text) + Math.ceil(promptChars / 4) };
    } catch (err) {
      throw failureOf(err, request.signal, SDK);
    }
  }
}

/** What went wrong, in words safe for a log: never the request (it holds the user's data) nor the key. */
function failureOf(err: unknown, signal: AbortSignal, OpenAI: OpenAIClass): ModelFailure {
  if (err instanceof ModelFailure) return err;
  if (signal.aborted || err instanceof OpenAI.APIConnectionTimeoutError) return new ModelFailure("timeout", "no answer in time");
  if (err instanceof OpenAI.APIError && err.status) return new ModelFailure("unavailable", `HTTP ${err.status}`);
  if (err instanceof OpenAI.APIConnectionError) return new ModelFailure("unavailable", "connection failed");
  if (err instanceof SyntaxError) return new ModelFailure("garbage", "the reply is not JSON");
  return new ModelFailure("garbage", err instanceof Error ? err.name : "unknown");
}
