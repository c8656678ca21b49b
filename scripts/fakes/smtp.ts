/**
 * A local SMTP server that keeps what it is sent, for tests of the Mail port's SMTP transport (nodemailer,
 * SMTP_URL) and for running the app offline with SMTP. It speaks the part of RFC 5321 a submission client
 * without TLS or authentication uses: the 220 greeting, EHLO/HELO (250, no extensions but 8BITMIME and
 * SMTPUTF8), MAIL FROM, RCPT TO, DATA (354, the message up to the line holding only ".", dot-stuffing undone,
 * then 250), RSET, NOOP and QUIT (221); anything else is 502, and commands out of order are 503.
 *
 *   node --import tsx scripts/fakes/smtp.ts [--port 2525]      then SMTP_URL=smtp://127.0.0.1:2525
 */
import { createServer, type Socket } from "node:net";
import { pathToFileURL } from "node:url";

export interface ReceivedMail {
  /** the envelope: MAIL FROM and every RCPT TO, without angle brackets */
  from: string;
  to: string[];
  /** the message as sent (headers and body, CRLF line ends), dot-stuffing undone */
  data: string;
}

export interface FakeSmtp {
  url: string;
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

const address = (arg: string) => /<([^>]*)>/.exec(arg)?.[1] ?? arg.trim();

function session(socket: Socket, messages: ReceivedMail[]): void {
  let buffer = "";
  let mail: { from: string; to: string[] } | null = null;
  let data: string[] | null = null;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply("220 fake-smtp ESMTP ready");
  const command = (line: string) => {
    if (data) {
      if (line === ".") {
        messages.push({ from: mail?.from ?? "", to: mail?.to ?? [], data: data.join("\r\n") });
        data = null;
        mail = null;
        return reply("250 2.0.0 message accepted");
      }
      data.push(line.startsWith("..") ? line.slice(1) : line);
      return;
    }
    const verb = line.slice(0, 4).toUpperCase();
    const arg = line.slice(line.indexOf(":") + 1);
    switch (verb) {
      case "EHLO":
        socket.write("250-fake-smtp\r\n250-8BITMIME\r\n");
        return reply("250 SMTPUTF8");
      case "HELO":
        return reply("250 fake-smtp");
      case "MAIL":
        mail = { from: address(arg), to: [] };
        return reply("250 2.1.0 sender ok");
      case "RCPT":
        if (!mail) return reply("503 5.5.1 MAIL first");
        mail.to.push(address(arg));
        return reply("250 2.1.5 recipient ok");
      case "DATA":
        if (!mail || mail.to.length === 0) return reply("503 5.5.1 RCPT first");
        data = [];
        return reply("354 end data with <CR><LF>.<CR><LF>");
      case "RSET":
        mail = null;
        return reply("250 2.0.0 reset");
      case "NOOP":
        return reply("250 2.0.0 ok");
      case "QUIT":
        reply("221 2.0.0 bye");
        return socket.end();
      default:
        return reply("502 5.5.2 command not implemented");
    }
  };
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      command(line);
    }
  });
  socket.on("error", () => socket.destroy());
}

export async function startFakeSmtp(options: { port?: number; host?: string } = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    session(socket, messages);
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://${host}:${port}`,
    port,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf("--port");
  const fake = await startFakeSmtp({ port: at > 0 ? Number(process.argv[at + 1]) : 2525 });
  console.log(`fake SMTP server: SMTP_URL=${fake.url}`);
  setInterval(() => {
    while (fake.messages.length > 0) {
      const m = fake.messages.shift() as ReceivedMail;
      console.log(`--- from ${m.from} to ${m.to.join(", ")}\n${m.data}\n`);
    }
  }, 500);
}
