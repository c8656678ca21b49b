import { ErrorCodes } from "@folio/proto/error-codes";

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
export const notFound = (message: string) => new HttpError(404, ErrorCodes.notFound, message);
export const conflict = (code: string, message: string, extra?: Record<string, unknown>) => new HttpError(409, code, message, extra);
/** 429 with Retry-After, in whole seconds (at least 1). */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, ErrorCodes.rateLimited, message, {}, { "retry-after": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
export const unavailable = (message: string) => new HttpError(503, ErrorCodes.unavailable, message);

/** One schema error as Ajv reports it (the fields Fastify passes on in `error.validation`). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The product's words for the fields a request carries; any other is spelled out from its name ("price_id" → "Price id"). */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  pName: "Portfolio name",
  pname: "Portfolio name",
  newPortfolioName: "Portfolio name",
  pDescription: "Description",
  displayName: "Display name",
  username: "Username",
  email: "E-mail address",
  password: "Password",
  ticker: "Ticker",
  quantity: "Quantity",
  PoA: "Purchase price",
  DoA: "Purchase date",
  fee: "Fee",
  initialPercent: "Initial percent",
  totalValue: "Total value",
  indexTicker: "Benchmark",
  formatGains: "Gains format",
  baseCurrency: "Base currency",
  price_id: "Plan",
  assets: "The list of assets",
  query: "Search text",
  pageSize: "Page size",
  rev: "Revision",
  slug: "Portfolio link",
  history: "Chat history",
  referrer: "Referral",
};

function spelledOut(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "A value";
}

/**
 * The field an instance path names, in words: the last named segment, with the list item it is in
 * ("/portfolio/assets/2/quantity" → "Quantity of asset 3"; "/portfolio/pName" → "Portfolio name").
 */
export function fieldName(instancePath: string, property?: string): string {
  const segments = [...instancePath.split("/").filter(Boolean), ...(property ? [property] : [])].map((s) =>
    s.replace(/~1/g, "/").replace(/~0/g, "~"),
  );
  let name: string | undefined;
  let item: { list: string; index: number } | null = null;
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i] as string;
    if (/^\d+$/.test(segment)) {
      if (name !== undefined && item === null && i > 0) item = { list: segments[i - 1] as string, index: Number(segment) };
      continue;
    }
    if (name === undefined) name = segment;
  }
  const label = name === undefined ? "The request" : (FIELD_NAMES[name] ?? spelledOut(name));
  if (!item) return label;
  const list = item.list === "assets" ? "asset" : item.list === "history" ? "message" : "item";
  return `${label} of ${list} ${item.index + 1}`;
}

const count = (n: unknown) => (typeof n === "number" ? n.toLocaleString("en-US") : String(n));
const plural = (n: unknown, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

const TYPE_WORDS: Readonly<Record<string, string>> = {
  number: "a number",
  integer: "a whole number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "a set of fields",
  null: "empty",
};

const typeWords = (type: unknown) => (Array.isArray(type) ? type : [type]).map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(" or ");

/** What a pattern asks for, said for the patterns the API uses; otherwise in general words. */
function patternWords(pattern: string, field: string): string {
  if (pattern.includes("A-Za-z0-9.^=-")) return "may only contain letters, digits and . - ^ =";
  if (pattern.includes("\\d{4}-\\d{2}-\\d{2}")) return "must be a date written YYYY-MM-DD";
  if (pattern.includes("a-z0-9][a-z0-9-]")) return "may only contain lower-case letters, digits and dashes";
  return field === "Ticker" ? "is not a ticker" : "is not in the expected form";
}

/** One error as a sentence naming its field. */
function sentence(e: SchemaError): string {
  const p = e.params;
  if (e.keyword === "required") return `${fieldName(e.instancePath, String(p.missingProperty))} is required`;
  const field = fieldName(e.instancePath);
  switch (e.keyword) {
    case "maxLength":
      return `${field} must be at most ${plural(p.limit, "character", "characters")}`;
    case "minLength":
      return p.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${plural(p.limit, "character", "characters")}`;
    case "maximum":
      return `${field} must be at most ${count(p.limit)}`;
    case "minimum":
      return `${field} must be at least ${count(p.limit)}`;
    case "exclusiveMaximum":
      return `${field} must be less than ${count(p.limit)}`;
    case "exclusiveMinimum":
      return `${field} must be more than ${count(p.limit)}`;
    case "maxItems":
      return `${field} may hold at most ${plural(p.limit, "item", "items")}`;
    case "minItems":
      return `${field} must hold at least ${plural(p.limit, "item", "items")}`;
    case "type":
      return `${field} must be ${typeWords(p.type)}`;
    case "enum":
      return `${field} must be one of: ${(Array.isArray(p.allowedValues) ? p.allowedValues : []).map((v) => (v === "" ? "(none)" : String(v))).join(", ")}`;
    case "const":
      return `${field} must be ${String(p.allowedValue)}`;
    case "pattern":
      return `${field} ${patternWords(String(p.pattern), field)}`;
    case "format":
      return p.format === "email" ? `${field} must be an e-mail address` : `${field} is not a valid ${String(p.format)}`;
    case "multipleOf":
      return `${field} must be a multiple of ${count(p.multipleOf)}`;
    default:
      return `${field} is not valid`;
  }
}

/**
 * A request the route's schema refused, as a sentence a user can act on, naming the field in the product's
 * words ("Portfolio name must be at most 100 characters"), never the validator's text ("body/pName must
 * NOT have more than 100 characters"). Ajv stops at the first failing keyword; when that is a union
 * (anyOf/oneOf, reported last after one error per alternative), the alternative whose type the value had
 * says what is wrong with it, else the types it may be are named.
 */
export function validationMessage(errors: readonly SchemaError[]): string {
  const last = errors.at(-1);
  if (!last) return "The request is not valid";
  if (last.keyword !== "anyOf" && last.keyword !== "oneOf") return sentence(errors[0] as SchemaError);
  const branches = errors.slice(0, -1).filter((e) => e.instancePath.startsWith(last.instancePath));
  // literals ("$" or "%"): the values it may take
  if (branches.length > 0 && branches.every((e) => e.keyword === "const" && e.instancePath === last.instancePath)) {
    return `${fieldName(last.instancePath)} must be one of: ${branches.map((e) => (e.params.allowedValue === "" ? "(none)" : String(e.params.allowedValue))).join(", ")}`;
  }
  const telling = branches.find((e) => e.keyword !== "type" || e.instancePath !== last.instancePath);
  if (telling) return sentence(telling);
  const types = [...new Set(branches.flatMap((e) => (Array.isArray(e.params.type) ? e.params.type : [e.params.type])))];
  return types.length > 0 ? `${fieldName(last.instancePath)} must be ${typeWords(types)}` : sentence(last);
}
