import { type Logger, pino } from "pino";

export type { Logger };

/** Paths never written to logs: tokens, passwords, secrets. */
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
];

export function createLogger(name: string, level = process.env.LOG_LEVEL || "info"): Logger {
  return pino({ name, level, redact: { paths: redactPaths, censor: "[redacted]" } });
}
