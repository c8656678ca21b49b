/**
 * The accounts use cases: the domain's rules applied to the store, the cache and the mailer. Routes call
 * these and only translate HTTP; every failure the user may see leaves here as an HttpError with the
 * spec's message.
 */
import { randomUUID } from "node:crypto";
import { revokedKey, TOKEN_TTL_SECONDS } from "@folio/platform/http/auth";
import { badRequest, HttpError, tooManyRequests, unavailable } from "@folio/platform/http/errors";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, NotFoundError, VersionConflictError, type WriteOp } from "@folio/platform/store/port";
import type { Identity } from "@folio/proto/auth";
import { ErrorCodes, Messages } from "@folio/proto/errors";
import { adminEmails, isAdminEmail } from "./admin.ts";
import { accountLimits, passwordHashCost } from "./config.ts";
import {
  type CredentialFailure,
  checkLoginInput,
  checkRegistration,
  isLongEnough,
  isValidEmail,
  loginOutcome,
  normalizeEmail,
} from "./domain/credentials.ts";
import {
  INVALID_RESET_TOKEN,
  LOGIN_WINDOW_MS,
  loginAccountKey,
  overLimit,
  RESET_TOKEN_TTL_MS,
  RESET_WINDOW_MS,
  resetKey,
  resetLink,
  TOO_MANY_LOGINS,
  TOO_MANY_RESETS,
} from "./domain/limits.ts";
import { decideReferral } from "./domain/referrer.ts";
import { accountRegistered, accountUpdated } from "./events.ts";
import { digestToken, hashPassword, newResetToken, verifyPassword } from "./secrets.ts";
import {
  type AccountsStore,
  accountsStore,
  publicUser,
  RESET_TOKENS,
  REVOCATIONS,
  type ResetTokenDoc,
  type RevocationDoc,
  SESSIONS,
  type SessionDoc,
  USERS,
  type UserDoc,
} from "./store.ts";

const STATUS: Record<CredentialFailure, number> = {
  credentialsRequired: 400,
  weakPassword: 400,
  invalidCredential: 401,
  userNotFound: 404,
  emailInUse: 409,
};

const failure = (kind: CredentialFailure, status = STATUS[kind]) => new HttpError(status, ErrorCodes[kind], Messages[kind]);
const invalidResetToken = () => badRequest(ErrorCodes.invalidResetToken, INVALID_RESET_TOKEN);

/** Signs an ID token; the routes pass the auth plugin's signer (issuer and expiry are set there). */
export type SignToken = (claims: { sub: string; email: string; jti: string; admin?: boolean }) => string;

export interface AuthResult {
  idToken: string;
  user: ReturnType<typeof publicUser> & { isAdmin: boolean };
}

/** What the web reports on the spec's /v1/login and /v1/register. */
export interface ClientReport {
  currentUser?: { displayName?: string | null };
  referrer?: string | null;
}

const TOKEN_TTL_MS = TOKEN_TTL_SECONDS * 1000;

const revokedSession = (s: SessionDoc): SessionDoc => ({ ...s, revoked: true });
const revocationOf = (s: SessionDoc): RevocationDoc => ({ _id: s._id, uid: s.uid, expiresAt: s.expiresAt });
/** optimistic-concurrency attempts before a busy account gives up */
const UPDATE_ATTEMPTS = 3;

export function createAccounts(deps: ServiceDeps) {
  const { cache, clock, log, mailer, config } = deps;
  const db: AccountsStore = accountsStore(deps.store);
  const nowIso = () => new Date(clock.now()).toISOString();
  const limits = accountLimits(config);
  const hashCost = passwordHashCost(config);
  const admins = adminEmails(config);

  /** A new session: the token and the write that records it, committed together with the caller's ops. */
  function newSession(user: UserDoc, sign: SignToken): { token: string; op: WriteOp } {
    const jti = randomUUID();
    const session: SessionDoc = { _id: jti, uid: user._id, expiresAt: clock.now() + TOKEN_TTL_MS, revoked: false };
    // the admin claim comes from ADMIN_EMAILS alone (admin.ts); it is left out rather than false for everyone else
    const admin = isAdminEmail(admins, user.email) ? { admin: true } : {};
    return { token: sign({ sub: user._id, email: user.email, jti, ...admin }), op: { op: "insert", collection: SESSIONS, doc: session } };
  }

  async function revokeInCache(jti: string, expiresAt: number): Promise<void> {
    const ttl = expiresAt - clock.now();
    if (ttl > 0) await cache.set(revokedKey(jti), true, ttl);
  }

  /** Rewrites one user with a version check, re-reading and re-deciding when someone else wrote first. */
  async function updateUser(uid: string, change: (user: UserDoc) => { doc: UserDoc; ops?: WriteOp[] } | null): Promise<UserDoc> {
    for (let attempt = 1; ; attempt++) {
      const current = await db.users.get(uid);
      if (!current) throw failure("userNotFound", 404);
      const next = change(current);
      if (!next) return current;
      try {
        await deps.store.commit([{ op: "replace", collection: USERS, doc: next.doc, expectedVersion: current._v }, ...(next.ops ?? [])]);
        return { ...next.doc, _v: (current._v ?? 0) + 1 };
      } catch (err) {
        if (!(err instanceof VersionConflictError) || attempt >= UPDATE_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * The caller's account, created on first sight when the identity comes from an external provider (which
   * registered the user itself): other services still hear account.registered.
   */
  async function ensureUser(identity: Identity, report: ClientReport): Promise<UserDoc> {
    const existing = await db.users.get(identity.uid);
    if (existing) return existing;
    const email = normalizeEmail(identity.email);
    const referral = await referralFor({ _id: identity.uid, email, referrer: null }, report.referrer);
    const user: UserDoc = {
      _id: identity.uid,
      email,
      displayName: report.currentUser?.displayName?.trim() || null,
      passwordHash: null,
      createdAt: nowIso(),
      lastLoginAt: null,
      referrer: referral?.referrer ?? null,
      referrerUid: referral?.referrerUid ?? null,
    };
    try {
      await deps.store.commit([{ op: "insert", collection: USERS, doc: user }, accountRegistered(user, user.referrer, clock.now())]);
      return { ...user, _v: 1 };
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const raced = await db.users.get(identity.uid);
      if (raced) return raced;
      throw failure("emailInUse");
    }
  }

  async function referralFor(user: Pick<UserDoc, "_id" | "email" | "referrer">, given: string | null | undefined) {
    const trimmed = (given ?? "").trim();
    const givenIsKnownUid = trimmed !== "" && trimmed !== user._id && (await db.users.get(trimmed)) !== null;
    return decideReferral({ given, self: { uid: user._id, email: user.email }, recorded: user.referrer, givenIsKnownUid });
  }

  /** Counts an attempt under `key`; over the limit, refuses it with how long to wait. */
  async function countAttempt(key: string, windowMs: number, limit: number, message: string): Promise<void> {
    if (!overLimit(await cache.incr(key, windowMs), limit)) return;
    throw tooManyRequests(message, (await cache.ttl(key)) ?? windowMs);
  }

  /** Expired sessions of one user go when they sign in again, so the collection stays as small as the live set. */
  async function sweepSessions(uid: string): Promise<void> {
    const expired = (await db.sessions.find({ uid })).filter((s) => s.expiresAt <= clock.now());
    if (expired.length === 0) return;
    try {
      await deps.store.commit(expired.map((s) => ({ op: "delete", collection: SESSIONS, id: s._id }) as WriteOp));
    } catch (err) {
      // another sign-in swept them first
      if (!(err instanceof NotFoundError)) log.warn({ err, uid }, "could not sweep expired sessions");
    }
  }

  return {
    async register(body: { email?: string; password?: string; displayName?: string }, sign: SignToken): Promise<AuthResult> {
      const checked = checkRegistration(body);
      if (!checked.ok) throw failure(checked.failure);
      if (await db.users.findOne({ email: checked.email })) throw failure("emailInUse");
      const user: UserDoc = {
        _id: randomUUID(),
        email: checked.email,
        displayName: body.displayName?.trim() || null,
        passwordHash: await hashPassword(checked.password, hashCost),
        createdAt: nowIso(),
        lastLoginAt: null,
        referrer: null,
        referrerUid: null,
      };
      const session = newSession(user, sign);
      try {
        await deps.store.commit([{ op: "insert", collection: USERS, doc: user }, session.op, accountRegistered(user, null, clock.now())]);
      } catch (err) {
        // two registrations raced past the lookup; the unique index let one win
        if (err instanceof DuplicateKeyError && err.collection === USERS) throw failure("emailInUse");
        throw err;
      }
      return { idToken: session.token, user: { ...publicUser(user), isAdmin: isAdminEmail(admins, user.email) } };
    },

    async login(body: { email?: string; password?: string }, ip: string, sign: SignToken): Promise<AuthResult> {
      const checked = checkLoginInput(body);
      if (!checked.ok && checked.failure === "credentialsRequired") throw failure(checked.failure);
      const email = normalizeEmail(body.email ?? "");
      await countAttempt(loginAccountKey(ip, email), LOGIN_WINDOW_MS, limits.loginPerAddress, TOO_MANY_LOGINS);
      if (!checked.ok) throw failure(checked.failure);

      const user = await db.users.findOne({ email: checked.email });
      const matches = user?.passwordHash ? await verifyPassword(checked.password, user.passwordHash) : false;
      const outcome = loginOutcome(user !== null, matches);
      if (outcome || !user) throw failure(outcome ?? "userNotFound");

      const session = newSession(user, sign);
      await deps.store.commit([session.op]);
      await cache.del(loginAccountKey(ip, email));
      await sweepSessions(user._id);
      return { idToken: session.token, user: { ...publicUser(user), isAdmin: isAdminEmail(admins, user.email) } };
    },

    /** `exp` is the token's expiry claim (seconds): the revocation must outlive the token. */
    async logout(identity: Identity, exp: number | undefined): Promise<void> {
      const jti = identity.jti;
      if (!jti) return; // a token without an id cannot be revoked; it was not issued here
      const session = await db.sessions.get(jti);
      let expiresAt = Math.max(exp ? exp * 1000 : 0, session?.expiresAt ?? 0);
      // clocks disagree (a test clock, skew between hosts): keep the revocation a full lifetime rather than none
      if (expiresAt <= clock.now()) expiresAt = clock.now() + TOKEN_TTL_MS;
      const revocation: RevocationDoc = { _id: jti, uid: identity.uid, expiresAt };
      const ops: WriteOp[] = [{ op: "upsert", collection: REVOCATIONS, doc: revocation }];
      if (session && !session.revoked) ops.push({ op: "upsert", collection: SESSIONS, doc: revokedSession(session) });
      await deps.store.commit(ops);
      await revokeInCache(jti, expiresAt);
    },

    async requestPasswordReset(body: { email: string }): Promise<void> {
      const email = normalizeEmail(body.email);
      if (!isValidEmail(email)) throw failure("invalidCredential", 400);
      // counted before the look-up: asking about addresses without an account costs the same
      await countAttempt(resetKey(email), RESET_WINDOW_MS, limits.resetPerAddress, TOO_MANY_RESETS);
      const user = await db.users.findOne({ email });
      if (!user) throw failure("userNotFound");

      const token = newResetToken();
      const reset: ResetTokenDoc = { _id: digestToken(token), uid: user._id, expiresAt: clock.now() + RESET_TOKEN_TTL_MS };
      await deps.store.commit([{ op: "insert", collection: RESET_TOKENS, doc: reset }]);
      try {
        await mailer.send({
          to: user.email,
          subject: "Reset your Folio password",
          text: [
            "Someone asked to reset the password of the Folio account for this address.",
            "",
            "Open this link within one hour to choose a new password:",
            resetLink(config.publicUrl, token),
            "",
            "If this was not you, ignore this e-mail: your password stays as it is.",
          ].join("\n"),
        });
      } catch (err) {
        log.error({ err: (err as Error).message, uid: user._id }, "password reset e-mail failed");
        throw unavailable("We could not send the password reset e-mail. Please try again later.");
      }
    },

    /** Sets the new password, uses up the user's reset links and signs out every session the user had. */
    async confirmPasswordReset(body: { token: string; password: string }): Promise<void> {
      if (!isLongEnough(body.password)) throw failure("weakPassword");
      const reset = await db.resetTokens.get(digestToken(body.token));
      if (!reset || reset.expiresAt <= clock.now()) throw invalidResetToken();
      const user = await db.users.get(reset.uid);
      if (!user) throw invalidResetToken();

      const updated: UserDoc = { ...user, passwordHash: await hashPassword(body.password, hashCost) };
      const otherLinks = (await db.resetTokens.find({ uid: user._id })).filter((t) => t._id !== reset._id);
      const live = (await db.sessions.find({ uid: user._id, revoked: false })).filter((s) => s.expiresAt > clock.now());
      const ops: WriteOp[] = [
        // the version check makes the link single-use even when two confirmations race
        { op: "delete", collection: RESET_TOKENS, id: reset._id, expectedVersion: reset._v },
        ...otherLinks.map((t): WriteOp => ({ op: "delete", collection: RESET_TOKENS, id: t._id })),
        { op: "replace", collection: USERS, doc: updated, expectedVersion: user._v },
        ...live.flatMap((s): WriteOp[] => [
          { op: "upsert", collection: SESSIONS, doc: revokedSession(s) },
          { op: "upsert", collection: REVOCATIONS, doc: revocationOf(s) },
        ]),
      ];
      try {
        await deps.store.commit(ops);
      } catch (err) {
        if (err instanceof NotFoundError || err instanceof VersionConflictError) throw invalidResetToken();
        throw err;
      }
      for (const s of live) await revokeInCache(s._id, s.expiresAt);
    },

    async updateProfile(identity: Identity, displayName: string) {
      const name = displayName.trim();
      if (!name) throw badRequest(ErrorCodes.validation, "The display name must not be empty");
      await ensureUser(identity, {});
      const user = await updateUser(identity.uid, (u) => {
        if (u.displayName === name) return null;
        const doc = { ...u, displayName: name };
        return { doc, ops: [accountUpdated(doc, clock.now())] };
      });
      return publicUser(user);
    },

    /** The spec's POST /v1/login: the web reports a sign-in. */
    async recordLogin(identity: Identity, report: ClientReport): Promise<void> {
      await ensureUser(identity, { currentUser: report.currentUser });
      const at = nowIso();
      await updateUser(identity.uid, (u) => ({ doc: { ...u, lastLoginAt: at } }));
    },

    /** The spec's POST /v1/register: the web reports a new account and who referred it. */
    async recordRegistration(identity: Identity, report: ClientReport): Promise<void> {
      const user = await ensureUser(identity, report);
      const referral = await referralFor(user, report.referrer);
      if (!referral) return;
      await updateUser(identity.uid, (u) => (u.referrer === null ? { doc: { ...u, ...referral } } : null));
    },

    /** At start: the memory cache forgets revocations on restart, the store does not. Expired ones go. */
    async reloadRevocations(): Promise<void> {
      const now = clock.now();
      const expired: WriteOp[] = [];
      for (const r of await db.revocations.find()) {
        if (r.expiresAt > now) await revokeInCache(r._id, r.expiresAt);
        else expired.push({ op: "delete", collection: REVOCATIONS, id: r._id });
      }
      for (const t of await db.resetTokens.find()) {
        if (t.expiresAt <= now) expired.push({ op: "delete", collection: RESET_TOKENS, id: t._id });
      }
      if (expired.length === 0) return;
      try {
        await deps.store.commit(expired);
      } catch (err) {
        // another replica starting at the same time swept them
        if (!(err instanceof NotFoundError)) throw err;
      }
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
