/**
 * How a scripted reply is rendered in the Chat Completions wire format. References:
 * platform.openai.com/docs/api-reference/chat/object (a `chat.completion` with `choices[].message`,
 * `finish_reason` "stop" or "tool_calls", `message.tool_calls[]` of {id, type: "function", function:
 * {name, arguments}} where arguments is a JSON string, and `usage`) and
 * platform.openai.com/docs/api-reference/chat-streaming (server-sent events, each `data: <chunk>`:
 * `chat.completion.chunk` objects with `choices[0].delta`, the first delta carrying the role, tool calls
 * streamed by `index` with `id`, `type` and `function.name` in their first fragment and `arguments` in
 * pieces, a last chunk with an empty delta and the finish_reason, a usage-only chunk with `choices: []`
 * when `stream_options.include_usage` is set, then `data: [DONE]`). Checked by the openai SDK's stream
 * accumulator, which insists on every one of these fields (openai.test.ts).
 */
import { randomId } from "./fake-http.ts";

export interface FakeToolCall {
  name: string;
  /** an object is sent as its JSON; a string is sent as is (models do send invalid JSON) */
  arguments: string | object;
  id?: string;
}

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** What the model answers; the request decides whether it is streamed. */
export interface FakeAnswer {
  /** the assistant's text; "" is an empty answer */
  text?: string;
  toolCalls?: FakeToolCall[];
  /** default: "tool_calls" when there are tool calls, else "stop" */
  finishReason?: "stop" | "length" | "tool_calls" | "content_filter";
  /** default: about one token per 4 characters, as OpenAI's rule of thumb */
  usage?: Partial<FakeUsage>;
  /** how a streamed text is split (default: word by word) */
  chunks?: string[];
  /** streaming: pause between chunks (a slow model) */
  chunkDelayMs?: number;
  /** streaming: drop the connection after this many chunks (a provider dying mid-answer) */
  cutAfter?: number;
  /** wait this long before answering at all */
  delayMs?: number;
}

const tokens = (text: string) => Math.ceil(text.length / 4);

export function usageOf(answer: FakeAnswer, promptText: string): FakeUsage {
  const completion = tokens((answer.text ?? "") + (answer.toolCalls ?? []).map((c) => c.name + argumentsOf(c)).join(""));
  const prompt_tokens = answer.usage?.prompt_tokens ?? tokens(promptText);
  const completion_tokens = answer.usage?.completion_tokens ?? completion;
  return { prompt_tokens, completion_tokens, total_tokens: answer.usage?.total_tokens ?? prompt_tokens + completion_tokens };
}

const argumentsOf = (call: FakeToolCall) => (typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments));

function toolCallsOf(answer: FakeAnswer) {
  return (answer.toolCalls ?? []).map((call) => ({
    id: call.id ?? `call_${randomId(24)}`,
    type: "function" as const,
    function: { name: call.name, arguments: argumentsOf(call) },
  }));
}

const finishOf = (answer: FakeAnswer) => answer.finishReason ?? (answer.toolCalls?.length ? "tool_calls" : "stop");

export function completionObject(answer: FakeAnswer, model: string, created: number, usage: FakeUsage) {
  const toolCalls = toolCallsOf(answer);
  return {
    id: `chatcmpl-${randomId(29)}`,
    object: "chat.completion",
    created,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: answer.text ?? (toolCalls.length ? null : ""),
          refusal: null,
          annotations: [],
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: finishOf(answer),
      },
    ],
    usage: {
      ...usage,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
    },
    service_tier: "default",
    system_fingerprint: "fp_fake",
  };
}

/** Splits a string in a few pieces, as models stream tool arguments. */
function fragments(text: string, size = 8): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The chunk objects of a streamed answer, in order, without the final `[DONE]`. */
export function chunkObjects(answer: FakeAnswer, model: string, created: number, usage: FakeUsage | null) {
  const id = `chatcmpl-${randomId(29)}`;
  const chunk = (delta: object, finish: string | null = null) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    service_tier: "default",
    system_fingerprint: "fp_fake",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(usage ? { usage: null } : {}),
  });
  const toolCalls = toolCallsOf(answer);
  const chunks: object[] = [];
  const text = answer.text ?? "";
  const pieces = answer.chunks ?? text.match(/\s*\S+\s*/g) ?? [];
  chunks.push(chunk({ role: "assistant", content: toolCalls.length && !text ? null : "", refusal: null }));
  for (const piece of pieces) chunks.push(chunk({ content: piece }));
  toolCalls.forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }] }));
    for (const part of fragments(call.function.arguments)) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
  });
  chunks.push(chunk({}, finishOf(answer)));
  if (usage)
    chunks.push({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      service_tier: "default",
      system_fingerprint: "fp_fake",
      choices: [],
      usage,
    });
  return chunks;
}
