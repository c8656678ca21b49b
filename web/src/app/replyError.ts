/**
 * A failed call as the API answered it, narrowed once for every feature: its status, its code (matched
 * against the registry, @folio/proto/error-codes, never a literal), the words to show and any hint. From an
 * RTK Query error (`{ status, data }`) or from a plain fetch's status and JSON body (the chat's stream).
 */
import type { ErrorCode } from "@folio/proto/error-codes";

export interface ReplyError {
  /**
   * the HTTP status, or RTK Query's kind of failure when no reply came ("FETCH_ERROR", "PARSING_ERROR", …);
   * null for a success reply read as a failure (a save answered `result: 'nok'`)
   */
  status: number | string | null;
  /** the reply's code (error-codes.ts), when it carries one */
  code: string | null;
  /**
   * the words to show: the spec's `data` (§8), else `error`, else a refusal's `message` (a settings refusal
   * carries its words in both); null without any. A success reply's `message` ("showPopup") is not words to show.
   */
  message: string | null;
  /** what to do about it, when the reply says (an import that found nothing) */
  hint: string | null;
  /** the reply's fields (empty when it had no JSON object) */
  body: Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** The reply of a plain fetch, read the same way. */
export function replyOf(status: number | string | null, data: unknown): ReplyError {
  const body = (typeof data === "object" && data !== null && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  return {
    status,
    code: text(body.code),
    message: text(body.data) ?? text(body.error) ?? (typeof status === "number" && status >= 400 ? text(body.message) : null),
    hint: text(body.hint),
    body,
  };
}

/**
 * An RTK Query error (`{ status, data }`), or a reply's body given as `{ data }`, as the API answered it; null
 * for what is neither.
 */
export function replyError(error: unknown): ReplyError | null {
  if (typeof error !== "object" || error === null || !("status" in error || "data" in error)) return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  return replyOf(typeof status === "number" || typeof status === "string" ? status : null, data);
}

/** Whether a failed call answered with this code. */
export const hasCode = (error: unknown, code: ErrorCode): boolean => replyError(error)?.code === code;

/** The message to show for a failed call: the server's words (see ReplyError.message), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return replyError(error)?.message ?? fallback;
}
