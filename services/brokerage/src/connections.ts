/**
 * The brokerage use cases: a Link token (within the plan's limit), connecting an item (exchange, holdings,
 * one event that portfolio turns into portfolios), listing, removing (at Plaid first, then here) and
 * syncing. Routes only translate HTTP; a failure the user may see leaves here as an HttpError.
 */
import { HttpError, notConfigured } from "@folio/platform/http/errors";
import { newId } from "@folio/platform/ids";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, NotFoundError, VersionConflictError } from "@folio/platform/store/port";
import { FREE_PLAN_MAX_CONNECTIONS } from "@folio/proto/billing";
import { BrokerageErrorCodes, type ConnectionsReply, type CreatePortfoliosBody, type LinkTokenReply } from "@folio/proto/brokerage";
import { Messages } from "@folio/proto/constants";
import { ErrorCodes } from "@folio/proto/errors";
import { type BrokerageSettings, PlaidFeature } from "./config.ts";
import { importedAccounts, sameAccounts } from "./domain/holdings.ts";
import { holdingsImported } from "./events.ts";
import { type Holdings, type PlaidClient, PlaidFailure } from "./plaid-client.ts";
import { type ConnectionDoc, connectionLimits, connections, SLOTS, slotChange } from "./store.ts";
import { decryptToken, encryptToken, needsRekey, type TokenKeys } from "./token-crypto.ts";

export const SYNC_QUEUE = "brokerage.sync";
export const SYNC_ALL_QUEUE = "brokerage.sync-all";
export const syncJobId = (connectionId: string) => `brokerage-sync-${connectionId}`;
/** tries of a commit that loses the race for the user's connection count */
const SLOT_ATTEMPTS = 5;

export const BrokerageMessages = {
  tokenExpired: "This brokerage link has expired or was already used. Please connect again.",
  noInvestments: "This brokerage connection has no investment accounts to import.",
  notYourEmail: "You can only remove your own connections.",
  notFound: "Connection not found",
} as const;

const nok = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, code, message, { result: "nok", ...extra });
const plaidDown = () => nok(503, BrokerageErrorCodes.plaidFailed, Messages.apiRequestError, { data: Messages.apiRequestError });
export const limitReached = () =>
  new HttpError(403, BrokerageErrorCodes.connectionLimit, Messages.connectionLimit, { needs_upgrade: true });

export type SyncOutcome = { connectionId: string; status: "synced" | "login_required" | "gone" | "waiting"; accounts?: number };

export function createConnections(deps: ServiceDeps, settings: BrokerageSettings, plaid: PlaidClient | null) {
  const collection = connections(deps.store);
  const limits = connectionLimits(deps.store);
  const nowIso = () => new Date(deps.clock.now()).toISOString();

  function configured(): { plaid: PlaidClient; keys: TokenKeys } {
    if (!settings.configured || !plaid) {
      throw notConfigured(PlaidFeature, settings.configured ? [] : settings.missing);
    }
    return { plaid, keys: settings.plaid.keys };
  }

  /** what the caller's plan allows; a user billing has told nothing of yet is on the free plan */
  async function maxConnections(uid: string): Promise<number> {
    return (await limits.get(uid))?.maxConnections ?? FREE_PLAN_MAX_CONNECTIONS;
  }

  /** Removes an item at Plaid that will not be kept (a duplicate, one past the limit); a failure is only logged. */
  async function discard(client: PlaidClient, accessToken: string, why: string): Promise<void> {
    try {
      await client.remove(accessToken);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, why }, "brokerage: could not remove a discarded Plaid item");
    }
  }

  function investmentAccounts(h: Holdings): ConnectionDoc["accounts"] {
    return h.accounts.filter((a) => a.type === "investment").map((a) => ({ id: a.account_id, name: a.name, mask: a.mask ?? null }));
  }

  async function institutionName(client: PlaidClient, id: string | null, fallback: string | undefined): Promise<string> {
    if (id) {
      try {
        const name = await client.institutionName(id);
        if (name) return name;
      } catch (err) {
        deps.log.warn({ err: (err as Error).message }, "brokerage: institution name unavailable");
      }
    }
    return fallback?.trim() || "Brokerage";
  }

  return {
    configured,
    maxConnections,

    async linkToken(uid: string): Promise<LinkTokenReply> {
      const { plaid: client } = configured();
      if ((await collection.count({ uid })) >= (await maxConnections(uid))) {
        return { needs_upgrade: true, message: Messages.connectionLimit };
      }
      try {
        const { link_token, expiration } = await client.linkToken(uid);
        return { link_token, expiration };
      } catch (err) {
        deps.log.warn({ err: (err as Error).message }, "brokerage: link token refused");
        throw plaidDown();
      }
    },

    async connect(uid: string, body: CreatePortfoliosBody) {
      const { plaid: client, keys } = configured();
      let exchanged: { access_token: string; item_id: string };
      try {
        exchanged = await client.exchange(body.public_token);
      } catch (err) {
        if (err instanceof PlaidFailure && err.errorCode === "INVALID_PUBLIC_TOKEN")
          throw nok(400, ErrorCodes.validation, BrokerageMessages.tokenExpired);
        deps.log.warn({ err: (err as Error).message }, "brokerage: public token exchange failed");
        throw plaidDown();
      }
      const { access_token: accessToken, item_id: itemId } = exchanged;
      let holdings: Holdings | null = null;
      try {
        holdings = await client.holdings(accessToken);
      } catch (err) {
        if (err instanceof PlaidFailure && err.errorCode === "NO_INVESTMENT_ACCOUNTS") {
          await discard(client, accessToken, "no investment accounts");
          throw nok(400, BrokerageErrorCodes.noInvestments, BrokerageMessages.noInvestments);
        }
        // PRODUCT_NOT_READY and the like: the connection is kept and its first sync imports the holdings
        if (!(err instanceof PlaidFailure && err.errorCode === "PRODUCT_NOT_READY")) {
          await discard(client, accessToken, "holdings unavailable");
          deps.log.warn({ err: (err as Error).message }, "brokerage: holdings unavailable");
          throw plaidDown();
        }
      }
      const institutionId = holdings?.item.institution_id ?? body.metadata?.institution?.institution_id ?? null;
      const accounts = holdings ? investmentAccounts(holdings) : [];
      const mine = await collection.find({ uid });
      const duplicate = mine.find((c) => c.institutionId === institutionId && sameAccounts(c.accounts, accounts));
      if (duplicate) {
        await discard(client, accessToken, "duplicate item");
        await deps.jobs.add(SYNC_QUEUE, { connectionId: duplicate._id }, { jobId: syncJobId(duplicate._id) });
        return {
          public_token_exchange: "complete" as const,
          connectionId: duplicate._id,
          accounts: duplicate.accounts.length,
          duplicate: true,
        };
      }
      const max = await maxConnections(uid);
      if (mine.length >= max) {
        await discard(client, accessToken, "plan limit");
        throw limitReached();
      }
      const now = deps.clock.now();
      const doc: ConnectionDoc = {
        _id: newId(),
        uid,
        itemId,
        institutionId,
        institutionName: await institutionName(client, institutionId, body.metadata?.institution?.name),
        accessToken: encryptToken(keys, accessToken, itemId),
        status: "ok",
        accounts,
        createdAt: nowIso(),
        lastSynced: holdings ? nowIso() : null,
      };
      const event = holdings ? [holdingsImported(doc, importedAccounts(holdings, nowIso().slice(0, 10)), false, now)] : [];
      for (let attempt = 1; ; attempt++) {
        const slot = await slotChange(deps.store, uid, 1);
        if (slot.count >= max) {
          await discard(client, accessToken, "plan limit");
          throw limitReached();
        }
        try {
          await deps.store.commit([{ op: "insert", collection: collection.name, doc }, slot.op, ...event]);
          break;
        } catch (err) {
          // another connection of this user committed first: count again
          const raced = err instanceof VersionConflictError || (err instanceof DuplicateKeyError && err.collection === SLOTS);
          if (!raced || attempt >= SLOT_ATTEMPTS) throw err;
        }
      }
      if (!holdings) await deps.jobs.add(SYNC_QUEUE, { connectionId: doc._id }, { jobId: syncJobId(doc._id), delayMs: 60_000 });
      deps.log.info({ uid, connectionId: doc._id, accounts: accounts.length }, "brokerage connected");
      return { public_token_exchange: "complete" as const, connectionId: doc._id, accounts: accounts.length, duplicate: false };
    },

    async list(uid: string): Promise<ConnectionsReply> {
      const docs = await collection.find({ uid }, { sort: { createdAt: 1 } });
      return {
        results: docs.map((c) => ({
          id: c._id,
          institution: { name: c.institutionName },
          status: c.status,
          lastSynced: c.lastSynced,
          accounts: c.accounts.length,
        })),
        maxConnections: await maxConnections(uid),
        configured: settings.configured,
        ...(settings.configured ? {} : { message: PlaidFeature.message(settings.missing) }),
      };
    },

    /** Removes the item at Plaid, then here; anything failing keeps the connection and answers `nok`. */
    async remove(caller: { uid: string; email: string }, email: string, connectionId: string): Promise<void> {
      if (email.trim().toLowerCase() !== caller.email.trim().toLowerCase())
        throw nok(403, BrokerageErrorCodes.notYourEmail, BrokerageMessages.notYourEmail);
      const doc = await collection.get(connectionId);
      if (!doc || doc.uid !== caller.uid) throw nok(404, ErrorCodes.notFound, BrokerageMessages.notFound);
      const { plaid: client, keys } = configured();
      try {
        await client.remove(decryptToken(keys, doc.accessToken, doc.itemId));
      } catch (err) {
        // an item Plaid no longer has is removed there already
        if (!(err instanceof PlaidFailure && err.itemGone)) {
          deps.log.warn({ err: (err as Error).message, connectionId }, "brokerage: item removal failed; connection kept");
          throw nok(503, BrokerageErrorCodes.plaidFailed, Messages.connectionRemoveFailed);
        }
      }
      for (let attempt = 1; ; attempt++) {
        const slot = await slotChange(deps.store, caller.uid, -1);
        try {
          await deps.store.commit([{ op: "delete", collection: collection.name, id: doc._id }, slot.op]);
          break;
        } catch (err) {
          if (err instanceof NotFoundError) break; // removed by a concurrent request
          const raced = err instanceof VersionConflictError || (err instanceof DuplicateKeyError && err.collection === SLOTS);
          if (!raced || attempt >= SLOT_ATTEMPTS) throw err;
        }
      }
      deps.log.info({ uid: caller.uid, connectionId }, "brokerage connection removed");
    },

    /** Refreshes a connection's holdings and publishes them; a login Plaid asks for marks the connection. */
    async sync(connectionId: string): Promise<SyncOutcome> {
      const { plaid: client, keys } = configured();
      const doc = await collection.get(connectionId);
      if (!doc) return { connectionId, status: "gone" };
      const accessToken = decryptToken(keys, doc.accessToken, doc.itemId);
      let holdings: Holdings;
      try {
        holdings = await client.holdings(accessToken);
      } catch (err) {
        if (err instanceof PlaidFailure && (err.loginRequired || err.itemGone)) {
          await this.markStatus(doc.itemId, "login_required");
          return { connectionId, status: "login_required" };
        }
        if (err instanceof PlaidFailure && err.errorCode === "PRODUCT_NOT_READY") return { connectionId, status: "waiting" };
        throw err;
      }
      const now = deps.clock.now();
      const next: ConnectionDoc = {
        ...doc,
        status: "ok",
        accounts: investmentAccounts(holdings),
        lastSynced: nowIso(),
        accessToken: needsRekey(keys, doc.accessToken) ? encryptToken(keys, accessToken, doc.itemId) : doc.accessToken,
      };
      const accounts = importedAccounts(holdings, nowIso().slice(0, 10));
      await deps.store.commit([
        { op: "replace", collection: collection.name, doc: next, expectedVersion: doc._v },
        holdingsImported(next, accounts, doc.lastSynced !== null, now),
      ]);
      return { connectionId, status: "synced", accounts: accounts.length };
    },

    async markStatus(itemId: string, status: ConnectionDoc["status"]): Promise<ConnectionDoc | null> {
      const doc = await collection.findOne({ itemId });
      if (!doc) return null;
      const next: ConnectionDoc = { ...doc, status };
      if (doc.status !== status) await deps.store.commit([{ op: "upsert", collection: collection.name, doc: next }]);
      return doc;
    },

    async byItem(itemId: string): Promise<ConnectionDoc | null> {
      return collection.findOne({ itemId });
    },

    async all(): Promise<ConnectionDoc[]> {
      return collection.find({ status: "ok" });
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;
