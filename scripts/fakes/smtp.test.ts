/** The SMTP fake through the client the app uses (nodemailer, as platform/src/mail.ts creates it from SMTP_URL). */
import { connect } from "node:net";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "./smtp.ts";

let fake: FakeSmtp | undefined;
afterEach(async () => fake?.close());

describe("fake SMTP server", () => {
  it("keeps the envelope and the message nodemailer sends, dot-stuffed lines restored", async () => {
    fake = await startFakeSmtp();
    const transport = nodemailer.createTransport(fake.url);
    await transport.sendMail({
      from: "Folio <no-reply@localhost>",
      to: "ann@example.com",
      subject: "Reset your password",
      text: "Open the link:\n.hidden line\nhttp://localhost/reset?token=abc",
    });
    expect(fake.messages).toHaveLength(1);
    const [mail] = fake.messages;
    expect(mail?.from).toBe("no-reply@localhost");
    expect(mail?.to).toEqual(["ann@example.com"]);
    expect(mail?.data).toContain("Subject: Reset your password");
    expect(mail?.data).toContain("\r\n.hidden line\r\n");
    expect(mail?.data).toContain("token=abc");
    transport.close();
  });

  it("answers commands out of order with 503 and unknown ones with 502, as a server does", async () => {
    fake = await startFakeSmtp();
    const socket = connect(fake.port, "127.0.0.1");
    socket.setEncoding("utf8");
    let received = "";
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    const replyTo = async (line: string | null, code: string) => {
      if (line !== null) socket.write(`${line}\r\n`);
      const deadline = Date.now() + 2000;
      while (!received.includes(`${code} `) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      const got = received;
      received = "";
      return got;
    };
    expect(await replyTo(null, "220")).toMatch(/^220 /);
    expect(await replyTo("EHLO test", "250")).toContain("250 ");
    expect(await replyTo("DATA", "503")).toMatch(/^503 /);
    expect(await replyTo("MAIL FROM:<a@example.com>", "250")).toMatch(/^250 /);
    expect(await replyTo("DATA", "503")).toMatch(/^503 /);
    expect(await replyTo("VRFY ann", "502")).toMatch(/^502 /);
    expect(await replyTo("QUIT", "221")).toMatch(/^221 /);
    socket.destroy();
    expect(fake.messages).toEqual([]);
  });
});
