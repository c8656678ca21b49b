/**
 * The one way a process reads its environment. Each service declares its variables once, as a TypeBox
 * schema in its `config.ts` (name, type, default, bounds, description, secret or not, required in the
 * cluster or not, the feature it enables); `readEnv` checks the process environment against that schema
 * and stops the start with a message naming the variable; `configurationDocs` writes the schemas as the
 * configuration reference (docs/configuration.md, `npm run docs:config`), and a test checks that file and
 * .env.example against the schemas.
 *
 * Environment values are text: each variable's `reading` says how its text becomes a value (whole number,
 * flag, URL, one of a few words, comma list, text). Unset and empty mean the same: the default.
 */
import { type Static, type TObject, type TSchema, Type } from "typebox";

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = "ConfigError";
  }
}

type Env = NodeJS.ProcessEnv;

/** What every variable's declaration says about it, beyond its type. */
export interface Described {
  /** what it does, in a sentence or two (the docs and .env.example say the same) */
  description: string;
  /** a key, password or URL that carries one: may be given as `<NAME>_FILE`, never logged or shown */
  secret?: boolean;
  /** the cluster's processes refuse to start without it; the text says why */
  requiredInCluster?: string;
  /** the feature it enables: without it (and the feature's other variables) that feature answers 503 naming them */
  feature?: string;
}

type Reading = "integer" | "flag" | "url" | "text" | "oneOf" | "list";

/** The schema keywords this module reads (TypeBox keeps unknown keywords on the schema as given). */
interface VariableSchema extends Described {
  reading: Reading;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  protocols?: string[];
  pattern?: string;
  minLength?: number;
  /** the refusal when the value (or a list item) does not match `pattern`: "must be host:port" */
  refusal?: string;
  trim?: boolean;
  anyOf?: { const: string }[];
}

/** Builders of the variables' schemas: each is a TypeBox schema carrying its reading and its docs. */
export const Env = {
  /** a whole number in [minimum, maximum] */
  integer: (o: Described & { default: number; minimum: number; maximum: number }) => Type.Integer({ ...o, reading: "integer" }),
  /** true/1 or false/0 */
  flag: (o: Described & { default: boolean }) => Type.Boolean({ ...o, reading: "flag" }),
  /** a URL with one of `protocols` ("https:"); kept as given */
  url: (o: Described & { protocols: string[] }) => Type.Optional(Type.String({ ...o, reading: "url" })),
  /** a URL with a default */
  urlOr: (o: Described & { protocols: string[]; default: string }) => Type.String({ ...o, reading: "url" }),
  /** text; `pattern` (with `refusal`) and `minLength` check it; `trim` drops surrounding spaces */
  text: (o: Described & { pattern?: string; refusal?: string; minLength?: number; trim?: boolean }) =>
    Type.Optional(Type.String({ ...o, reading: "text" })),
  /** text with a default */
  textOr: (o: Described & { default: string }) => Type.String({ ...o, reading: "text" }),
  /** one of a few words */
  oneOf: <const V extends readonly [string, ...string[]]>(values: V, o: Described & { default: V[number] }) =>
    Type.Unsafe<V[number]>(
      Type.Union(
        values.map((v) => Type.Literal(v)),
        { ...o, reading: "oneOf" },
      ),
    ),
  /** a comma list, items trimmed, empty items dropped; each item checked against `pattern` (with `refusal`) */
  list: (o: Described & { pattern?: string; refusal?: string }) => Type.Array(Type.String(), { ...o, default: [], reading: "list" }),
};

/** A service's environment: its variables, and a title and a sentence for the docs. */
export const environment = <P extends Record<string, TSchema>>(title: string, description: string, variables: P) =>
  Type.Object(variables, { title, description });

const variables = (schema: TObject): [string, VariableSchema][] =>
  Object.entries(schema.properties) as unknown as [string, VariableSchema][];

function readOne(name: string, s: VariableSchema, raw: string): unknown {
  switch (s.reading) {
    case "integer": {
      if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got '${raw}'`);
      const n = Number(raw);
      const [min, max] = [s.minimum as number, s.maximum as number];
      if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
      return n;
    }
    case "flag":
      if (raw === "true" || raw === "1") return true;
      if (raw === "false" || raw === "0") return false;
      throw new ConfigError(name, `must be true or false, got '${raw}'`);
    case "url": {
      const protocols = s.protocols ?? [];
      let parsed: URL;
      try {
        parsed = new URL(raw);
      } catch {
        throw new ConfigError(name, `must be a URL (${protocols.join(", ")}), got '${raw}'`);
      }
      if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, `must use ${protocols.join(" or ")}, got '${parsed.protocol}'`);
      return raw;
    }
    case "oneOf": {
      const values = (s.anyOf ?? []).map((v) => v.const);
      if (!values.includes(raw)) throw new ConfigError(name, `must be one of ${values.join(", ")}, got '${raw}'`);
      return raw;
    }
    case "list": {
      const items = raw
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
      for (const item of items) {
        if (s.pattern && !new RegExp(s.pattern).test(item))
          throw new ConfigError(name, `${s.refusal ?? "has an invalid item"}, got '${item}'`);
      }
      return items;
    }
    case "text": {
      const text = s.trim ? raw.trim() : raw;
      if (s.trim && text === "") return s.default;
      if (s.minLength !== undefined && text.length < s.minLength)
        throw new ConfigError(name, `must be at least ${s.minLength} characters long`);
      if (s.pattern && !new RegExp(s.pattern).test(text)) throw new ConfigError(name, `${s.refusal ?? "is not valid"}, got '${text}'`);
      return text;
    }
  }
}

export interface ReadOptions {
  /** a process of the cluster: variables with `requiredInCluster` must be set */
  cluster?: boolean;
}

/**
 * The schema's variables read from `env`: each set value checked and converted, each unset one its default
 * (a list: empty; a variable without a default: undefined). The first bad value stops with a ConfigError.
 */
export function readEnv<S extends TObject>(schema: S, env: Env, options: ReadOptions = {}): Static<S> {
  const out: Record<string, unknown> = {};
  for (const [name, s] of variables(schema)) {
    const raw = env[name];
    if (raw === undefined || raw === "") {
      if (options.cluster && s.requiredInCluster) {
        const file = s.secret ? ` (or ${name}_FILE naming a file that holds it)` : "";
        throw new ConfigError(name, `must be set in the cluster${file}: ${s.requiredInCluster}`);
      }
      out[name] = s.reading === "url" && s.default !== undefined ? readOne(name, s, s.default as string) : s.default;
      continue;
    }
    out[name] = readOne(name, s, raw);
  }
  return out as Static<S>;
}

/** The names of a schema's variables, in declaration order. */
export const variableNames = (schema: TObject): string[] => Object.keys(schema.properties);

/** The variables of `schema` that enable `feature`, in declaration order. */
export const featureVariables = (schema: TObject, feature: string): string[] =>
  variables(schema)
    .filter(([, s]) => s.feature === feature)
    .map(([name]) => name);

/** The variables of `feature` that `env` leaves unset or empty: what its 503 names. */
export const missingFor = (schema: TObject, feature: string, env: Env): string[] =>
  featureVariables(schema, feature).filter((name) => !env[name]);

/**
 * A feature the operator may leave off (Plaid, Stripe, the assistant's model, manual processing): the
 * variables its schema marks with `feature`, and the 503 it answers while any is unset (http/errors.ts
 * notConfigured): the code, and the words that name what to set.
 */
export interface Feature {
  name: string;
  variables: readonly string[];
  code: string;
  message: (missing: readonly string[]) => string;
  /** fields the 503's body carries beside `error` and `code` */
  extra?: (missing: readonly string[]) => Record<string, unknown>;
}

export function feature(schema: TObject, name: string, reply: Omit<Feature, "name" | "variables">): Feature {
  const vars = featureVariables(schema, name);
  if (vars.length === 0) throw new Error(`no variable of '${String((schema as { title?: string }).title)}' enables ${name}`);
  return { name, variables: vars, ...reply };
}

/** Whether a variable is declared secret in any of `schemas`. */
export const secretNames = (schemas: readonly TObject[]): string[] =>
  schemas.flatMap((schema) =>
    variables(schema)
      .filter(([, s]) => s.secret)
      .map(([name]) => name),
  );

function typeOf(s: VariableSchema): string {
  switch (s.reading) {
    case "integer":
      return `whole number, ${s.minimum}–${s.maximum}`;
    case "flag":
      return "true or false";
    case "url":
      return `URL (${(s.protocols ?? []).join(", ")})`;
    case "oneOf":
      return `one of ${(s.anyOf ?? []).map((v) => `\`${v.const}\``).join(", ")}`;
    case "list":
      return "comma list";
    case "text":
      return s.minLength ? `text, at least ${s.minLength} characters` : "text";
  }
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function defaultOf(s: VariableSchema): string {
  if (s.default === undefined || (Array.isArray(s.default) && s.default.length === 0)) return "(unset)";
  return `\`${String(s.default)}\``;
}

/**
 * The configuration reference in Markdown: one table per schema, every variable with its type, default
 * and description; secrets, the cluster's required variables and features' variables marked.
 */
export function configurationDocs(schemas: readonly TObject[], intro: string): string {
  const parts = [intro.trimEnd(), ""];
  for (const schema of schemas as readonly (TObject & { title?: string; description?: string })[]) {
    parts.push(`## ${schema.title}`, "", String(schema.description ?? ""), "");
    // a service that reads no variable of its own says so in its description: no empty table
    if (variables(schema).length === 0) continue;
    parts.push("| Variable | Type | Default | Description |", "| --- | --- | --- | --- |");
    for (const [name, s] of variables(schema)) {
      const notes = [
        s.secret ? `Secret: may be given as \`${name}_FILE\` (a file holding it); never logged.` : "",
        s.requiredInCluster ? `Required in the cluster: ${s.requiredInCluster}.` : "",
        s.feature ? `Needed by ${s.feature}: unset, it answers 503 naming what to set.` : "",
      ].filter(Boolean);
      parts.push(`| \`${name}\` | ${cell(typeOf(s))} | ${cell(defaultOf(s))} | ${cell([s.description, ...notes].join(" "))} |`);
    }
    parts.push("");
  }
  return `${parts.join("\n").trimEnd()}\n`;
}
