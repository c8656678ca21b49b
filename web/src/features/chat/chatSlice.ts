/**
 * The chat panel's state (spec §4 Chat): the conversation shown, the model chosen, V2's chat id, and
 * loading. Sending adds the user's message and sets loading at once; the answer streams into a pending
 * reply and is replaced by the whole reply when it arrives (or by the spec's error message).
 */
import type { ChatCard, ChatReply, PortfolioTable } from "@folio/proto/chat";
import { CHAT_LIMITS, Messages } from "@folio/proto/constants";
import { createAsyncThunk, createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { loginRequired, sessionExpired, signedOut } from "../auth/authSlice.ts";
import { chatApi } from "./chatApi.ts";
import { type ChatModelChoice, callChat } from "./chatStream.ts";

export interface ChatEntry {
  role: "user" | "assistant";
  content: string;
  cards?: ChatCard[];
  portfolio_table?: PortfolioTable | null;
  /** the reply is still arriving */
  pending?: boolean;
  /** an error shown in the conversation, not sent back as history */
  error?: boolean;
}

export interface ChatState {
  open: boolean;
  model: ChatModelChoice;
  entries: ChatEntry[];
  loading: boolean;
  /** V2: the server's chat this conversation continues */
  chatId: string | null;
  /** the server said this model is not configured: its words */
  notConfigured: string | null;
}

const initialState: ChatState = { open: false, model: "v1", entries: [], loading: false, chatId: null, notConfigured: null };

type Ended =
  | { kind: "reply"; reply: ChatReply }
  | { kind: "error"; message: string }
  | { kind: "notConfigured"; message: string }
  | { kind: "nouser" };

export const sendChatMessage = createAsyncThunk<Ended, string, { state: { chat: ChatState; auth: { idToken: string | null } } }>(
  "chat/send",
  async (message, { getState, dispatch }) => {
    const { chat, auth } = getState();
    // the turns before this message (the thunk's pending action has already added it)
    const previous = chat.entries.slice(0, -2).filter((e) => !e.error && !e.pending && e.content);
    const body =
      chat.model === "v1"
        ? { message, history: previous.slice(-CHAT_LIMITS.historyMaxTurns).map((e) => ({ role: e.role, content: e.content })) }
        : { message, ...(chat.chatId ? { chat_id: chat.chatId } : {}) };
    const outcome = await callChat(chat.model, body, auth.idToken, (text) => dispatch(chatSlice.actions.textStreamed(text)));
    switch (outcome.kind) {
      case "reply":
        if (outcome.reply.result !== "ok" || !outcome.reply.response.trim()) return { kind: "error", message: Messages.chatFailed };
        // talking with the assistant is an achievement step the server counts
        dispatch(chatApi.util.invalidateTags(["AchievementState"]));
        return { kind: "reply", reply: outcome.reply };
      case "nouser":
        if (auth.idToken) dispatch(sessionExpired());
        dispatch(loginRequired());
        return { kind: "nouser" };
      case "notConfigured":
        dispatch(chatApi.util.invalidateTags(["ChatStatus"]));
        return { kind: "notConfigured", message: outcome.message };
      case "refused":
        return { kind: "error", message: outcome.message };
      case "failed":
        return { kind: "error", message: Messages.chatFailed };
    }
  },
);

export const chatSlice = createSlice({
  name: "chat",
  initialState,
  reducers: {
    chatToggled(state) {
      state.open = !state.open;
    },
    chatClosed(state) {
      state.open = false;
    },
    /** a new chat: the conversation is cleared; switching models starts one too */
    chatStarted(state, action: PayloadAction<ChatModelChoice | undefined>) {
      state.model = action.payload ?? state.model;
      state.entries = [];
      state.chatId = null;
      state.notConfigured = null;
    },
    textStreamed(state, action: PayloadAction<string>) {
      const last = state.entries.at(-1);
      if (last?.pending) last.content += action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sendChatMessage.pending, (state, action) => {
        state.entries.push({ role: "user", content: action.meta.arg });
        state.entries.push({ role: "assistant", content: "", pending: true });
        state.loading = true;
      })
      .addCase(sendChatMessage.fulfilled, (state, action) => {
        state.loading = false;
        state.entries = state.entries.filter((e) => !e.pending);
        const ended = action.payload;
        if (ended.kind === "reply") {
          const { response, cards, portfolio_table, chat_id } = ended.reply;
          state.entries.push({ role: "assistant", content: response, cards, portfolio_table });
          if (state.model === "v2" && chat_id) state.chatId = chat_id;
        } else if (ended.kind === "error") {
          state.entries.push({ role: "assistant", content: ended.message, error: true });
        } else if (ended.kind === "notConfigured") {
          state.notConfigured = ended.message;
        }
      })
      .addCase(sendChatMessage.rejected, (state) => {
        state.loading = false;
        state.entries = state.entries.filter((e) => !e.pending);
        state.entries.push({ role: "assistant", content: Messages.chatFailed, error: true });
      })
      // a conversation is the signed-in user's: it goes when they do
      .addMatcher(
        (action) => signedOut.match(action) || sessionExpired.match(action),
        () => initialState,
      );
  },
  selectors: {
    selectChat: (state) => state,
  },
});

export const { chatToggled, chatClosed, chatStarted } = chatSlice.actions;
export const { selectChat } = chatSlice.selectors;
