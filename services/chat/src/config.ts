/**
 * The assistant's configuration: its variables, declared once (docs/configuration.md is written from this
 * schema) and read with the platform's rule: a bad value stops the start naming the variable. Nothing set
 * is valid: the chat calls then answer 503 naming what to set (notConfigured), and the rest of the app works.
 */
import type { Config } from "@folio/platform/config";
import { Env, environment, feature, readEnv } from "@folio/platform/env";
import { ChatMessages } from "@folio/proto/constants";
import { ChatErrorCodes } from "@folio/proto/error-codes";

const ASSISTANT = "the AI assistant (POST /v1/chat and /v2/chat)";

export const ChatEnvironment = environment(
  "AI assistant",
  "Read by the chat service: any OpenAI-compatible Chat Completions endpoint. OpenAI: set OPENAI_API_KEY (base URL optional); Ollama: OPENAI_BASE_URL=http://localhost:11434/v1 and no key. Unset → POST /v1/chat and /v2/chat answer 503 naming what to set, and the chat panel says so.",
  {
    OPENAI_BASE_URL: Env.url({
      protocols: ["http:", "https:"],
      feature: ASSISTANT,
      description: "Any OpenAI-compatible endpoint (Ollama, llama.cpp, vLLM); unset with a key = OpenAI.",
    }),
    OPENAI_API_KEY: Env.text({ feature: ASSISTANT, secret: true, description: "OpenAI's key; local servers take none." }),
    CHAT_MODEL_V1: Env.text({
      feature: ASSISTANT,
      description: "FireEngineV1's model (tools over the user's data: pick a model that supports function calling).",
    }),
    CHAT_MODEL_V2: Env.text({ feature: ASSISTANT, description: "FireEngineV2's model (fast, no data access)." }),
    CHAT_TIMEOUT_MS: Env.integer({
      default: 60_000,
      minimum: 1000,
      maximum: 600_000,
      description: "Whole time one chat call may take, tool rounds included.",
    }),
    CHAT_MAX_TOOL_ROUNDS: Env.integer({
      default: 4,
      minimum: 1,
      maximum: 20,
      description: "V1: rounds of tool calls before the model must answer.",
    }),
    CHAT_MAX_TOKENS: Env.integer({
      default: 1024,
      minimum: 16,
      maximum: 32_768,
      description: "Completion tokens one model call may write (max_tokens).",
    }),
    CHAT_REQUESTS_PER_HOUR: Env.integer({ default: 60, minimum: 1, maximum: 100_000, description: "Per user: chat calls an hour." }),
    CHAT_TOKENS_PER_DAY: Env.integer({
      default: 200_000,
      minimum: 1000,
      maximum: 100_000_000,
      description: "Per user: prompt + completion tokens a day (UTC).",
    }),
    CHAT_HISTORY_TURNS: Env.integer({ default: 40, minimum: 2, maximum: 400, description: "V2: turns kept per chat (oldest dropped)." }),
    CHAT_CHATS_PER_USER: Env.integer({
      default: 50,
      minimum: 1,
      maximum: 10_000,
      description: "V2: chats kept per user (least recent dropped).",
    }),
  },
);

/** The assistant: its variables, and the 503 naming those a model choice still needs (missingFor). */
export const AssistantFeature = feature(ChatEnvironment, ASSISTANT, {
  code: ChatErrorCodes.notConfigured,
  message: ChatMessages.notConfigured,
  extra: (missing) => ({ result: "nok", missing }),
});

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

export function chatSettings(config: Config): ChatSettings {
  const env = readEnv(ChatEnvironment, config.env);
  return {
    baseURL: env.OPENAI_BASE_URL?.replace(/\/$/, ""),
    apiKey: env.OPENAI_API_KEY,
    models: { v1: env.CHAT_MODEL_V1, v2: env.CHAT_MODEL_V2 },
    timeoutMs: env.CHAT_TIMEOUT_MS,
    maxToolRounds: env.CHAT_MAX_TOOL_ROUNDS,
    maxTokens: env.CHAT_MAX_TOKENS,
    requestsPerHour: env.CHAT_REQUESTS_PER_HOUR,
    tokensPerDay: env.CHAT_TOKENS_PER_DAY,
    historyTurns: env.CHAT_HISTORY_TURNS,
    chatsPerUser: env.CHAT_CHATS_PER_USER,
  };
}

/**
 * The variables still to set before `model` can answer; empty when it can. The assistant needs an endpoint
 * (a base URL, or OpenAI's key) and the choice's model, so the 503 names only what this choice lacks.
 */
export function missingFor(settings: ChatSettings, model: ModelChoice): string[] {
  const missing: string[] = [];
  if (!settings.baseURL && !settings.apiKey) missing.push("OPENAI_BASE_URL (or OPENAI_API_KEY for OpenAI)");
  if (!settings.models[model]) missing.push(model === "v1" ? "CHAT_MODEL_V1" : "CHAT_MODEL_V2");
  return missing;
}
