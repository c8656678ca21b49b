/**
 * The settings page's data: notifications, the account (e-mail, plan, username, display name), the plans
 * on offer and the brokerage connections. The plan and the plans on offer are billing's: asked of it
 * through its typed client (`@folio/billing/client`) on the caller's own token. The username and display name are the account's public face,
 * so changing either publishes account.updated in the same commit.
 */
import type { BillingQueries } from "@folio/billing/client";
import type { BrokerageQueries } from "@folio/brokerage/client";
import { HttpError, unavailable } from "@folio/platform/http/errors";
import { ServiceUnavailableError } from "@folio/platform/internal";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, VersionConflictError, type WriteOp } from "@folio/platform/store/port";
import type { Identity } from "@folio/proto/auth";
import {
  BASE_CURRENCY_UNSUPPORTED,
  DEFAULT_BASE_CURRENCY,
  DISPLAY_NAME_EMPTY,
  isSupportedCurrency,
  SettingsErrorCodes,
  type SettingsReply,
  type SettingsUpdateBody,
  SUPPORTED_CURRENCIES,
  type UsernameFailure,
  UsernameMessages,
} from "@folio/proto/settings";
import type { Accounts } from "./accounts.ts";
import { normalizeEmail } from "./domain/credentials.ts";
import { checkUsername, usernameKey } from "./domain/username.ts";
import { accountUpdated } from "./events.ts";
import { accountsStore, USERNAMES, USERS, type UserDoc, type UsernameClaimDoc } from "./store.ts";

/** Notifications are opt-in: nothing is sent to someone who never turned them on. */
const NOTIFICATIONS_DEFAULT = false;
const UPDATE_ATTEMPTS = 3;

/** The spec's settings failure: `message` (what the page shows) with the usual `error` and `code`. */
const refused = (code: string, message: string) => new HttpError(400, code, message, { message });
const usernameRefused = (failure: UsernameFailure) => refused(SettingsErrorCodes[failure], UsernameMessages[failure]);

/** Billing could not say the caller's plan (cluster mode, billing down): the page says to try again. */
export const PLAN_UNAVAILABLE = "Your plan could not be loaded. Please try again.";

interface Change {
  notificationsEnabled?: boolean;
  username?: string;
  displayName?: string;
  baseCurrency?: string;
}

/** Checks every field before anything is read or written, so a refused update changes nothing. */
function checkedChange(body: SettingsUpdateBody): Change {
  const { notifications, account } = body.settings;
  const change: Change = {};
  if (notifications) change.notificationsEnabled = notifications.enabled;
  if (account?.username !== undefined) {
    const checked = checkUsername(account.username);
    if (!checked.ok) throw usernameRefused(checked.failure);
    change.username = checked.username;
  }
  if (account?.displayName !== undefined) {
    const name = account.displayName.trim();
    if (!name) throw refused(SettingsErrorCodes.displayName, DISPLAY_NAME_EMPTY);
    change.displayName = name;
  }
  if (account?.baseCurrency !== undefined) {
    const code = account.baseCurrency.trim().toUpperCase();
    if (!isSupportedCurrency(code)) throw refused(SettingsErrorCodes.baseCurrency, BASE_CURRENCY_UNSUPPORTED);
    change.baseCurrency = code;
  }
  return change;
}

/** The services the settings page asks, through their clients (built in context.ts). */
export interface SettingsSources {
  billing: BillingQueries;
  brokerage: BrokerageQueries;
}

export function createSettings(deps: ServiceDeps, accounts: Accounts, { billing, brokerage }: SettingsSources) {
  const db = accountsStore(deps.store);

  async function planOf(idToken: string) {
    try {
      return await billing.planOf(idToken);
    } catch (err) {
      if (!(err instanceof ServiceUnavailableError)) throw err;
      deps.log.warn({ err: err.message }, "settings: billing unavailable");
      throw unavailable(PLAN_UNAVAILABLE);
    }
  }

  /**
   * The caller's brokerage connections: the page is shown without them (an empty list) while brokerage cannot
   * answer; the plan, without which the page cannot offer anything, fails the read instead (planOf).
   */
  async function connectionsOf(idToken: string) {
    try {
      return await brokerage.connections(idToken);
    } catch (err) {
      if (!(err instanceof ServiceUnavailableError)) throw err;
      deps.log.debug({ err: err.message }, "settings: brokerage unavailable, connections left out");
      return [];
    }
  }

  /** The user with the change applied and the writes that go with it; null when nothing changes. */
  async function writesFor(user: UserDoc, change: Change): Promise<WriteOp[] | null> {
    const next: UserDoc = { ...user };
    const ops: WriteOp[] = [];
    if (change.notificationsEnabled !== undefined) next.notificationsEnabled = change.notificationsEnabled;
    if (change.displayName !== undefined) next.displayName = change.displayName;
    if (change.baseCurrency !== undefined) next.baseCurrency = change.baseCurrency;
    if (change.username !== undefined && change.username !== user.username) {
      const key = usernameKey(change.username);
      const oldKey = user.username ? usernameKey(user.username) : null;
      // a change of case only ('ann' → 'Ann') keeps the claim
      if (key !== oldKey) {
        const claim = await db.usernames.get(key);
        if (claim && claim.uid !== user._id) throw usernameRefused("taken");
        const newClaim: UsernameClaimDoc = { _id: key, uid: user._id };
        if (!claim) ops.push({ op: "insert", collection: USERNAMES, doc: newClaim });
        if (oldKey) ops.push({ op: "delete", collection: USERNAMES, id: oldKey });
      }
      next.username = change.username;
    }
    // the base currency is not public, but portfolio and networth value in it, so they learn it by the same event
    const publicChanged =
      (next.username ?? null) !== (user.username ?? null) ||
      next.displayName !== user.displayName ||
      (next.baseCurrency ?? DEFAULT_BASE_CURRENCY) !== (user.baseCurrency ?? DEFAULT_BASE_CURRENCY);
    if (!publicChanged && (next.notificationsEnabled ?? NOTIFICATIONS_DEFAULT) === (user.notificationsEnabled ?? NOTIFICATIONS_DEFAULT)) {
      return null;
    }
    if (publicChanged) ops.push(accountUpdated(next, deps.clock.now()));
    return [{ op: "replace", collection: USERS, doc: next, expectedVersion: user._v }, ...ops];
  }

  return {
    /** `idToken`: the caller's ID token, on which billing and brokerage are asked (for this caller only) */
    async get(identity: Identity, idToken: string): Promise<SettingsReply> {
      const [user, billed, connections] = await Promise.all([
        db.users.get(identity.uid),
        planOf(idToken),
        idToken ? connectionsOf(idToken) : [],
      ]);
      return {
        notifications: { enabled: user?.notificationsEnabled ?? NOTIFICATIONS_DEFAULT },
        account: {
          email: user?.email ?? normalizeEmail(identity.email),
          plan: billed.plan,
          username: user?.username ?? null,
          displayName: user?.displayName ?? null,
          baseCurrency: user?.baseCurrency ?? DEFAULT_BASE_CURRENCY,
        },
        currencies: [...SUPPORTED_CURRENCIES],
        plan_ids: billed.plan_ids,
        connections,
      };
    },

    async update(identity: Identity, body: SettingsUpdateBody): Promise<void> {
      const change = checkedChange(body);
      // An identity from an external provider may not have its account yet: this creates it (and tells
      // other services) exactly as the web's /v1/register report would, recording no referrer.
      await accounts.recordRegistration(identity, {});
      for (let attempt = 1; ; attempt++) {
        const user = await db.users.get(identity.uid);
        if (!user) throw new Error(`account ${identity.uid} vanished during a settings update`);
        const ops = await writesFor(user, change);
        if (!ops) return;
        try {
          await deps.store.commit(ops);
          return;
        } catch (err) {
          // two users asked for one name at the same moment: the claim's id let one of them have it
          if (err instanceof DuplicateKeyError && err.collection === USERNAMES) {
            const claim = change.username ? await db.usernames.get(usernameKey(change.username)) : null;
            if (claim?.uid !== identity.uid) throw usernameRefused("taken");
          } else if (!(err instanceof VersionConflictError)) {
            throw err;
          }
          if (attempt >= UPDATE_ATTEMPTS) throw err;
        }
      }
    },
  };
}

export type Settings = ReturnType<typeof createSettings>;
