/**
 * The one logger of every process: pino, JSON lines for machines, pretty lines when a person watches a
 * terminal (`npm start`). What may never be written: tokens, passwords, secrets, e-mail addresses and the
 * query values that carry them (a reset link's token), whatever object they sit in.
 */
import { type Logger, type LoggerOptions, pino } from "pino";

export type { Logger };

/** Paths never written to logs. */
export const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  "password",
  "*.password",
  "token",
  "*.token",
  "idToken",
  "*.idToken",
  "secret",
  "*.secret",
  "email",
  "*.email",
  "to",
  "*.to",
];

/** Query parameters whose values are never logged (reset tokens, addresses, keys). */
const SENSITIVE_QUERY = /^(token|password|email|key|secret|code|access_token|public_token|referral)$/i;

/** A path segment that is an e-mail address (the spec's delete_plaid_connection/{email}/… puts one in a path). */
const ADDRESS_SEGMENT = /\/[^/?]*(@|%40)[^/?]*/g;

/** A request URL as it may be logged: the path with addresses replaced, and the query with sensitive values replaced. */
export function loggableUrl(raw: string): string {
  const url = raw.replace(ADDRESS_SEGMENT, "/[redacted]");
  const at = url.indexOf("?");
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of new Set(params.keys())) if (SENSITIVE_QUERY.test(name)) params.set(name, "[redacted]");
  const query = params.toString().replaceAll("%5Bredacted%5D", "[redacted]");
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

/** pino's options for a process named `name`: pretty on a terminal, JSON lines otherwise. */
export function loggerOptions(name: string, level: string): LoggerOptions {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== "test" && !process.env.VITEST;
  return {
    name,
    level,
    redact: { paths: redactPaths, censor: "[redacted]" },
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } } } : {}),
  };
}

type LevelName = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/**
 * A request's logger, made only when something is written: Fastify gives every request a child of the
 * process's logger (bound to its request id), and pino builds a child's bindings and redaction every time, a
 * few percent of a cached read's CPU, for requests that mostly log nothing at all. Behaves as the child would.
 */
export class LazyChildLogger {
  private made: Logger | undefined;
  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: Record<string, unknown>,
  ) {}
  private get logger(): Logger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }
  private write(level: LevelName, args: unknown[]): void {
    if (!this.parent.isLevelEnabled(level)) return;
    (this.logger[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]) {
    this.write("fatal", args);
  }
  error(...args: unknown[]) {
    this.write("error", args);
  }
  warn(...args: unknown[]) {
    this.write("warn", args);
  }
  info(...args: unknown[]) {
    this.write("info", args);
  }
  debug(...args: unknown[]) {
    this.write("debug", args);
  }
  trace(...args: unknown[]) {
    this.write("trace", args);
  }
  silent() {}
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): Logger {
    return this.logger.child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return this.parent.isLevelEnabled(level);
  }
  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
}

export function createLogger(name: string, level = process.env.LOG_LEVEL || "info"): Logger {
  return pino(loggerOptions(name, level));
}
