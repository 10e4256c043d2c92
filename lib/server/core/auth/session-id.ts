import "server-only";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be a session id (so a forged claim never reaches a uuid cast). */
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
