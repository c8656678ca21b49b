/**
 * The one failure policy of calls between services (internal.ts): a reply the contract declares, its body
 * checked, or ServiceUnavailableError: no answer in time, a 5xx, an undeclared status, a body that is not the
 * contract's. The request is built from the contract (method, path with its parameters, query, body, token).
 */
import { contract } from "@folio/proto/contract";
import { ErrorReply } from "@folio/proto/errors";
import type { Route } from "@folio/proto/routes";
import { Type } from "typebox";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  call,
  type InternalReply,
  type InternalRequest,
  read,
  SERVICE_CALL_TIMEOUT_MS,
  type ServiceClient,
  ServiceUnavailableError,
} from "../src/internal.ts";

const quote = contract(
  { service: "pricing", name: "quote", method: "GET", path: "/v1/test/quote/:ticker", auth: "none" } as const satisfies Route,
  { reply: { 200: Type.Object({ price: Type.Number() }), 404: ErrorReply, 503: ErrorReply } },
);

function answering(answer: (request: InternalRequest) => Promise<InternalReply<unknown>>) {
  const asked: { service: string; request: InternalRequest }[] = [];
  const services: ServiceClient = {
    call: async <T>(service: string, request: InternalRequest) => {
      asked.push({ service, request });
      return (await answer(request)) as InternalReply<T>;
    },
  };
  return { services, asked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("calls between services", () => {
  it("ask the contract's service at its path, with the query and the caller's token", async () => {
    const { services, asked } = answering(async () => ({ status: 200, body: { price: 12.5 } }));
    expect(await read(services, quote, { params: { ticker: "BRK.B" }, query: { date: "2024-01-02" }, token: "t" })).toEqual({
      price: 12.5,
    });
    expect(asked).toEqual([{ service: "pricing", request: { method: "GET", path: "/v1/test/quote/BRK.B?date=2024-01-02", token: "t" } }]);
  });

  it("hand a declared refusal to the caller as it came", async () => {
    const { services } = answering(async () => ({ status: 404, body: { error: "Unknown ticker: X", code: "not_found" } }));
    expect(await call(services, quote, { params: { ticker: "X" } })).toEqual({
      status: 404,
      body: { error: "Unknown ticker: X", code: "not_found" },
    });
    await expect(read(services, quote, { params: { ticker: "X" } })).rejects.toThrow(ServiceUnavailableError);
  });

  it.each([
    ["a 5xx, declared or not", { status: 503, body: { error: "down", code: "unavailable" } }, /answered 503/],
    ["a status the contract does not declare", { status: 418, body: {} }, /418, which its contract does not declare/],
    ["a body that is not the contract's", { status: 200, body: { price: "12" } }, /not what its contract says/],
  ])("count %s as the service unavailable", async (_what, reply, message) => {
    const { services } = answering(async () => reply);
    const failure = call(services, quote, { params: { ticker: "X" } });
    await expect(failure).rejects.toThrow(ServiceUnavailableError);
    await expect(failure).rejects.toThrow(message);
  });

  it("count a transport failure, and no answer within the timeout, as the service unavailable", async () => {
    const refused = answering(async () => {
      throw new Error("connect ECONNREFUSED");
    });
    await expect(call(refused.services, quote, { params: { ticker: "X" } })).rejects.toThrow(ServiceUnavailableError);

    vi.useFakeTimers();
    const silent = answering(() => new Promise(() => {}));
    const pending = call(silent.services, quote, { params: { ticker: "X" } });
    const outcome = expect(pending).rejects.toThrow(/no answer within/);
    await vi.advanceTimersByTimeAsync(SERVICE_CALL_TIMEOUT_MS);
    await outcome;
    await expect(pending).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
