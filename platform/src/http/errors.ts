/** A failure with a reply the user may see: thrown by routes, turned into a reply by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** reply headers that go with it (Retry-After) */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
  body(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export const badRequest = (code: string, message: string, extra?: Record<string, unknown>) => new HttpError(400, code, message, extra);
export const notFound = (message: string) => new HttpError(404, "not_found", message);
export const conflict = (code: string, message: string, extra?: Record<string, unknown>) => new HttpError(409, code, message, extra);
/** 429 with Retry-After, in whole seconds (at least 1). */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, "rate_limited", message, {}, { "retry-after": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
export const unavailable = (message: string) => new HttpError(503, "unavailable", message);
