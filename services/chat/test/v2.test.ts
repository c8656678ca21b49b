/**
 * POST /v2/chat: FireEngineV2, fast and without data access; each chat's history is kept on the server
 * under a generated id that only its owner can use, bounded to CHAT_HISTORY_TURNS turns.
 */

import { forService } from "@folio/platform/testing";
import { afterEach, describe, expect, it } from "vitest";
import { v2Prompt } from "../src/prompts.ts";
import { chatCollections } from "../src/store.ts";
import { type Harness, harness } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("FireEngineV2", () => {
  it("starts a chat with a generated id, then sends its history with each message; no tools", async () => {
    h = await harness();
    h.fake.reply({ text: "An ETF is a fund traded like a share." }, { text: "Yes, usually lower fees." });
    const first = await h.post("alice", "/v2/chat", { message: "What is an ETF?" });
    expect(first.statusCode).toBe(200);
    const chatId = first.json().chat_id;
    expect(chatId).toMatch(UUID);
    expect(first.json()).toMatchObject({
      result: "ok",
      response: "An ETF is a fund traded like a share.",
      cards: [],
      portfolio_table: null,
    });

    const second = await h.post("alice", "/v2/chat", { message: "Cheaper than mutual funds?", chat_id: chatId });
    expect(second.json()).toMatchObject({ result: "ok", chat_id: chatId, response: "Yes, usually lower fees." });
    expect(h.fake.chats[1].model).toBe("fake-v2");
    expect(h.fake.chats[1].tools).toBeUndefined();
    expect(h.fake.chats[1].messages).toEqual([
      { role: "system", content: v2Prompt("2026-01-02") },
      { role: "user", content: "What is an ETF?" },
      { role: "assistant", content: "An ETF is a fund traded like a share." },
      { role: "user", content: "Cheaper than mutual funds?" },
    ]);

    // a new chat each time no id is sent, with its own id
    h.fake.reply({ text: "Hello again." });
    const other = await h.post("alice", "/v2/chat", { message: "Hi", chat_id: "" });
    expect(other.json().chat_id).toMatch(UUID);
    expect(other.json().chat_id).not.toBe(chatId);
    expect(h.fake.chats[2].messages).toHaveLength(2);
  });

  it("another user's chat id, an unknown id and a malformed one are refused before the model is asked", async () => {
    h = await harness();
    h.fake.reply({ text: "Private chat." });
    const chatId = (await h.post("alice", "/v2/chat", { message: "My secret plan" })).json().chat_id;
    const stolen = await h.post("bob", "/v2/chat", { message: "What did alice say?", chat_id: chatId });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ result: "nok", error: "This chat does not exist. Start a new chat." });
    const unknown = await h.post("alice", "/v2/chat", { message: "Hi", chat_id: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(404);
    expect((await h.post("alice", "/v2/chat", { message: "Hi", chat_id: "../etc" })).statusCode).toBe(400);
    expect(h.fake.chats).toHaveLength(1);
  });

  it("keeps the last CHAT_HISTORY_TURNS turns of a chat, and CHAT_CHATS_PER_USER chats a user", async () => {
    h = await harness({ env: { CHAT_HISTORY_TURNS: "4", CHAT_CHATS_PER_USER: "2" } });
    let chatId: string | undefined;
    for (const n of [1, 2, 3]) {
      h.fake.reply({ text: `Answer ${n}` });
      chatId = (await h.post("alice", "/v2/chat", { message: `Question ${n}`, ...(chatId ? { chat_id: chatId } : {}) })).json().chat_id;
    }
    // turns sent with the third question: the last 4 kept after two exchanges (all of them)
    expect(h.fake.chats[2].messages.map((m) => m.content).slice(1)).toEqual([
      "Question 1",
      "Answer 1",
      "Question 2",
      "Answer 2",
      "Question 3",
    ]);
    const chats = chatCollections(forService(h.deps, "chat").store).chats;
    expect((await chats.get(chatId as string))?.entries.map((e) => e.content)).toEqual([
      "Question 2",
      "Answer 2",
      "Question 3",
      "Answer 3",
    ]);

    h.deps.clock.advance(1000);
    h.fake.reply({ text: "Second chat" });
    const second = (await h.post("alice", "/v2/chat", { message: "New" })).json().chat_id;
    h.deps.clock.advance(1000);
    h.fake.reply({ text: "Third chat" });
    const third = (await h.post("alice", "/v2/chat", { message: "Newer" })).json().chat_id;
    const kept = (await chats.find({ uid: "alice" })).map((c) => c._id).sort();
    expect(kept).toEqual([second, third].sort());
    expect((await h.post("alice", "/v2/chat", { message: "Back?", chat_id: chatId })).statusCode).toBe(404);
  });

  it("a failed answer keeps nothing of the exchange", async () => {
    h = await harness();
    h.fake.reply({ text: "Kept." }, { status: 500 });
    const chatId = (await h.post("alice", "/v2/chat", { message: "One" })).json().chat_id;
    const failed = await h.post("alice", "/v2/chat", { message: "Two", chat_id: chatId });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ result: "nok", chat_id: chatId });
    const chats = chatCollections(forService(h.deps, "chat").store).chats;
    expect((await chats.get(chatId))?.entries.map((e) => e.content)).toEqual(["One", "Kept."]);
  });
});
