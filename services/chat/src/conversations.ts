/**
 * FireEngineV2's conversations, kept on the server: one document per chat id (a random UUID), readable and
 * writable by its owner only (another user's id is the same 404 as an unknown one, so ids leak nothing),
 * bounded to the last CHAT_HISTORY_TURNS turns, and at most CHAT_CHATS_PER_USER chats per user (the least
 * recently used is dropped when a new one starts).
 */
import { HttpError } from "@folio/platform/http/errors";
import { newId } from "@folio/platform/ids";
import type { ServiceDeps } from "@folio/platform/service";
import type { WriteOp } from "@folio/platform/store/port";
import type { ChatHistoryEntry } from "@folio/proto/chat";
import { ChatMessages } from "@folio/proto/constants";
import { ErrorCodes } from "@folio/proto/error-codes";
import type { ChatSettings } from "./config.ts";
import { CHATS, type ChatCollections, type ChatDoc } from "./store.ts";

export class Conversations {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly c: ChatCollections,
    private readonly settings: ChatSettings,
  ) {}

  /** The caller's chat, or a new unsaved one when no id is given; 404 for an id that is not theirs. */
  async open(uid: string, chatId: string | undefined): Promise<{ doc: ChatDoc; created: boolean }> {
    if (!chatId) return { doc: { _id: newId(), uid, entries: [], updatedAt: "" }, created: true };
    const doc = await this.c.chats.get(chatId);
    if (!doc || doc.uid !== uid) throw new HttpError(404, ErrorCodes.notFound, ChatMessages.chatNotFound, { result: "nok" });
    return { doc, created: false };
  }

  /** The writes that keep one exchange: the chat bounded, and for a new chat the user's oldest dropped when over the cap. */
  async keep(doc: ChatDoc, created: boolean, added: ChatHistoryEntry[]): Promise<WriteOp[]> {
    const entries = [...doc.entries, ...added].slice(-this.settings.historyTurns);
    const next: ChatDoc = { _id: doc._id, uid: doc.uid, entries, updatedAt: new Date(this.deps.clock.now()).toISOString() };
    if (!created) return [{ op: "replace", collection: CHATS, doc: next, expectedVersion: doc._v }];
    const ops: WriteOp[] = [{ op: "insert", collection: CHATS, doc: next }];
    const count = await this.c.chats.count({ uid: doc.uid });
    if (count >= this.settings.chatsPerUser) {
      const oldest = await this.c.chats.find({ uid: doc.uid }, { sort: { updatedAt: 1 }, limit: count - this.settings.chatsPerUser + 1 });
      for (const o of oldest) ops.push({ op: "delete", collection: CHATS, id: o._id });
    }
    return ops;
  }
}
