/** The accounts service's collections. No other service reads them; others learn of accounts by events. */
import type { Store } from "@folio/platform/store/port";

export interface UserDoc {
  /** the uid */
  _id: string;
  _v?: number;
  /** trimmed and lower-cased; unique */
  email: string;
  displayName: string | null;
  /** `scrypt$N$r$p$salt$hash`; null for an account from an external identity provider */
  passwordHash: string | null;
  createdAt: string;
  lastLoginAt: string | null;
  /** as the web reported it from the referral link, trimmed */
  referrer: string | null;
  /** the referring account, when `referrer` is one of our users' ids */
  referrerUid: string | null;
  /** as typed; absent or null until chosen in settings. Its claim in USERNAMES keeps it unique. */
  username?: string | null;
  /** absent means off (see settings.ts) */
  notificationsEnabled?: boolean;
  /** ISO code every amount is shown in; absent means USD */
  baseCurrency?: string;
}

/**
 * A taken username, by its lower-cased form: the id is what makes two spellings of one name collide, in
 * every store (a unique index over an optional field behaves differently in SQLite and MongoDB).
 */
export interface UsernameClaimDoc {
  _id: string;
  _v?: number;
  uid: string;
}

/**
 * Achievement progress as accounts kept it before achievements became their own service: read once more, to
 * be handed over (achievements-hand-over.ts), and dropped in the next release.
 */
export interface AchievementDoc {
  /** the uid */
  _id: string;
  _v?: number;
  state: number;
  facts: string[];
}

/** An ID token this service issued, so a password reset can revoke every one of the user's sessions. */
export interface SessionDoc {
  /** the token's jti */
  _id: string;
  _v?: number;
  uid: string;
  /** ms since the epoch on the service clock */
  expiresAt: number;
  revoked: boolean;
}

/** A revoked token id, kept until the token would have expired; reloaded into the cache at start. */
export interface RevocationDoc {
  /** the token's jti */
  _id: string;
  _v?: number;
  uid: string;
  expiresAt: number;
}

export interface ResetTokenDoc {
  /** SHA-256 (hex) of the e-mailed token */
  _id: string;
  _v?: number;
  uid: string;
  expiresAt: number;
}

export const USERS = "accounts_users";
export const SESSIONS = "accounts_sessions";
export const REVOCATIONS = "accounts_revocations";
export const RESET_TOKENS = "accounts_reset_tokens";
export const USERNAMES = "accounts_usernames";
export const ACHIEVEMENTS = "accounts_achievements";

export function accountsStore(store: Store) {
  return {
    users: store.collection<UserDoc>(USERS, [{ fields: ["email"], unique: true }]),
    sessions: store.collection<SessionDoc>(SESSIONS, [{ fields: ["uid", "revoked"] }]),
    revocations: store.collection<RevocationDoc>(REVOCATIONS),
    resetTokens: store.collection<ResetTokenDoc>(RESET_TOKENS, [{ fields: ["uid"] }]),
    usernames: store.collection<UsernameClaimDoc>(USERNAMES),
    achievements: store.collection<AchievementDoc>(ACHIEVEMENTS),
  };
}

export type AccountsStore = ReturnType<typeof accountsStore>;

/** The public face of an account: never the hash. */
export const publicUser = (u: UserDoc) => ({ uid: u._id, email: u.email, displayName: u.displayName });
