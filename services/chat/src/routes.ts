/**
 * POST /v1/chat and POST /v2/chat (spec §7), for the signed-in caller only; GET /v1/chat/status (which
 * models are configured, so the panel can say what is missing before a message is sent) and POST
 * /v1/chat/movers-report (internal: networth asks it for the biggest-movers report, with the caller's token). A client that accepts
 * `text/event-stream` gets the answer streamed (proto chat.ts: `delta` events, then one `reply`); any other
 * gets the JSON reply. A model failure is `result: 'nok'`: HTTP 503 in JSON, the `reply` event when streamed.
 */
import { PassThrough } from "node:stream";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { lazyCheck } from "@folio/platform/check";
import { bearerTokenOf, callerOf } from "@folio/platform/http/auth";
import { HttpError } from "@folio/platform/http/errors";
import {
  ChatFailure,
  ChatReply,
  ChatStatusReply,
  type ChatTurn,
  ChatTurn as ChatTurnSchema,
  ChatV1Body,
  ChatV2Body,
  MoversReportBody,
  MoversReportReply,
} from "@folio/proto/chat";
import { CHAT_LIMITS } from "@folio/proto/constants";
import { ErrorCodes, NoUserReply } from "@folio/proto/errors";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { type Assistant, failureOf, nokReply, type Run } from "./assistant.ts";
import { MOVERS_REPORT_PATH } from "./client.ts";

const Refused = Type.Object({
  result: Type.Optional(Type.Literal("nok")),
  error: Type.String(),
  code: Type.String(),
});
const Failed = Type.Object({
  ...ChatFailure.properties,
  response: Type.Optional(Type.String()),
  cards: Type.Optional(ChatReply.properties.cards),
  portfolio_table: Type.Optional(ChatReply.properties.portfolio_table),
  chat_id: Type.Optional(Type.String()),
});
const responses = { 200: ChatReply, 401: NoUserReply, 404: Refused, 429: Refused, 503: Failed };

const historyCheck = lazyCheck(Type.Array(ChatTurnSchema, { maxItems: CHAT_LIMITS.historyMaxTurns }));

/** `history` as the spec sends it: an array, or the same array as JSON text. */
function historyOf(raw: ChatTurn[] | string | undefined): ChatTurn[] {
  if (raw === undefined || raw === "") return [];
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  if (!historyCheck.Check(value)) {
    throw new HttpError(400, ErrorCodes.validation, "body/history must be a list of {role: 'user' | 'assistant', content} turns");
  }
  return value;
}

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? "").includes("text/event-stream");

async function respond(request: FastifyRequest, reply: FastifyReply, run: Run): Promise<ChatReply> {
  if (!wantsStream(request)) {
    const result = await run();
    if (result.result === "nok") throw failureOf(result);
    return result;
  }
  const stream = new PassThrough();
  const send = (event: string, data: unknown) => stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  // a reader that goes away (tab closed, panel reset) stops the model: no tokens spent on nobody
  const cancel = new AbortController();
  let ended = false;
  reply.raw.on("close", () => {
    if (!ended && !reply.raw.writableFinished) cancel.abort();
  });
  run((text) => send("delta", { text }), cancel.signal)
    .then((result) => send("reply", result))
    .catch((err) => {
      request.log.error({ err: err instanceof Error ? err.name : "error" }, "chat: stream failed");
      send("reply", nokReply());
    })
    .finally(() => {
      ended = true;
      stream.end();
    });
  // the reply is the stream: Fastify sends what it returns, so the route's JSON schema is not applied to it
  return reply
    .header("content-type", "text/event-stream; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-accel-buffering", "no")
    .send(stream) as never;
}

export function chatRoutes(assistant: Assistant): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const auth = { preValidation: app.requireUser };

    app.post("/v1/chat", { ...auth, schema: { body: ChatV1Body, response: responses } }, async (request, reply) => {
      const { uid } = callerOf(request);
      const history = historyOf(request.body.history);
      const run = await assistant.prepareV1(uid, bearerTokenOf(request) as string, request.body.message, history);
      return respond(request, reply, run);
    });

    app.get("/v1/chat/status", { ...auth, schema: { response: { 200: ChatStatusReply, 401: NoUserReply } } }, async () =>
      assistant.status(),
    );

    app.post(
      MOVERS_REPORT_PATH,
      // networth's query, on the caller's behalf: unreachable from outside (platform/src/http/server.ts isInternalCall)
      { ...auth, config: { internal: true }, schema: { body: MoversReportBody, response: { ...responses, 200: MoversReportReply } } },
      async (request) => ({ report: await assistant.moversReport(callerOf(request).uid, request.body.facts) }),
    );

    app.post("/v2/chat", { ...auth, schema: { body: ChatV2Body, response: responses } }, async (request, reply) => {
      const { uid } = callerOf(request);
      const run = await assistant.prepareV2(uid, request.body.message, request.body.chat_id || undefined);
      return respond(request, reply, run);
    });
  };
}
