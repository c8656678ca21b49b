/**
 * Per-user limits on the assistant, counted in the service's cache (shared by its replicas through Redis):
 * chat calls an hour, and prompt + completion tokens a day (UTC). The token count is read, then written after
 * the answer, so two answers at once can overshoot the budget by one answer: a budget, not a bill.
 */
import type { Cache } from "@folio/platform/cache/port";
import type { Clock } from "@folio/platform/clock";
import { tooManyRequests } from "@folio/platform/http/errors";
import { ChatMessages } from "@folio/proto/constants";
import type { ChatSettings } from "./config.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);
const tokensKey = (uid: string, now: number) => `tokens:${uid}:${dayOf(now)}`;

export class ChatLimits {
  constructor(
    private readonly cache: Cache,
    private readonly clock: Clock,
    private readonly settings: ChatSettings,
  ) {}

  /** Counts one call; throws a 429 (with Retry-After) past the hourly count or the daily tokens. Returns the tokens left. */
  async admit(uid: string): Promise<number> {
    const now = this.clock.now();
    const used = (await this.cache.get<number>(tokensKey(uid, now))) ?? 0;
    if (used >= this.settings.tokensPerDay) throw tooManyRequests(ChatMessages.tokenBudget, DAY - (now % DAY));
    const key = `rate:${uid}`;
    const count = await this.cache.incr(key, HOUR);
    if (count > this.settings.requestsPerHour) throw tooManyRequests(ChatMessages.tooManyRequests, (await this.cache.ttl(key)) ?? HOUR);
    return this.settings.tokensPerDay - used;
  }

  async spend(uid: string, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    const now = this.clock.now();
    const key = tokensKey(uid, now);
    const used = (await this.cache.get<number>(key)) ?? 0;
    await this.cache.set(key, used + tokens, DAY - (now % DAY));
  }
}
