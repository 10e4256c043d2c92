import "server-only";
import { hostname } from "node:os";
import pino, { type Logger } from "pino";

/**
 * One JSON line per event on stdout (pino). Secrets never reach a line: call
 * sites pass chosen fields, never headers or bodies, and the redaction below
 * is the second fence should one ever slip into an object that is logged.
 */
const REDACT = [
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  "password",
  "*.password",
  "secret",
  "*.secret",
  "client_secret",
  "*.client_secret",
  "access_token",
  "*.access_token",
  "token",
  "*.token",
  "connectionString",
  "*.connectionString",
];

const LOGGER = Symbol.for("harbour.logger");
type Holder = { [LOGGER]?: Logger };

/** Kept on globalThis: Next may load this module once per route bundle, and all share one stream. */
export function logger(): Logger {
  const holder = globalThis as Holder;
  return (holder[LOGGER] ??= pino({
    // An unknown LOG_LEVEL would make pino throw on every request's log line: fall back to info.
    level: process.env.LOG_LEVEL && process.env.LOG_LEVEL in pino.levels.values ? process.env.LOG_LEVEL : "info",
    base: { instance: process.env.INSTANCE_NAME || `${hostname()}:${process.pid}` },
    redact: { paths: REDACT, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
  }));
}
