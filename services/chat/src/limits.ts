/**
 * Per-user limits on the assistant, counted in the service's cache (shared by its replicas through Redis):
 * chat calls an hour, and prompt + completion tokens a day (UTC).
 *
 * The daily tokens are a budget that is never exceeded: before each model call the most that call can spend
 * is reserved, atomically (the cache's incr), and what it did not spend is given back after it. The most a
 * call can spend is its prompt's bound (promptBound: one token per byte of the request's JSON, as every token
 * of a byte-level tokenizer covers at least one byte) plus its completion's max_tokens, lowered to what is
 * left. So answers that run at once cannot overshoot together; near the end of the day's budget an answer
 * is refused (or a tool round cut) a little before the last token would have been spent.
 */
import type { Cache } from "@folio/platform/cache/port";
import type { Clock } from "@folio/platform/clock";
import { tooManyRequests } from "@folio/platform/http/errors";
import { ChatMessages } from "@folio/proto/constants";
import type { ChatSettings } from "./config.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A call that may write fewer tokens than this is not worth making: the budget counts as spent. */
export const MIN_COMPLETION_TOKENS = 32;

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);
const tokensKey = (uid: string, now: number) => `tokens:${uid}:${dayOf(now)}`;

/** Tokens reserved for one model call: its completion may be at most `maxTokens`; `settle` gives back the rest. */
export interface TokenGrant {
  maxTokens: number;
  /** records what the call spent: 0 when it failed before writing anything, Infinity to keep the whole reservation */
  settle(spent: number): Promise<void>;
}

/** The most tokens a prompt can be: one per byte of its JSON (every token covers at least one byte). */
export function promptBound(request: unknown): number {
  return Buffer.byteLength(JSON.stringify(request));
}

export class ChatLimits {
  constructor(
    private readonly cache: Cache,
    private readonly clock: Clock,
    private readonly settings: ChatSettings,
  ) {}

  /** Counts one call; throws a 429 (with Retry-After) past the hourly count or the daily tokens. */
  async admit(uid: string): Promise<void> {
    const now = this.clock.now();
    const used = (await this.cache.get<number>(tokensKey(uid, now))) ?? 0;
    if (used + MIN_COMPLETION_TOKENS > this.settings.tokensPerDay) throw this.outOfTokens();
    const key = `rate:${uid}`;
    const count = await this.cache.incr(key, HOUR);
    if (count > this.settings.requestsPerHour) throw tooManyRequests(ChatMessages.tooManyRequests, (await this.cache.ttl(key)) ?? HOUR);
  }

  /** The 429 of a day's budget spent, with Retry-After until the next UTC day. */
  outOfTokens() {
    const now = this.clock.now();
    return tooManyRequests(ChatMessages.tokenBudget, DAY - (now % DAY));
  }

  /**
   * Reserves one model call's tokens: `prompt` (its promptBound) and up to `maxTokens` of completion, fewer when
   * less is left today; null when not even MIN_COMPLETION_TOKENS fit.
   */
  async reserve(uid: string, prompt: number, maxTokens: number): Promise<TokenGrant | null> {
    const now = this.clock.now();
    const key = tokensKey(uid, now);
    const ttl = DAY - (now % DAY);
    const used = (await this.cache.get<number>(key)) ?? 0;
    const completion = Math.min(maxTokens, this.settings.tokensPerDay - used - prompt);
    if (completion < MIN_COMPLETION_TOKENS) return null;
    const reserved = prompt + completion;
    const total = await this.cache.incr(key, ttl, reserved);
    if (total > this.settings.tokensPerDay) {
      // another call reserved meanwhile: this one does not fit after all
      await this.cache.incr(key, ttl, -reserved);
      return null;
    }
    let settled = false;
    return {
      maxTokens: completion,
      settle: async (spent) => {
        if (settled) return;
        settled = true;
        const back = reserved - (Number.isFinite(spent) ? Math.max(0, Math.round(spent)) : reserved);
        if (back !== 0) await this.cache.incr(key, ttl, -back);
      },
    };
  }
}
