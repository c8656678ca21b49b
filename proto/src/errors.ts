import { type Static, Type } from "typebox";

/** Every 4xx/5xx reply of the public API that is not one of the spec's `result` shapes. */
export const ErrorReply = Type.Object({
  error: Type.String({ description: "A message fit to show the user" }),
  code: Type.String({ description: "A stable machine-readable code" }),
});
export type ErrorReply = Static<typeof ErrorReply>;

/** The spec's "missing user" reply: HTTP 401 `{ result: 'nouser' }` opens the login modal. */
export const NoUserReply = Type.Object({ result: Type.Literal("nouser"), error: Type.String(), code: Type.String() });

/** The spec's messages live with the other shared constants (constants.ts), which the web imports too. */
export { Messages } from "./constants.ts";
/** The registry of error codes (error-codes.ts): plain values the web imports too. */
export { type ErrorCode, ErrorCodes } from "./error-codes.ts";
