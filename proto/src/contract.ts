/**
 * A call's contract: its address (routes.ts) with what it carries, as TypeBox schemas: path parameters, query,
 * JSON body, the reply for each status, and the error codes its error replies may carry (error-codes.ts).
 * Declared once per call in contracts/<service>.ts; the server registers the call from it
 * (platform/src/http/route.ts), other services call it through it (platform/src/internal.ts), the OpenAPI
 * document is generated from it and the web takes its types from it.
 */
import type { Static, TSchema } from "typebox";
import { COMMON_ERROR_CODES, type ErrorCode, ErrorCodes } from "./error-codes.ts";
import { NoUserReply } from "./errors.ts";
import type { PathParams, Route, RouteSpec } from "./routes.ts";

export type ReplySchemas = { readonly [status: number]: TSchema };

export interface ContractSchemas {
  readonly params?: TSchema;
  readonly query?: TSchema;
  /** the JSON body (a multipart or raw body is the handler's to read: routes.ts BodyKind) */
  readonly body?: TSchema;
  /** the reply of each status; a reply schema also strips what it does not declare */
  readonly reply: ReplySchemas;
  /** the codes its error replies may carry, beyond those every call may (CommonErrorCodes) */
  readonly errors?: readonly ErrorCode[];
}

/** 401 `{ result: 'nouser' }` for a visitor, on every call that needs a signed-in caller. */
type WithNoUser<A extends RouteSpec["auth"], R extends ReplySchemas> = A extends "required" ? { 401: typeof NoUserReply } & R : R;

export type Contract<R extends Route = Route, S extends ContractSchemas = ContractSchemas> = R &
  Omit<S, "reply" | "errors"> & {
    readonly reply: WithNoUser<R["auth"], S["reply"]>;
    /** every code it may answer with: its own, those every call may, `unauthorized` when it needs a caller */
    readonly errors: readonly ErrorCode[];
  };

/** Any contract, for code that handles them all (registration, clients, OpenAPI). */
export type AnyContract = Route & {
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema | undefined;
  readonly reply: ReplySchemas;
  readonly errors: readonly ErrorCode[];
};

/** A route's contract: its address with the schemas of what it carries. */
export function contract<const R extends Route, const S extends ContractSchemas>(route: R, schemas: S): Contract<R, S> {
  const required = route.auth === "required";
  return {
    ...route,
    ...schemas,
    reply: required ? { 401: NoUserReply, ...schemas.reply } : schemas.reply,
    errors: [...new Set([...COMMON_ERROR_CODES, ...(required ? [ErrorCodes.unauthorized] : []), ...(schemas.errors ?? [])])],
  } as never;
}

/** The contracts of one service's routes: exactly one per route (a missing or an extra one does not compile). */
export type ServiceContracts<T extends Record<string, Route>> = { readonly [K in keyof T]: AnyContract & T[K] };

type StaticOr<S, Otherwise> = S extends TSchema ? Static<S> : Otherwise;

/** What a handler and a caller see of a call's parts. */
export type ParamsOf<C extends AnyContract> = StaticOr<C["params"], PathParams<C["path"]>>;
export type QueryOf<C extends AnyContract> = StaticOr<C["query"], Record<string, never>>;
export type BodyOf<C extends AnyContract> = StaticOr<C["body"], undefined>;

/** The statuses a reply is declared for, and the body of one. */
export type StatusOf<C extends AnyContract> = keyof C["reply"] & number;
export type ReplyOf<C extends AnyContract, S extends StatusOf<C> = StatusOf<C>> = Static<C["reply"][S]>;

type Success = 200 | 201 | 202 | 204;
/** The body of any success reply (what a handler returns). */
export type SuccessOf<C extends AnyContract> = { [S in StatusOf<C> & Success]: Static<C["reply"][S]> }[StatusOf<C> & Success];

/** A reply as a caller receives it: the status with its body, for each status declared. */
export type AnswerOf<C extends AnyContract> = { [S in StatusOf<C>]: { status: S; body: Static<C["reply"][S]> } }[StatusOf<C>];
