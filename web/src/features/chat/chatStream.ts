/**
 * One chat call (POST /v1/chat or /v2/chat) asking for the streamed form (`Accept: text/event-stream`):
 * hands each `delta` to `onText` and resolves to the final `reply`. A server that answers JSON (every
 * refusal, or a proxy that does not stream) is read as JSON. RTK Query's fetch does not stream, so this is
 * plain fetch, with the same bearer token.
 */
import type { ChatReply } from "@folio/proto/chat";
import { ChatErrorCodes } from "@folio/proto/error-codes";
import { Routes } from "@folio/proto/routes";
import { createParser, type EventSourceParser } from "eventsource-parser";
import { replyOf } from "../../app/replyError.ts";

export type ChatModelChoice = "v1" | "v2";

export interface ChatCallBody {
  message: string;
  history?: Array<{ role: "user" | "assistant"; content: string }>;
  chat_id?: string;
}

/** How a call ended, for the panel to show. */
export type ChatOutcome =
  | { kind: "reply"; reply: ChatReply }
  | { kind: "nouser" }
  | { kind: "notConfigured"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "failed" };

/** Server-sent events from text chunks (eventsource-parser): returns the events each chunk completes. */
export class SseParser {
  private readonly ready: Array<{ event: string; data: string }> = [];
  private readonly parser: EventSourceParser = createParser({
    onEvent: (message) => this.ready.push({ event: message.event ?? "message", data: message.data }),
  });
  push(chunk: string): Array<{ event: string; data: string }> {
    this.parser.feed(chunk);
    return this.ready.splice(0);
  }
}

const isReply = (value: unknown): value is ChatReply =>
  typeof value === "object" &&
  value !== null &&
  ((value as ChatReply).result === "ok" || (value as ChatReply).result === "nok") &&
  typeof (value as ChatReply).response === "string";

function outcomeOfJson(status: number, body: unknown): ChatOutcome {
  const reply = replyOf(status, body);
  if (status === 401) return { kind: "nouser" };
  if (status === 503 && reply.code === ChatErrorCodes.notConfigured && reply.message)
    return { kind: "notConfigured", message: reply.message };
  if ((status === 429 || status === 404) && reply.message) return { kind: "refused", message: reply.message };
  if (status === 200 && isReply(body)) return { kind: "reply", reply: body };
  return { kind: "failed" };
}

export async function callChat(
  model: ChatModelChoice,
  body: ChatCallBody,
  token: string | null,
  onText: (text: string) => void,
): Promise<ChatOutcome> {
  let response: Response;
  try {
    response = await fetch(
      new Request(new URL(Routes.chat[model].path, window.location.origin), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream, application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  } catch {
    return { kind: "failed" };
  }
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("text/event-stream") || !response.body) {
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      json = null;
    }
    return outcomeOfJson(response.status, json);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  let final: ChatReply | null = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const { event, data } of parser.push(value)) {
        const parsed = JSON.parse(data) as unknown;
        if (event === "delta" && typeof (parsed as { text?: unknown }).text === "string") onText((parsed as { text: string }).text);
        if (event === "reply" && isReply(parsed)) final = parsed;
      }
    }
  } catch {
    return { kind: "failed" };
  }
  return final ? { kind: "reply", reply: final } : { kind: "failed" };
}
