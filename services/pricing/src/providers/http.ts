/**
 * The vendors' HTTP client: fetch with a timeout per attempt, and retries with exponential backoff when the
 * vendor is rate limiting (429) or failing (5xx, no answer). Other statuses return to the provider, which
 * knows what a 404 means for its API.
 */
import { UpstreamError } from "./port.ts";

export interface HttpSettings {
  baseUrl: string;
  /** per attempt */
  timeoutMs: number;
  /** retries after the first attempt */
  retries: number;
  /** first retry delay, doubled each retry */
  retryBaseMs: number;
  /** a Retry-After longer than this is cut to it: a user is waiting */
  maxRetryDelayMs?: number;
  headers?: Record<string, string>;
}

export interface CallOptions {
  retries?: number;
  timeoutMs?: number;
}

export interface JsonResponse {
  status: number;
  /** parsed JSON, or null when the body was not JSON */
  body: unknown;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const retryable = (status: number) => status === 429 || status >= 500;

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export class JsonHttpClient {
  constructor(
    readonly provider: string,
    private readonly settings: HttpSettings,
  ) {}

  async get(path: string, query: Record<string, string> = {}, options: CallOptions = {}): Promise<JsonResponse> {
    // concatenated, not resolved: a base URL with a path (a proxy's prefix) keeps it
    const url = new URL(`${this.settings.baseUrl.replace(/\/+$/, "")}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const retries = options.retries ?? this.settings.retries;
    const timeoutMs = options.timeoutMs ?? this.settings.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      let failure: UpstreamError;
      let wait = this.settings.retryBaseMs * 2 ** attempt;
      try {
        const response = await fetch(url, {
          headers: { accept: "application/json", ...this.settings.headers },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        if (!retryable(response.status)) return { status: response.status, body: parseJson(text) };
        failure = new UpstreamError(this.provider, response.status, `HTTP ${response.status} from ${url.pathname}`);
        const asked = retryAfterMs(response.headers.get("retry-after"));
        if (asked !== null) wait = Math.max(wait, Math.min(asked, this.settings.maxRetryDelayMs ?? 5000));
      } catch (err) {
        const reason = (err as Error).name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : `${(err as Error).message}`;
        failure = new UpstreamError(this.provider, null, `${reason} (${url.pathname})`);
      }
      if (attempt >= retries) throw failure;
      await sleep(wait);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
