import { describe, expect, it } from "vitest";
import { ConfigError, configurationDocs, Env, environment, feature, missingFor, readEnv } from "../src/env.ts";
import { notConfigured } from "../src/http/errors.ts";

const Example = environment("Example", "A service's variables.", {
  EXAMPLE_COUNT: Env.integer({ default: 3, minimum: 1, maximum: 10, description: "How many." }),
  EXAMPLE_ON: Env.flag({ default: false, description: "Whether." }),
  EXAMPLE_URL: Env.url({ protocols: ["http:", "https:"], feature: "the example", description: "Where." }),
  EXAMPLE_KEY: Env.text({ secret: true, feature: "the example", requiredInCluster: "the others check it", description: "A key." }),
  EXAMPLE_MODE: Env.oneOf(["a", "b"], { default: "a", description: "Which." }),
  EXAMPLE_HOSTS: Env.list({ pattern: "^[a-z]+:\\d+$", refusal: "must be host:port", description: "Hosts." }),
  EXAMPLE_TO: Env.text({ trim: true, pattern: "^\\S+@\\S+$", refusal: "must be an e-mail address", description: "Who." }),
});

describe("readEnv", () => {
  it("gives the defaults for unset and empty variables", () => {
    expect(readEnv(Example, { EXAMPLE_COUNT: "" })).toEqual({
      EXAMPLE_COUNT: 3,
      EXAMPLE_ON: false,
      EXAMPLE_URL: undefined,
      EXAMPLE_KEY: undefined,
      EXAMPLE_MODE: "a",
      EXAMPLE_HOSTS: [],
      EXAMPLE_TO: undefined,
    });
  });

  it("reads each kind from its text", () => {
    const env = readEnv(Example, {
      EXAMPLE_COUNT: "10",
      EXAMPLE_ON: "1",
      EXAMPLE_URL: "https://example.com/",
      EXAMPLE_MODE: "b",
      EXAMPLE_HOSTS: " a:1, ,b:2 ",
      EXAMPLE_TO: "  ann@example.com ",
    });
    expect(env).toMatchObject({ EXAMPLE_COUNT: 10, EXAMPLE_ON: true, EXAMPLE_URL: "https://example.com/", EXAMPLE_MODE: "b" });
    expect(env.EXAMPLE_HOSTS).toEqual(["a:1", "b:2"]);
    expect(env.EXAMPLE_TO).toBe("ann@example.com");
  });

  it.each([
    ["EXAMPLE_COUNT", "three", "EXAMPLE_COUNT must be a whole number, got 'three'"],
    ["EXAMPLE_COUNT", "11", "EXAMPLE_COUNT must be between 1 and 10, got 11"],
    ["EXAMPLE_ON", "yes", "EXAMPLE_ON must be true or false, got 'yes'"],
    ["EXAMPLE_URL", "nowhere", "EXAMPLE_URL must be a URL (http:, https:), got 'nowhere'"],
    ["EXAMPLE_URL", "ftp://x", "EXAMPLE_URL must use http: or https:, got 'ftp:'"],
    ["EXAMPLE_MODE", "c", "EXAMPLE_MODE must be one of a, b, got 'c'"],
    ["EXAMPLE_HOSTS", "a:1,b", "EXAMPLE_HOSTS must be host:port, got 'b'"],
    ["EXAMPLE_TO", "ann", "EXAMPLE_TO must be an e-mail address, got 'ann'"],
  ])("refuses %s=%s naming the variable", (name, value, message) => {
    expect(() => readEnv(Example, { [name]: value })).toThrow(ConfigError);
    expect(() => readEnv(Example, { [name]: value })).toThrow(`Invalid configuration: ${message}`);
  });

  it("in the cluster, refuses to start without a variable the cluster requires, saying why", () => {
    expect(() => readEnv(Example, {}, { cluster: true })).toThrow(
      "EXAMPLE_KEY must be set in the cluster (or EXAMPLE_KEY_FILE naming a file that holds it): the others check it",
    );
    expect(readEnv(Example, {}).EXAMPLE_KEY).toBeUndefined();
  });
});

describe("a feature's variables and its 503", () => {
  const example = feature(Example, "the example", {
    code: "example/not-configured",
    message: (missing) => `The example is not configured: set ${missing.join(", ")}.`,
    extra: (missing) => ({ missing }),
  });

  it("are the variables the schema marks, in order; the missing ones are those unset", () => {
    expect(example.variables).toEqual(["EXAMPLE_URL", "EXAMPLE_KEY"]);
    expect(missingFor(Example, "the example", { EXAMPLE_URL: "http://x" })).toEqual(["EXAMPLE_KEY"]);
  });

  it("answers 503 with the feature's code and words, naming what to set", () => {
    const err = notConfigured(example, ["EXAMPLE_KEY"]);
    expect(err.statusCode).toBe(503);
    expect(err.body()).toEqual({
      error: "The example is not configured: set EXAMPLE_KEY.",
      code: "example/not-configured",
      missing: ["EXAMPLE_KEY"],
    });
    expect(notConfigured(example).message).toBe("The example is not configured: set EXAMPLE_URL, EXAMPLE_KEY.");
  });

  it("is refused when no variable enables it", () => {
    expect(() => feature(Example, "nothing", { code: "x", message: () => "" })).toThrow(/no variable/);
  });
});

describe("configurationDocs", () => {
  it("writes a table per schema with type, default, description and the marks", () => {
    const docs = configurationDocs([Example], "# Configuration");
    expect(docs).toContain("## Example\n\nA service's variables.");
    expect(docs).toContain("| `EXAMPLE_COUNT` | whole number, 1–10 | `3` | How many. |");
    expect(docs).toContain("| `EXAMPLE_MODE` | one of `a`, `b` | `a` | Which. |");
    expect(docs).toMatch(
      /\| `EXAMPLE_KEY` \| text \| \(unset\) \| A key\. Secret: may be given as `EXAMPLE_KEY_FILE`.*Required in the cluster: the others check it\. Needed by the example/,
    );
  });
});
