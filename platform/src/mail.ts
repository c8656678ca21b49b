/**
 * The Mail port: SMTP when SMTP_URL is set, otherwise each message is written as a JSON file to an outbox
 * folder under DATA_DIR (so a self-hoster without SMTP can still read a password-reset link).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Transporter } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** nodemailer is loaded by the first message sent, so a process without SMTP_URL never loads it. */
export class SmtpMailer implements Mailer {
  private transport?: Promise<Transporter>;
  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}
  async send(message: MailMessage): Promise<void> {
    this.transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(this.smtpUrl));
    await (await this.transport).sendMail({ from: this.from, ...message });
  }
}

export class FolderMailer implements Mailer {
  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly now: () => number = Date.now,
  ) {}
  async send(message: MailMessage): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const at = new Date(this.now()).toISOString();
    const file = join(this.dir, `${at.replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.json`);
    writeFileSync(file, JSON.stringify({ from: this.from, at, ...message }, null, 2), { mode: 0o600 });
  }
}

export function createMailer(config: { smtpUrl?: string; mailFrom: string; dataDir: string }): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new FolderMailer(join(config.dataDir, "mail-outbox"), config.mailFrom);
}
