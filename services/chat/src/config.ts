/**
 * The assistant's configuration (README "AI assistant"), read from the process environment with the
 * platform's rule: a bad value stops the start with a message naming the variable. Nothing set is valid:
 * the chat calls then answer 503 naming what to set, and the rest of the app works.
 */
import { type Config, ConfigError, wholeNumber } from "@folio/platform/config";

export type ModelChoice = "v1" | "v2";

export interface ChatSettings {
  /** OPENAI_BASE_URL: any OpenAI-compatible endpoint (Ollama, llama.cpp, vLLM); unset with a key = OpenAI */
  baseURL: string | undefined;
  /** OPENAI_API_KEY: OpenAI's key; local servers take none */
  apiKey: string | undefined;
  models: Record<ModelChoice, string | undefined>;
  /** whole time one chat call may take, tool rounds included */
  timeoutMs: number;
  /** V1: rounds of tool calls before the model must answer */
  maxToolRounds: number;
  /** completion tokens one model call may write (max_tokens) */
  maxTokens: number;
  /** per user: chat calls an hour */
  requestsPerHour: number;
  /** per user: prompt + completion tokens a day (UTC) */
  tokensPerDay: number;
  /** V2: turns kept per chat (oldest dropped) and chats kept per user (least recent dropped) */
  historyTurns: number;
  chatsPerUser: number;
}

function baseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.OPENAI_BASE_URL;
  if (raw === undefined || raw === "") return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    throw new ConfigError("OPENAI_BASE_URL", `must be an http(s) URL such as http://localhost:11434/v1, got '${raw}'`);
  }
  return raw.replace(/\/$/, "");
}

export function chatSettings(config: Config): ChatSettings {
  const env = config.env;
  return {
    baseURL: baseUrl(env),
    apiKey: env.OPENAI_API_KEY || undefined,
    models: { v1: env.CHAT_MODEL_V1 || undefined, v2: env.CHAT_MODEL_V2 || undefined },
    timeoutMs: wholeNumber(env, "CHAT_TIMEOUT_MS", 60_000, 1000, 600_000),
    maxToolRounds: wholeNumber(env, "CHAT_MAX_TOOL_ROUNDS", 4, 1, 20),
    maxTokens: wholeNumber(env, "CHAT_MAX_TOKENS", 1024, 16, 32_768),
    requestsPerHour: wholeNumber(env, "CHAT_REQUESTS_PER_HOUR", 60, 1, 100_000),
    tokensPerDay: wholeNumber(env, "CHAT_TOKENS_PER_DAY", 200_000, 1000, 100_000_000),
    historyTurns: wholeNumber(env, "CHAT_HISTORY_TURNS", 40, 2, 400),
    chatsPerUser: wholeNumber(env, "CHAT_CHATS_PER_USER", 50, 1, 10_000),
  };
}

/** The variables still to set before `model` can answer; empty when it can. */
export function missingFor(settings: ChatSettings, model: ModelChoice): string[] {
  const missing: string[] = [];
  if (!settings.baseURL && !settings.apiKey) missing.push("OPENAI_BASE_URL (or OPENAI_API_KEY for OpenAI)");
  if (!settings.models[model]) missing.push(model === "v1" ? "CHAT_MODEL_V1" : "CHAT_MODEL_V2");
  return missing;
}
