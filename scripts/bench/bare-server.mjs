#!/usr/bin/env node
// The cold-start bench's comparison point: Fastify with one /healthz route and nothing else, started the way
// `npm start` starts Folio (plain JavaScript, `node <file>`), on PORT and HOST.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/healthz", async () => ({ status: "ok" }));
await app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? "127.0.0.1" });
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => app.close().then(() => process.exit(0)));
