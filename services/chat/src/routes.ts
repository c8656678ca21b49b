/**
 * The assistant's calls (@folio/proto/contracts/chat), for the signed-in caller only: POST /v1/chat and
 * /v2/chat (spec §7), the status (which models are configured, so the panel can say what is missing before a
 * message is sent) and the biggest movers (movers.ts: networth's figures, the report in the assistant's words). A client that accepts `text/event-stream` gets the answer streamed (proto chat.ts: `delta` events,
 * then one `reply`); any other gets the JSON reply. A model failure is `result: 'nok'`: HTTP 503 in JSON, the
 * `reply` event when streamed.
 */
import { PassThrough } from "node:stream";
import { lazyCheck } from "@folio/platform/check";
import { bearerTokenOf, callerOf } from "@folio/platform/http/auth";
import { HttpError } from "@folio/platform/http/errors";
import { route } from "@folio/platform/http/route";
import { type ChatReply, type ChatTurn, ChatTurn as ChatTurnSchema } from "@folio/proto/chat";
import { CHAT_LIMITS } from "@folio/proto/constants";
import { ChatContracts as calls } from "@folio/proto/contracts/chat";
import { ErrorCodes } from "@folio/proto/errors";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { failureOf, nokReply, type Run } from "./assistant.ts";
import type { ChatContext } from "./context.ts";

const historyCheck = lazyCheck(Type.Array(ChatTurnSchema, { maxItems: CHAT_LIMITS.historyMaxTurns }));

/** What a user reads when the chat's earlier turns the page sent cannot be read (never a validator's words). */
const HISTORY_UNREADABLE = `The conversation so far could not be read: start a new chat. (It must be at most ${CHAT_LIMITS.historyMaxTurns} turns, each yours or the assistant's, with its text.)`;

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
    throw new HttpError(400, ErrorCodes.validation, HISTORY_UNREADABLE);
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

export function chatRoutes({ assistant, movers }: ChatContext): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.v1, async (request, reply) => {
      const { uid } = callerOf(request);
      const history = historyOf(request.body.history);
      const run = await assistant.prepareV1(uid, bearerTokenOf(request) as string, request.body.message, history);
      return respond(request, reply, run);
    });

    route(app, calls.status, async () => assistant.status());

    route(app, calls.biggestMovers, async (request) =>
      movers.biggestMovers(callerOf(request).uid, bearerTokenOf(request) as string, request.query.report !== "factual"),
    );

    route(app, calls.v2, async (request, reply) => {
      const { uid } = callerOf(request);
      const run = await assistant.prepareV2(uid, request.body.message, request.body.chat_id || undefined);
      return respond(request, reply, run);
    });
  };
}
