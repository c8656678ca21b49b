import type { MailMessage } from "@folio/platform/mail";
import { RecordingMailer } from "@folio/platform/testing";
import { ErrorCodes, Messages } from "@folio/proto/errors";
import { afterEach, describe, expect, it } from "vitest";
import { INVALID_RESET_TOKEN, TOO_MANY_RESETS } from "../src/domain/limits.ts";
import { digestToken } from "../src/secrets.ts";
import { type Harness, harness, PUBLIC_URL } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.app.close();
});

const MINUTE = 60_000;
const invalidLink = { error: INVALID_RESET_TOKEN, code: ErrorCodes.invalidResetToken };

function tokenIn(mail: MailMessage): string {
  const match = mail.text.match(/https:\/\/folio\.example\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}

async function requestLink(email = "ann@example.com"): Promise<string> {
  const res = await h.post("/v1/auth/password-reset", { email });
  expect(res.statusCode).toBe(200);
  return tokenIn(h.deps.mailer.sent[h.deps.mailer.sent.length - 1]);
}

describe("POST /v1/auth/password-reset", () => {
  it("e-mails a link with a 32-byte token on the public URL, and keeps only the token's hash", async () => {
    h = await harness();
    await h.register("ann@example.com");
    const res = await h.post("/v1/auth/password-reset", { email: " Ann@Example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: "ok" });

    expect(h.deps.mailer.sent).toHaveLength(1);
    const mail = h.deps.mailer.sent[0];
    expect(mail.to).toBe("ann@example.com");
    const token = tokenIn(mail);
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(res.body).not.toContain(token);

    const stored = await h.db.resetTokens.find();
    expect(stored.map((t) => t._id)).toEqual([digestToken(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("says an unknown e-mail is not registered and sends nothing", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/password-reset", { email: "who@example.com" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: Messages.userNotFound, code: ErrorCodes.userNotFound });
    expect(h.deps.mailer.sent).toHaveLength(0);
  });

  it("refuses a malformed e-mail with the credential message", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/password-reset", { email: "nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: Messages.invalidCredential, code: ErrorCodes.invalidCredential });
  });

  it("needs an e-mail field", async () => {
    h = await harness();
    const res = await h.post("/v1/auth/password-reset", {});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCodes.validation);
  });

  it("sends at most 5 e-mails to one address per 15 minutes", async () => {
    h = await harness();
    await h.register();
    for (let i = 0; i < 5; i++) await requestLink();
    const blocked = await h.post("/v1/auth/password-reset", { email: "ann@example.com" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: TOO_MANY_RESETS, code: "rate_limited" });
    expect(h.deps.mailer.sent).toHaveLength(5);
    h.deps.clock.advance(15 * MINUTE);
    await requestLink();
  });

  it("counts addresses without an account too, so asking about them costs the same", async () => {
    h = await harness();
    for (let i = 0; i < 5; i++) expect((await h.post("/v1/auth/password-reset", { email: "ghost@example.com" })).statusCode).toBe(404);
    const blocked = await h.post("/v1/auth/password-reset", { email: "ghost@example.com" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("900");
  });

  it("takes at most 20 requests from one client address per hour, across e-mail addresses", async () => {
    h = await harness();
    for (let i = 0; i < 20; i++) expect((await h.post("/v1/auth/password-reset", { email: `p${i}@example.com` })).statusCode).toBe(404);
    const blocked = await h.post("/v1/auth/password-reset", { email: "p99@example.com" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("rate_limited");
    expect(blocked.headers["retry-after"]).toBe("3600");
    expect((await h.post("/v1/auth/password-reset", { email: "p99@example.com" }, {}, "198.51.100.9")).statusCode).toBe(404);
  });

  it("answers 503 with a clear message when the e-mail cannot be sent", async () => {
    class BrokenMailer extends RecordingMailer {
      override async send(): Promise<void> {
        throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      }
    }
    h = await harness((deps) => {
      deps.mailer = new BrokenMailer();
    });
    await h.register();
    const res = await h.post("/v1/auth/password-reset", { email: "ann@example.com" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: "We could not send the password reset e-mail. Please try again later.", code: "unavailable" });
  });
});

describe("POST /v1/auth/password-reset/confirm", () => {
  it("sets the new password: it signs in, the old one no longer does", async () => {
    h = await harness();
    await h.register("ann@example.com", "old-secret");
    const token = await requestLink();
    const res = await h.post("/v1/auth/password-reset/confirm", { token, password: "new-secret" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: "ok" });

    expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "new-secret" })).statusCode).toBe(200);
    const old = await h.post("/v1/auth/login", { email: "ann@example.com", password: "old-secret" });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe(Messages.invalidCredential);
  });

  it("signs out every session the user had", async () => {
    h = await harness();
    const registered = await h.register("ann@example.com", "old-secret");
    const loggedIn = (await h.post("/v1/auth/login", { email: "ann@example.com", password: "old-secret" })).json();
    const other = await h.register("bob@example.com", "bobs-secret");

    await h.post("/v1/auth/password-reset/confirm", { token: await requestLink(), password: "new-secret" });

    expect(await h.profileStatus(registered.idToken)).toBe(401);
    expect(await h.profileStatus(loggedIn.idToken)).toBe(401);
    expect(await h.profileStatus(other.idToken)).toBe(200);
    const fresh = (await h.post("/v1/auth/login", { email: "ann@example.com", password: "new-secret" })).json();
    expect(await h.profileStatus(fresh.idToken)).toBe(200);
  });

  it("works once: the same link a second time is refused", async () => {
    h = await harness();
    await h.register();
    const token = await requestLink();
    expect((await h.post("/v1/auth/password-reset/confirm", { token, password: "new-secret" })).statusCode).toBe(200);
    const again = await h.post("/v1/auth/password-reset/confirm", { token, password: "newer-secret" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLink);
    expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "new-secret" })).statusCode).toBe(200);
  });

  it("uses up the user's other links too", async () => {
    h = await harness();
    await h.register();
    const earlier = await requestLink();
    const later = await requestLink();
    expect((await h.post("/v1/auth/password-reset/confirm", { token: later, password: "new-secret" })).statusCode).toBe(200);
    expect((await h.post("/v1/auth/password-reset/confirm", { token: earlier, password: "other-secret" })).json()).toEqual(invalidLink);
  });

  it("expires after an hour", async () => {
    h = await harness();
    await h.register();
    const token = await requestLink();
    h.deps.clock.advance(61 * MINUTE);
    const res = await h.post("/v1/auth/password-reset/confirm", { token, password: "new-secret" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidLink);
    expect((await h.post("/v1/auth/login", { email: "ann@example.com", password: "secret1" })).statusCode).toBe(200);
  });

  it("still works just before the hour is up", async () => {
    h = await harness();
    await h.register();
    const token = await requestLink();
    h.deps.clock.advance(59 * MINUTE);
    expect((await h.post("/v1/auth/password-reset/confirm", { token, password: "new-secret" })).statusCode).toBe(200);
  });

  it("refuses a made-up token", async () => {
    h = await harness();
    await h.register();
    const res = await h.post("/v1/auth/password-reset/confirm", { token: "A".repeat(43), password: "new-secret" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidLink);
  });

  it("refuses a short password without using up the link", async () => {
    h = await harness();
    await h.register();
    const token = await requestLink();
    const res = await h.post("/v1/auth/password-reset/confirm", { token, password: "12345" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: Messages.weakPassword, code: ErrorCodes.weakPassword });
    expect((await h.post("/v1/auth/password-reset/confirm", { token, password: "123456" })).statusCode).toBe(200);
  });

  it("lets only one of two simultaneous confirmations of one link win", async () => {
    h = await harness();
    await h.register();
    const token = await requestLink();
    const results = await Promise.all([
      h.post("/v1/auth/password-reset/confirm", { token, password: "first-secret" }),
      h.post("/v1/auth/password-reset/confirm", { token, password: "second-secret" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
