/**
 * A local stand-in for an OpenAI-compatible Chat Completions server (OpenAI, or Ollama / llama.cpp / vLLM
 * behind the same API), for the AI assistant's tests: POST /v1/chat/completions, non-streamed or streamed
 * as server-sent events, with tool calls and usage, and GET /v1/models. The model is a script: tests queue
 * the answers (text, tool calls, empty content, slow or cut-off streams) or failures (an error status in
 * OpenAI's shape, no answer, a dropped connection, garbage), and read every request received, e.g. to
 * assert what reached the prompt.
 *
 * Wire format followed (platform.openai.com/docs/api-reference): Bearer auth (/authentication); the
 * request body and its validation (/chat/create: `model` and a non-empty `messages` required, a `tool`
 * message must answer a preceding assistant `tool_calls` id, and every such id must be answered); errors
 * as {error: {message, type, param, code}} (platform.openai.com/docs/guides/error-codes); completions,
 * chunks and usage as in openai-replies.ts; the model list as /models/list. Checked through the official
 * SDK, `new OpenAI({baseURL, apiKey})`, streaming and tools included (openai.test.ts).
 *
 *   node --import tsx scripts/fakes/openai.ts [--port 12113] [--model fake-model]...
 *   (then OPENAI_BASE_URL=http://127.0.0.1:12113/v1; with no reply queued it answers a 500 saying so)
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import {
  type Fault,
  type FaultOptions,
  FaultQueue,
  listen,
  playFault,
  type RecordedRequest,
  randomId,
  readBody,
  sendJson,
} from "./fake-http.ts";
import { chunkObjects, completionObject, type FakeAnswer, usageOf } from "./openai-replies.ts";

export type { FakeAnswer, FakeToolCall } from "./openai-replies.ts";

/** A scripted reply: an answer, a failure, or a function of the request that returns one. */
export type FakeReply = FakeAnswer | Fault | ((request: ChatRequest) => FakeAnswer | Fault);

export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  name?: string;
}

/** A chat completion request as received (the parsed JSON body). */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export interface FakeOpenAIOptions {
  port?: number;
  host?: string;
  /** the only key accepted (default "sk-fake"); null accepts any, as Ollama does */
  apiKey?: string | null;
  /** model ids served (default ["fake-model"]); others are model_not_found */
  models?: string[];
  /** the answer when nothing is queued (default: a 500 naming the missing script) */
  fallback?: (request: ChatRequest) => FakeAnswer | Fault;
  now?: () => number;
}

export interface FakeOpenAI {
  url: string;
  /** what the SDK's `baseURL` should be: `${url}/v1` */
  baseURL: string;
  apiKey: string | null;
  models: string[];
  /** queue replies for the next chat completions, in order */
  reply(...replies: FakeReply[]): void;
  /** replies queued and not yet used */
  readonly pending: number;
  /** script a fault for the next request(s) to any path; taken before queued replies */
  fail(fault: Fault, options?: FaultOptions): void;
  /** every chat completion request accepted, in order */
  chats: ChatRequest[];
  /** every request received, whatever was answered */
  requests: RecordedRequest<unknown>[];
  close(): Promise<void>;
}

export class OpenAIApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
  get body() {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

/** OpenAI's error for a status a test scripts without a body (platform.openai.com/docs/guides/error-codes). */
function defaultError(status: number): unknown {
  if (status === 401) return new OpenAIApiError(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key").body;
  if (status === 429)
    return new OpenAIApiError(429, "Rate limit reached for requests. Please try again later.", "requests", "rate_limit_exceeded").body;
  if (status === 503) return new OpenAIApiError(503, "The engine is currently overloaded, please try again later.", "server_error").body;
  if (status >= 500)
    return new OpenAIApiError(status, "The server had an error while processing your request. Sorry about that!", "server_error").body;
  return new OpenAIApiError(status, "Invalid request.").body;
}

/** A bare {delayMs} is an (empty) answer after a delay, like any answer with delayMs. */
const isFault = (reply: FakeAnswer | Fault): reply is Exclude<Fault, { delayMs: number }> =>
  "status" in reply || "hang" in reply || "close" in reply || "garbage" in reply;

/** The request's shape as OpenAI validates it, before any reply is used. */
function validate(body: unknown, models: string[]): ChatRequest {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new OpenAIApiError(400, "We could not parse the JSON body of your request.");
  const request = body as ChatRequest;
  if (typeof request.model !== "string" || !request.model) throw new OpenAIApiError(400, "you must provide a model parameter");
  if (!models.includes(request.model))
    throw new OpenAIApiError(
      404,
      `The model \`${request.model}\` does not exist or you do not have access to it.`,
      "invalid_request_error",
      "model_not_found",
    );
  if (!Array.isArray(request.messages))
    throw new OpenAIApiError(
      400,
      "Missing required parameter: 'messages'.",
      "invalid_request_error",
      "missing_required_parameter",
      "messages",
    );
  if (request.messages.length === 0)
    throw new OpenAIApiError(
      400,
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      "invalid_request_error",
      "empty_array",
      "messages",
    );
  const unanswered = new Set<string>();
  request.messages.forEach((m, i) => {
    if (!["system", "developer", "user", "assistant", "tool"].includes(m?.role))
      throw new OpenAIApiError(
        400,
        `Invalid value: '${m?.role}'. Supported values are: 'system', 'assistant', 'user', 'tool', and 'developer'.`,
        "invalid_request_error",
        "invalid_value",
        `messages[${i}].role`,
      );
    if (m.role !== "tool" && unanswered.size > 0)
      throw new OpenAIApiError(
        400,
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...unanswered].join(", ")}`,
        "invalid_request_error",
        null,
        "messages",
      );
    if (m.role === "assistant") for (const call of m.tool_calls ?? []) unanswered.add(call.id);
    if (m.role === "tool") {
      if (!m.tool_call_id || !unanswered.delete(m.tool_call_id))
        throw new OpenAIApiError(
          400,
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          "invalid_request_error",
          null,
          `messages.[${i}].role`,
        );
    }
  });
  request.tools?.forEach((tool, i) => {
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool?.function?.name ?? ""))
      throw new OpenAIApiError(
        400,
        `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
        "invalid_request_error",
        "invalid_value",
        `tools[${i}].function.name`,
      );
  });
  return request;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const now = options.now ?? Date.now;
  const apiKey = options.apiKey === undefined ? "sk-fake" : options.apiKey;
  const models = options.models ?? ["fake-model"];
  const created = Math.floor(now() / 1000);
  const faults = new FaultQueue();
  const queue: FakeReply[] = [];
  const chats: ChatRequest[] = [];
  const requests: RecordedRequest<unknown>[] = [];
  const fallback =
    options.fallback ??
    (() => ({
      status: 500,
      headers: { "x-should-retry": "false" },
      body: new OpenAIApiError(500, "fake OpenAI: no reply queued for this request", "server_error").body,
    }));

  function authenticate(req: IncomingMessage): OpenAIApiError | null {
    if (apiKey === null) return null;
    const header = req.headers.authorization ?? "";
    if (!/^Bearer \S/.test(header))
      return new OpenAIApiError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
      );
    const key = header.slice(7);
    if (key !== apiKey)
      return new OpenAIApiError(
        401,
        `Incorrect API key provided: ${key.slice(0, 3)}${"*".repeat(Math.max(0, key.length - 7))}${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        "invalid_request_error",
        "invalid_api_key",
      );
    return null;
  }

  async function stream(res: ServerResponse, answer: FakeAnswer, request: ChatRequest, promptText: string): Promise<void> {
    const usage = request.stream_options?.include_usage ? usageOf(answer, promptText) : null;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-request-id": `req_${randomId(32)}`,
    });
    const chunks = chunkObjects(answer, request.model, Math.floor(now() / 1000), usage);
    for (const [i, chunk] of chunks.entries()) {
      if (answer.cutAfter !== undefined && i >= answer.cutAfter) {
        res.socket?.destroy();
        return;
      }
      if (answer.chunkDelayMs) await sleep(answer.chunkDelayMs);
      // each event leaves before the next, so a cut drops only what follows it
      await new Promise((resolve) => res.write(`data: ${JSON.stringify(chunk)}\n\n`, resolve));
    }
    res.end("data: [DONE]\n\n");
  }

  async function chat(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const request = validate(body, models);
    chats.push(request);
    const next = queue.shift() ?? fallback;
    const reply = typeof next === "function" ? next(request) : next;
    if (isFault(reply)) {
      if ("garbage" in reply && request.stream === true) {
        // a stream whose event is not JSON
        res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
        res.end(`data: ${reply.garbage}\n\n`);
        return;
      }
      await playFault(reply, req, res, defaultError);
      return;
    }
    const answer = reply as FakeAnswer;
    if (answer.delayMs) await sleep(answer.delayMs);
    const promptText = request.messages
      .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content ?? "")))
      .join("\n");
    if (request.stream === true) return stream(res, answer, request, promptText);
    const completion = completionObject(answer, request.model, Math.floor(now() / 1000), usageOf(answer, promptText));
    sendJson(res, 200, completion, { "x-request-id": `req_${randomId(32)}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method ?? "GET", path, query: new URLSearchParams(), headers: req.headers, raw, body });
    const fault = faults.take(path);
    if (fault && (await playFault(fault, req, res, defaultError)) === "answered") return;
    try {
      const authError = authenticate(req);
      if (authError) throw authError;
      if (req.method === "POST" && path === "/v1/chat/completions") return await chat(req, res, body);
      if (req.method === "GET" && path === "/v1/models")
        return sendJson(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model", created, owned_by: "fake" })) });
      const model = req.method === "GET" ? /^\/v1\/models\/(.+)$/.exec(path) : null;
      if (model && models.includes(decodeURIComponent(model[1])))
        return sendJson(res, 200, { id: decodeURIComponent(model[1]), object: "model", created, owned_by: "fake" });
      if (model)
        throw new OpenAIApiError(
          404,
          `The model '${decodeURIComponent(model[1])}' does not exist`,
          "invalid_request_error",
          "model_not_found",
          "model",
        );
      throw new OpenAIApiError(404, `Invalid URL (${req.method} ${path})`);
    } catch (error) {
      if (!(error instanceof OpenAIApiError)) throw error;
      sendJson(res, error.status, error.body);
    }
  }

  const server = await listen(handle, options);
  return {
    url: server.url,
    baseURL: `${server.url}/v1`,
    apiKey,
    models,
    reply: (...replies) => {
      queue.push(...replies);
    },
    get pending() {
      return queue.length;
    },
    fail: (fault, faultOptions) => faults.push(fault, faultOptions),
    chats,
    requests,
    close: server.close,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const models = args.flatMap((a, i) => (args[i - 1] === "--model" ? [a] : []));
  const port = args.includes("--port") ? Number(args[args.indexOf("--port") + 1]) : 12113;
  const fake = await startFakeOpenAI({ port, models: models.length ? models : undefined });
  console.log(
    `fake OpenAI on ${fake.url}\n  OPENAI_BASE_URL=${fake.baseURL} OPENAI_API_KEY=${fake.apiKey} CHAT_MODEL_V1=${fake.models[0]}`,
  );
}
