/**
 * The chat service's collections: FireEngineV2's conversations (one document per chat id, owned by one
 * user, bounded to the last CHAT_HISTORY_TURNS turns) and who has talked with the assistant already (so
 * the achievement event is published once per user).
 */

import type { Store } from "@folio/platform/store/port";
import type { ChatHistoryEntry } from "@folio/proto/chat";

export interface ChatDoc {
  /** the chat id: a random UUID */
  _id: string;
  _v?: number;
  uid: string;
  entries: ChatHistoryEntry[];
  /** ISO time of the last exchange: the least recent chats are dropped first */
  updatedAt: string;
}

export interface TalkerDoc {
  /** uid */
  _id: string;
  _v?: number;
  at: string;
}

export const CHATS = "chat_chats";
export const TALKERS = "chat_talkers";

export const chatCollections = (store: Store) => ({
  chats: store.collection<ChatDoc>(CHATS, [{ fields: ["uid"] }]),
  talkers: store.collection<TalkerDoc>(TALKERS),
});
export type ChatCollections = ReturnType<typeof chatCollections>;
