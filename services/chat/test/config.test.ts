import { ConfigError, loadConfig } from "@folio/platform/config";
import { describe, expect, it } from "vitest";
import { chatSettings, missingFor } from "../src/config.ts";

const settingsOf = (env: Record<string, string>) =>
  chatSettings(loadConfig({ DATA_DIR: "/tmp/folio-test-unused", JWT_SECRET: "x".repeat(40), ...env }));

describe("the assistant's configuration", () => {
  it("nothing set: both models name what is missing; the bounds have their defaults", () => {
    const s = settingsOf({});
    expect(missingFor(s, "v1")).toEqual(["OPENAI_BASE_URL (or OPENAI_API_KEY for OpenAI)", "CHAT_MODEL_V1"]);
    expect(missingFor(s, "v2")).toEqual(["OPENAI_BASE_URL (or OPENAI_API_KEY for OpenAI)", "CHAT_MODEL_V2"]);
    expect(s).toMatchObject({ timeoutMs: 60_000, maxToolRounds: 4, maxTokens: 1024, requestsPerHour: 60, tokensPerDay: 200_000 });
  });

  it("a local server needs no key; OpenAI needs no base URL", () => {
    expect(missingFor(settingsOf({ OPENAI_BASE_URL: "http://localhost:11434/v1/", CHAT_MODEL_V1: "qwen2.5:7b" }), "v1")).toEqual([]);
    expect(settingsOf({ OPENAI_BASE_URL: "http://localhost:11434/v1/" }).baseURL).toBe("http://localhost:11434/v1");
    expect(missingFor(settingsOf({ OPENAI_API_KEY: "sk-x", CHAT_MODEL_V2: "gpt-4o-mini" }), "v2")).toEqual([]);
  });

  it("a bad value stops the start, naming the variable", () => {
    expect(() => settingsOf({ OPENAI_BASE_URL: "localhost:11434" })).toThrow(ConfigError);
    expect(() => settingsOf({ OPENAI_BASE_URL: "ftp://x" })).toThrow(/OPENAI_BASE_URL/);
    expect(() => settingsOf({ CHAT_MAX_TOOL_ROUNDS: "0" })).toThrow(/CHAT_MAX_TOOL_ROUNDS/);
    expect(() => settingsOf({ CHAT_TIMEOUT_MS: "soon" })).toThrow(/CHAT_TIMEOUT_MS/);
  });
});
