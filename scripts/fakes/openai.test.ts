/**
 * The OpenAI-compatible fake, driven through the official SDK: plain and streamed answers (the SDK's
 * stream accumulator checks every chunk field), tool calls both ways, OpenAI's request validation, and
 * the scripted failures the assistant must survive.
 */
import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "./openai.ts";

let fake: FakeOpenAI;
let openai: OpenAI;

const sdk = (f: FakeOpenAI, options: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}) =>
  new OpenAI({ baseURL: f.baseURL, apiKey: f.apiKey ?? "anything", maxRetries: 0, ...options });

const tools: ChatCompletionTool[] = [
  {
    type: "function",
    function: {
      name: "list_portfolios",
      description: "The caller's portfolios",
      parameters: { type: "object", properties: { with_values: { type: "boolean" } } },
    },
  },
];
const ask = (content: string): ChatCompletionMessageParam[] => [
  { role: "system", content: "You are Folio's assistant." },
  { role: "user", content },
];

beforeEach(async () => {
  fake = await startFakeOpenAI();
  openai = sdk(fake);
});
afterEach(() => fake.close());

describe("answers through the openai SDK", () => {
  it("answers a chat completion and records the request", async () => {
    fake.reply({ text: "You hold 3 portfolios." });
    const completion = await openai.chat.completions.create({ model: "fake-model", messages: ask("How many portfolios do I have?") });
    expect(completion.object).toBe("chat.completion");
    expect(completion.choices[0]).toMatchObject({
      index: 0,
      finish_reason: "stop",
      message: { role: "assistant", content: "You hold 3 portfolios." },
    });
    // prompt: "You are Folio's assistant.\nHow many portfolios do I have?" = 57 characters → ceil(57 / 4) = 15 tokens;
    // completion: "You hold 3 portfolios." = 22 characters → 6 tokens
    expect(completion.usage).toMatchObject({ prompt_tokens: 15, completion_tokens: 6, total_tokens: 21 });
    expect(fake.chats[0].messages.at(-1)).toEqual({ role: "user", content: "How many portfolios do I have?" });
    expect(fake.requests[0].headers.authorization).toBe("Bearer sk-fake");
  });

  it("streams text as chat.completion.chunk deltas, usage last, then [DONE]", async () => {
    fake.reply({ text: "Your biggest mover is NVDA." });
    const stream = await openai.chat.completions.create({
      model: "fake-model",
      messages: ask("Movers?"),
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((c) => c.object === "chat.completion.chunk")).toBe(true);
    expect(chunks[0].choices[0].delta.role).toBe("assistant");
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("Your biggest mover is NVDA.");
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks.at(-2)?.choices[0].finish_reason).toBe("stop");
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: 7 } });
  });

  it("the SDK's stream helper rebuilds the same completion", async () => {
    fake.reply({ text: "Net worth: $12,000.", chunks: ["Net ", "worth: ", "$12,000."] });
    const final = await openai.chat.completions.stream({ model: "fake-model", messages: ask("Net worth?") }).finalChatCompletion();
    expect(final.choices[0].message.content).toBe("Net worth: $12,000.");
  });

  it("answers tool calls, and accepts the tool results that follow them", async () => {
    fake.reply({ toolCalls: [{ name: "list_portfolios", arguments: { with_values: true } }] }, { text: "You have Growth and Income." });
    const first = await openai.chat.completions.create({ model: "fake-model", messages: ask("My portfolios?"), tools });
    const choice = first.choices[0];
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.content).toBeNull();
    const call = choice.message.tool_calls?.[0];
    expect(call?.type === "function" && call.function.name).toBe("list_portfolios");
    expect(call?.type === "function" && JSON.parse(call.function.arguments)).toEqual({ with_values: true });
    const second = await openai.chat.completions.create({
      model: "fake-model",
      tools,
      messages: [
        ...ask("My portfolios?"),
        choice.message,
        { role: "tool", tool_call_id: call?.id as string, content: '[{"name":"Growth"},{"name":"Income"}]' },
      ],
    });
    expect(second.choices[0].message.content).toBe("You have Growth and Income.");
    expect(fake.chats[1].tools?.[0].function.name).toBe("list_portfolios");
    expect(fake.chats[1].messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: call?.id });
  });

  it("streams tool calls by index: id and name first, arguments in fragments", async () => {
    fake.reply({
      toolCalls: [
        { name: "list_portfolios", arguments: { with_values: true } },
        { name: "list_portfolios", arguments: '{"with_values": false}' },
      ],
    });
    const stream = await openai.chat.completions.create({ model: "fake-model", messages: ask("Both?"), tools, stream: true });
    const deltas = [];
    for await (const chunk of stream) deltas.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
    const firsts = deltas.filter((d) => d.id);
    expect(firsts.map((d) => [d.index, d.type, d.function?.name, d.function?.arguments])).toEqual([
      [0, "function", "list_portfolios", ""],
      [1, "function", "list_portfolios", ""],
    ]);
    expect(deltas.filter((d) => d.index === 0 && !d.id).length).toBeGreaterThan(1);
    expect(
      deltas
        .filter((d) => d.index === 0)
        .map((d) => d.function?.arguments)
        .join(""),
    ).toBe('{"with_values":true}');

    fake.reply({ text: "Looking that up.", toolCalls: [{ name: "list_portfolios", arguments: {} }] });
    const final = await openai.chat.completions.stream({ model: "fake-model", messages: ask("Again"), tools }).finalChatCompletion();
    expect(final.choices[0].message.content).toBe("Looking that up.");
    expect(final.choices[0].message.tool_calls?.[0]).toMatchObject({
      type: "function",
      function: { name: "list_portfolios", arguments: "{}" },
    });
    expect(final.choices[0].finish_reason).toBe("tool_calls");
  });

  it("answers from a function of the request, and says so when nothing is queued", async () => {
    fake.reply((request) => ({ text: `You asked: ${request.messages.at(-1)?.content}` }));
    expect((await openai.chat.completions.create({ model: "fake-model", messages: ask("ping") })).choices[0].message.content).toBe(
      "You asked: ping",
    );
    const retrying = sdk(fake, { maxRetries: 2 });
    const error = await retrying.chat.completions.create({ model: "fake-model", messages: ask("unscripted") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as Error).message).toContain("no reply queued");
    expect(fake.chats).toHaveLength(2);
  });

  it("lists its models", async () => {
    const models = [];
    for await (const model of openai.models.list()) models.push(model.id);
    expect(models).toEqual(["fake-model"]);
  });
});

describe("validation as OpenAI does it", () => {
  it("refuses a wrong key with 401 invalid_api_key, and takes any key when configured like Ollama", async () => {
    const error = await sdk(fake, { apiKey: "sk-wrong-key-123" })
      .chat.completions.create({ model: "fake-model", messages: ask("hi") })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe("invalid_api_key");
    const open = await startFakeOpenAI({ apiKey: null, models: ["llama3.2"] });
    open.reply({ text: "hi" });
    const reply = await sdk(open, { apiKey: "ollama" }).chat.completions.create({ model: "llama3.2", messages: ask("hi") });
    expect(reply.choices[0].message.content).toBe("hi");
    await open.close();
  });

  it("rejects bad requests without using a queued reply", async () => {
    fake.reply({ text: "kept" });
    const bad = async (messages: ChatCompletionMessageParam[], model = "fake-model") =>
      (await openai.chat.completions.create({ model, messages, tools }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    const orphanTool = await bad([...ask("x"), { role: "tool", tool_call_id: "call_nope", content: "{}" }]);
    expect(orphanTool).toBeInstanceOf(OpenAI.BadRequestError);
    expect(orphanTool.message).toContain("must be a response to a preceeding message with 'tool_calls'");
    const unanswered = await bad([
      ...ask("x"),
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "list_portfolios", arguments: "{}" } }],
      },
      { role: "user", content: "and?" },
    ]);
    expect(unanswered.message).toContain("did not have response messages: call_1");
    expect((await bad([])).code).toBe("empty_array");
    const unknownModel = await bad(ask("x"), "gpt-nope");
    expect(unknownModel).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknownModel.code).toBe("model_not_found");
    expect(fake.pending).toBe(1);
  });
});

describe("scripted failures", () => {
  it("an error status in OpenAI's shape; the SDK's retry takes the next reply", async () => {
    fake.reply({ status: 429 });
    const limited = await openai.chat.completions.create({ model: "fake-model", messages: ask("x") }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.APIError>).code).toBe("rate_limit_exceeded");
    fake.reply({ status: 503 }, { text: "recovered" });
    const retried = await sdk(fake, { maxRetries: 1 }).chat.completions.create({ model: "fake-model", messages: ask("x") });
    expect(retried.choices[0].message.content).toBe("recovered");
  });

  it("a slow or silent provider runs into the client's timeout", async () => {
    fake.reply({ text: "too late", delayMs: 1000 }, { hang: true });
    const quick = sdk(fake, { timeout: 200 });
    expect(await quick.chat.completions.create({ model: "fake-model", messages: ask("x") }).catch((e: unknown) => e)).toBeInstanceOf(
      OpenAI.APIConnectionTimeoutError,
    );
    expect(await quick.chat.completions.create({ model: "fake-model", messages: ask("x") }).catch((e: unknown) => e)).toBeInstanceOf(
      OpenAI.APIConnectionTimeoutError,
    );
  });

  it("garbage, an empty answer, a dropped connection and a stream cut mid-answer", async () => {
    fake.reply({ garbage: "<html>502</html>" }, { garbage: "{not json" }, { text: "" }, { close: true });
    const garbage = await openai.chat.completions.create({ model: "fake-model", messages: ask("x") }).catch((e: unknown) => e);
    expect(garbage).toBeInstanceOf(Error);
    const stream = await openai.chat.completions.create({ model: "fake-model", messages: ask("x"), stream: true });
    const streamError = await (async () => {
      for await (const _ of stream);
    })().catch((e: unknown) => e);
    expect(streamError).toBeInstanceOf(Error);
    expect((await openai.chat.completions.create({ model: "fake-model", messages: ask("x") })).choices[0].message.content).toBe("");
    expect(await openai.chat.completions.create({ model: "fake-model", messages: ask("x") }).catch((e: unknown) => e)).toBeInstanceOf(
      OpenAI.APIConnectionError,
    );

    fake.reply({ text: "one two three four five", cutAfter: 3 });
    const cut = await openai.chat.completions.create({ model: "fake-model", messages: ask("x"), stream: true });
    const received: string[] = [];
    const cutError = await (async () => {
      for await (const chunk of cut) received.push(chunk.choices[0]?.delta.content ?? "");
    })().catch((e: unknown) => e);
    expect(cutError).toBeInstanceOf(Error);
    expect(received.join("")).toBe("one two ");
  });
});
