#!/usr/bin/env node
// The benches' comparison point: Fastify with nothing registered but its routes, started the way `npm start`
// starts Folio (plain JavaScript, `node <file>`), on PORT and HOST.
// - By default one /healthz route (the cold-start bench).
// - With REPLAY=<manifest.json> (the throughput bench): one route per recorded reply, answering its path with the
//   very status, headers and body bytes the app answered (the manifest lists {path, status, headers, bodyFile}),
//   so the two servers send the same bytes and what differs is what the app does per request.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const app = Fastify({ logger: false });
if (process.env.REPLAY) {
  const manifest = JSON.parse(readFileSync(process.env.REPLAY, "utf8"));
  for (const r of manifest) {
    const body = readFileSync(r.bodyFile);
    const headers = r.headers;
    app.get(r.path, (_request, reply) => {
      reply.code(r.status).headers(headers).send(body);
    });
  }
}
app.get("/healthz", async () => ({ status: "ok" }));
await app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? "127.0.0.1" });
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => app.close().then(() => process.exit(0)));
