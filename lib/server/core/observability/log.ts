import "server-only";
import { hostname } from "node:os";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * One JSON line per event on stdout (pino). Secrets never reach a line: call
 * sites pass chosen fields, never headers or bodies, and the redaction below
 * is the second fence should one ever slip into an object that is logged.
 */
const SECRET_KEYS = new Set(["authorization", "cookie", "password", "secret", "client_secret", "access_token", "token", "connectionString"]);
const CENSOR = "[redacted]";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The object with its secret values censored, copied only where one is found. */
function censorKeys<T extends Record<string, unknown>>(object: T, nested: (value: unknown) => unknown): T {
  let out: T | null = null;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    const replaced = SECRET_KEYS.has(key) ? CENSOR : nested(value);
    if (replaced === value) continue;
    out ??= (Array.isArray(object) ? [...object] : { ...object }) as T;
    out[key] = replaced as T[typeof key];
  }
  return out ?? object;
}

/**
 * A secret key's value censored at the top level and one level down (`token`, `*.token`), the paths pino's `redact`
 * took. pino 10's redact re-parsed its paths and copied the object on every line (a fifth of a read's allocations,
 * docs/api-adapter.md); this walks two levels of keys and copies only what it changes.
 */
export function redactSecrets<T extends Record<string, unknown>>(object: T): T {
  return censorKeys(object, (value) => (isObject(value) ? censorKeys(value, (inner) => inner) : value));
}

/** The app's logger shape; `destination` is stdout unless given (a test's stream). */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      // An unknown LOG_LEVEL would make pino throw on every request's log line: fall back to info.
      level: process.env.LOG_LEVEL && process.env.LOG_LEVEL in pino.levels.values ? process.env.LOG_LEVEL : "info",
      base: { instance: process.env.INSTANCE_NAME || `${hostname()}:${process.pid}` },
      formatters: { log: redactSecrets },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

const LOGGER = Symbol.for("harbour.logger");
type Holder = { [LOGGER]?: Logger };

/** Kept on globalThis: Next may load this module once per route bundle, and all share one stream. */
export function logger(): Logger {
  const holder = globalThis as Holder;
  return (holder[LOGGER] ??= createLogger());
}
